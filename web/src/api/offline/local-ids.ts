/** A member or plot the device created: its id until the server numbers it. */
export const LOCAL_ID_PREFIX = 'local-';
export const newLocalId = (): string => `${LOCAL_ID_PREFIX}${crypto.randomUUID()}`;
export const isLocalId = (id: string): boolean => id.startsWith(LOCAL_ID_PREFIX);
