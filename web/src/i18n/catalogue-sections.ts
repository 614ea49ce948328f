/**
 * The sections of the app's catalogue (src/i18n/<language>.json) that only signed-in screens show: they
 * come with the signed-in frame, not with the login page (build/catalogue-sections.ts splits the file
 * at build time; a test checks the split against the catalogue).
 */
export const signedInSections = ['home', 'account', 'members', 'plots'] as const;

/** Which part of a catalogue file an import asks for (`../en.json?sections=signedIn`). */
export type CatalogueSections = 'first' | 'signedIn';

/** The part of a catalogue: the signed-in screens' sections, or every other ('first', the login page's). */
export const catalogueSections = (
  catalogue: Record<string, unknown>,
  part: CatalogueSections,
): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(catalogue).filter(
      ([section]) => (signedInSections as readonly string[]).includes(section) === (part === 'signedIn'),
    ),
  );
