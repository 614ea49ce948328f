import type { DehydratedState, Query, QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { bankFields } from '../members.ts';
import { queryKeys } from '../query-keys.ts';
import { changeDeviceRecord, deleteDeviceRecord, deviceKeys, readDeviceRecord } from './device-store.ts';
import { isLocalId } from './local-ids.ts';

/** Raised when the answers' shapes change: a device's older reads are then dropped, not misread. */
export const READS_VERSION = '1';
/** A field agent's session lasts at most 30 days: reads older than that belong to no session left. */
export const READS_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** The most reads kept (the newest): a few hundred members and list pages, well under a megabyte. */
export const MAX_KEPT_READS = 400;
/** At most one write of the reads a second after the first, however many arrive. */
const SAVE_DELAY_MS = 1000;

/**
 * The reads an agent needs offline: the members (list pages, members, plots) and the enabler (the
 * environment's label keeps itself: api/environment-label.ts).
 */
const keptPrefixes: readonly string[] = [queryKeys.members.all[0], queryKeys.myEnabler[0]];

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

/**
 * The reads of this page's cache joined to those kept from earlier pages of the session (each page starts
 * with an empty cache, and a member read yesterday must stay readable offline): the newer of a read kept
 * twice, none older than `now - READS_MAX_AGE_MS`, at most MAX_KEPT_READS, newest first.
 */
export function mergeReads(
  kept: DehydratedState | undefined,
  current: DehydratedState,
  now: number,
): DehydratedState {
  const byHash = new Map<string, DehydratedState['queries'][number]>();
  for (const query of [...(kept?.queries ?? []), ...current.queries]) {
    const held = byHash.get(query.queryHash);
    if (!held || query.state.dataUpdatedAt >= held.state.dataUpdatedAt) byHash.set(query.queryHash, query);
  }
  const queries = [...byHash.values()]
    .filter((query) => now - query.state.dataUpdatedAt <= READS_MAX_AGE_MS)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, MAX_KEPT_READS);
  return { mutations: [], queries };
}

interface StoredReads {
  account: string;
  client: PersistedClient;
}

/**
 * The reads of one account in IndexedDB, without bank details, joined to those kept before; another
 * account's are dropped, never shown. `keeping` turns false at sign-out: a save still waiting writes nothing.
 */
const persisterFor = (
  account: string,
  keeping: () => boolean = () => true,
): Persister & { flush: () => void } => {
  let waiting: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The cache changes far more often than what it keeps (a fetch starting, an observer added): only a
  // kept read arriving is worth a write.
  let savedReads = '';
  const save = () => {
    const client = waiting;
    waiting = undefined;
    if (!client || !keeping()) return;
    void changeDeviceRecord<StoredReads | undefined>(deviceKeys.queryCache, (stored) => {
      const kept =
        stored?.account === account && stored.client.buster === client.buster ? stored.client : undefined;
      const clientState = mergeReads(
        kept?.clientState,
        withoutBankDetails(client.clientState),
        client.timestamp,
      );
      return { account, client: { ...client, clientState } };
    }).catch(() => undefined);
  };
  // The first change is saved at once (a read just shown survives a reload that follows it); the ones
  // during the next second wait for its end and are saved together.
  const rest = () => {
    timer = undefined;
    if (waiting) {
      save();
      timer = setTimeout(rest, SAVE_DELAY_MS);
    }
  };
  return {
    persistClient: (client) => {
      const reads = client.clientState.queries
        .map((query) => `${query.queryHash}@${query.state.dataUpdatedAt}`)
        .join();
      if (reads === savedReads) return;
      savedReads = reads;
      waiting = client;
      if (timer) return;
      save();
      timer = setTimeout(rest, SAVE_DELAY_MS);
    },
    restoreClient: async () => {
      const stored = await readDeviceRecord<StoredReads>(deviceKeys.queryCache);
      return stored?.account === account ? stored.client : undefined;
    },
    removeClient: () => deleteDeviceRecord(deviceKeys.queryCache),
    /** Saves what waits now (the page is going away). */
    flush: save,
  };
};

/** Keeps the account's reads on the device as they arrive; answers the function that stops it. */
export function keepReads(queryClient: QueryClient, account: string): () => void {
  let keeping = true;
  const persister = persisterFor(account, () => keeping);
  const unsubscribe = persistQueryClientSubscribe({
    queryClient,
    persister,
    buster: READS_VERSION,
    dehydrateOptions: { shouldDehydrateQuery: isKeptRead },
  });
  // A reload or another address within the second: what waits is saved as the page goes.
  window.addEventListener('pagehide', persister.flush);
  return () => {
    keeping = false;
    window.removeEventListener('pagehide', persister.flush);
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
