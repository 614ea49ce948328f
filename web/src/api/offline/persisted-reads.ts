import type { Query, QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
} from '@tanstack/query-persist-client-core';
import { bankFields } from '../members.ts';
import { queryKeys } from '../query-keys.ts';
import { deleteDeviceRecord, deviceKeys, readDeviceRecord, writeDeviceRecord } from './device-store.ts';
import { isLocalId } from './queued-writes.ts';

/** Raised when the answers' shapes change: a device's older reads are then dropped, not misread. */
export const READS_VERSION = '1';
/** A field agent's session lasts at most 30 days: reads older than that belong to no session left. */
export const READS_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The reads an agent needs offline: the members (list pages, members, plots), the app's config, the enabler. */
const keptPrefixes: readonly string[] = [
  queryKeys.members.all[0],
  queryKeys.appConfig[0],
  queryKeys.myEnabler[0],
];

export const isKeptRead = (query: Pick<Query, 'queryKey' | 'state'>): boolean =>
  query.state.status === 'success' &&
  keptPrefixes.includes(String(query.queryKey[0])) &&
  // A record the device created lives in the queue, not in the reads.
  !query.queryKey.some((part) => typeof part === 'string' && isLocalId(part));

const bankFieldNames: readonly string[] = bankFields;

/** A copy of any answer without a member's bank details (their fields kept, empty). */
export function withoutBankDetails<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutBankDetails) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      bankFieldNames.includes(name) ? null : withoutBankDetails(field as unknown),
    ]),
  ) as T;
}

interface StoredReads {
  account: string;
  client: PersistedClient;
}

/**
 * The reads of one account, stored without bank details; another account's are dropped, not shown.
 * `keeping` turns false at sign-out: a save the throttle still holds then writes nothing.
 */
const persisterFor = (account: string, keeping: () => boolean = () => true) =>
  createAsyncStoragePersister({
    storage: {
      getItem: (key) => readDeviceRecord<string>(key).then((value) => value ?? null),
      setItem: (key, value: string) => (keeping() ? writeDeviceRecord(key, value) : Promise.resolve()),
      removeItem: (key) => deleteDeviceRecord(key),
    },
    key: deviceKeys.queryCache,
    // One write a second at most, however many reads arrive.
    throttleTime: 1000,
    serialize: (client) =>
      JSON.stringify({ account, client: withoutBankDetails(client) } satisfies StoredReads),
    deserialize: (text) => {
      const stored = JSON.parse(text) as StoredReads;
      if (stored.account !== account) throw new Error('The kept reads are another account’s');
      return stored.client;
    },
  });

/** Keeps the account's reads on the device as they arrive; answers the function that stops it. */
export function keepReads(queryClient: QueryClient, account: string): () => void {
  let keeping = true;
  const unsubscribe = persistQueryClientSubscribe({
    queryClient,
    persister: persisterFor(account, () => keeping),
    buster: READS_VERSION,
    dehydrateOptions: { shouldDehydrateQuery: isKeptRead },
  });
  return () => {
    keeping = false;
    unsubscribe();
  };
}

/**
 * Puts the account's kept reads into the cache (offline), each with the time it was read; a read the
 * cache holds already, newer, stays. Reads of another account, too old or of another version are dropped.
 */
export const restoreReads = (queryClient: QueryClient, account: string): Promise<void> =>
  persistQueryClientRestore({
    queryClient,
    persister: persisterFor(account),
    buster: READS_VERSION,
    maxAge: READS_MAX_AGE_MS,
  }).catch(() => undefined);

/** Sign-out: the reads leave the device. */
export const forgetReads = (): Promise<void> => deleteDeviceRecord(deviceKeys.queryCache);
