import { createStore, del, get, update, type UseStore } from 'idb-keyval';

/**
 * The device's own records, in one IndexedDB store: each account's queue of writes, the last session
 * (to open the app offline) and the persisted cache of reads. Opened at first use, so that a page that
 * keeps nothing here (the login page) never opens the database.
 */
let store: UseStore | undefined;
const deviceStore = (): UseStore => (store ??= createStore('cpbo-offline', 'records'));

export const deviceKeys = {
  outbox: (account: string) => `outbox|${account}`,
  session: 'session',
  queryCache: 'query-cache',
} as const;

export const readDeviceRecord = <T>(key: string): Promise<T | undefined> => get<T>(key, deviceStore());

/** Reads, changes and writes a record in one transaction (another tab's change in between is kept). */
export const changeDeviceRecord = <T>(key: string, change: (stored: T | undefined) => T): Promise<void> =>
  update<T>(key, change, deviceStore());

export const writeDeviceRecord = <T>(key: string, value: T): Promise<void> =>
  changeDeviceRecord<T>(key, () => value);

export const deleteDeviceRecord = (key: string): Promise<void> => del(key, deviceStore());
