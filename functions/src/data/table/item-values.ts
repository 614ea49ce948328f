/** An item's optional attribute as the app's types hold it: absent from the item is null. */
export const orNull = <T>(value: unknown): T | null => (value === undefined ? null : (value as T));
