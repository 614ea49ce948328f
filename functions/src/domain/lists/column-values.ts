/* A column's values as an index and a snapshot both read them. */

/**
 * The values of one column, read row by row. Arrays and typed arrays are such; a snapshot's reader
 * gives text and dictionary-coded columns that make each value only when it is read, so a new instance
 * does not build half a million strings it may never need.
 */
export interface ColumnValues<T> {
  readonly length: number;
  at(row: number): T | undefined;
}

/** Instants whose milliseconds are read without making their text (an index's instant columns). */
export interface InstantValues extends ColumnValues<string | null> {
  /** The row's milliseconds (NaN for null); undefined when its text does not read back from them. */
  millisecondsAt(row: number): number | undefined;
}

/** A value's milliseconds when it is an instant that reads back as it is written from them (NaN: null). */
export const exactMilliseconds = (value: unknown): number | undefined => {
  if (value === null) return Number.NaN;
  if (typeof value !== 'string') return undefined;
  const milliseconds = Date.parse(value);
  return !Number.isNaN(milliseconds) && new Date(milliseconds).toISOString() === value
    ? milliseconds
    : undefined;
};
