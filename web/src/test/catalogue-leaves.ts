/** A translation catalogue: texts, grouped by key. */
export type Catalogue = { [key: string]: string | Catalogue };

/** Every leaf key as a dotted path, e.g. 'login.forgot.title'. */
export const leafKeys = (catalogue: Catalogue, prefix = ''): string[] =>
  Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );

/** The text at a dotted path, or what stands there instead (a group, nothing). */
export const leafValue = (catalogue: Catalogue, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Catalogue | undefined)?.[key], catalogue);
