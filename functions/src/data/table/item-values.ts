/** An item's optional attribute as the app's types hold it: absent from the item is null. */
export const orNull = <T>(value: unknown): T | null => (value === undefined ? null : (value as T));

/**
 * How the attributes of a stored item are read, by the names of each kind: one reader for every
 * item's plain attributes, so that an entity's reader lists only its names and its own cases.
 */
export interface ItemShape<
  Text extends string,
  Num extends string,
  Optional extends string,
  Count extends string,
  Blankable extends string,
> {
  /** Strings always stored. */
  text?: readonly Text[];
  /** Numbers always stored. */
  number?: readonly Num[];
  /** Strings that may be absent: null then. */
  optional?: readonly Optional[];
  /** Counts and sums that may be absent (older items, nothing counted yet): 0 then. */
  count?: readonly Count[];
  /** Strings that may be absent or stored empty (an imported member's blank cell): null then. */
  blankable?: readonly Blankable[];
}

export type ItemFields<
  Text extends string,
  Num extends string,
  Optional extends string,
  Count extends string,
  Blankable extends string,
> = { [Name in Text]: string } & { [Name in Num]: number } & {
  [Name in Optional | Blankable]: string | null;
} & {
  [Name in Count]: number;
};

/**
 * The attributes of an item named in the shape, as the app's types hold them. The names come from the
 * shape alone (the type the caller expects infers none): a name the shape leaves out is a type error,
 * not a field the type promises and the item lacks.
 */
export const readItem = <
  Text extends string = never,
  Num extends string = never,
  Optional extends string = never,
  Count extends string = never,
  Blankable extends string = never,
>(
  item: Record<string, unknown>,
  shape: ItemShape<Text, Num, Optional, Count, Blankable>,
): NoInfer<ItemFields<Text, Num, Optional, Count, Blankable>> => {
  const fields: Record<string, unknown> = {};
  for (const name of [...(shape.text ?? []), ...(shape.number ?? [])]) fields[name] = item[name];
  for (const name of shape.optional ?? []) fields[name] = orNull(item[name]);
  for (const name of shape.count ?? []) fields[name] = item[name] ?? 0;
  for (const name of shape.blankable ?? []) {
    const value = item[name];
    fields[name] = typeof value === 'string' && value !== '' ? value : null;
  }
  return fields as ItemFields<Text, Num, Optional, Count, Blankable>;
};
