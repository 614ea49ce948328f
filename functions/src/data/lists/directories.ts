import type { SnapshotTimes } from '#domain/lists/directory-snapshot.ts';
import { logger } from '#platform/logger.ts';
import { TOMBSTONE_DAYS } from '../members/member-keys.ts';
import { nowIso } from '../table/table.ts';

/*
 * The lists in memory, per enabler (docs/architecture.md, "The member list at scale"): each warm
 * Lambda keeps the lists of the enablers it served, and catches up on every request with one Query of
 * each change timeline the list reads, since its last look. A new instance starts from the enabler's
 * snapshot (kept current by the lists worker) and catches up from the snapshot's time;
 * without a usable snapshot it reads the table. The member list (data/lists/member-directory.ts) and the
 * administrators' record tables (data/lists/record-directory.ts) are such lists.
 */

/** What a list is made of and read from. */
export interface DirectoryKind<Index> {
  /** What the logs call it ('member', 'contributions'…). */
  name: string;
  /** The enabler's snapshot, or undefined when there is none; throws when it is unreadable. */
  readSnapshot: (enablerId: string) => Promise<(SnapshotTimes & { index: Index }) | undefined>;
  /** When the enabler's snapshot was last rebuilt from the table, if there is one. */
  snapshotRebuiltAt: (enablerId: string) => Promise<string | undefined>;
  /** Every row of the enabler, read from the table. */
  fromTable: (enablerId: string) => Promise<Index>;
  /** Applies the changes at or after `since`; returns how many changed the index. */
  catchUp: (enablerId: string, index: Index, since: string) => Promise<number>;
  /** Rows held (a snapshot refresh's log). */
  sizeOf: (index: Index) => number;
}

interface Directory<Index> {
  index: Index;
  /** Every change before this instant is in the index; the catch-up reads from it, less the overlap. */
  seenUpTo: string;
  /** When the rows were last read in full from the table (here, or by the snapshot's builder). */
  rebuiltAt: string;
  /** When this instance last looked for a newer rebuild (ms). */
  checkedAt: number;
}

/**
 * Changes may reach the timeline this late after their instant (a transaction's retries, clock skew
 * between instances, index propagation): the catch-up reads them again.
 */
export const CATCH_UP_OVERLAP_MS = 10_000;
/** A warm instance looks this often for a newer full rebuild of the snapshot (one HEAD request). */
export const REBUILD_CHECK_MS = 15 * 60_000;
/** The snapshot is built again from a full read of the table this often, which repairs anything a catch-up missed. */
export const FULL_REBUILD_MS = 24 * 3_600_000;
/** The snapshot is written again after this long even when nothing changed, so catch-ups from it stay short. */
const REWRITE_UNCHANGED_MS = 3_600_000;
/**
 * A directory that last caught up longer ago than this may have missed a removal whose tombstone has
 * expired since: it is read anew.
 */
const TRUSTED_FOR_MS = (TOMBSTONE_DAYS - 2) * 86_400_000;

const trusted = (seenUpTo: string): boolean => Date.parse(seenUpTo) > Date.now() - TRUSTED_FOR_MS;

export interface SnapshotRefresh {
  rows: number;
  /** Changes applied since the previous snapshot (every row when rebuilt). */
  changes: number;
  rebuilt: boolean;
  /** Compressed size written, 0 when the snapshot was current and left as it was. */
  bytes: number;
}

const fromTable = async <Index>(
  kind: DirectoryKind<Index>,
  enablerId: string,
  now: number,
): Promise<Directory<Index>> => {
  // Changes made while the table is read have later instants: the first catch-up reads them.
  const startedAt = nowIso();
  const index = await kind.fromTable(enablerId);
  return { index, seenUpTo: startedAt, rebuiltAt: startedAt, checkedAt: now };
};

/** The enabler's snapshot; none when it is missing, unreadable or too old to trust. */
const usableSnapshot = async <Index>(kind: DirectoryKind<Index>, enablerId: string) => {
  try {
    const snapshot = await kind.readSnapshot(enablerId);
    return snapshot && trusted(snapshot.seenUpTo) ? snapshot : undefined;
  } catch (error) {
    // The table is slower to read but always right: a snapshot that fails is passed over, and logged.
    await logger.warn(`${kind.name} snapshot unusable`, { enablerId, error });
    return undefined;
  }
};

const fromSnapshot = <Index>(snapshot: SnapshotTimes & { index: Index }, now: number): Directory<Index> => ({
  index: snapshot.index,
  seenUpTo: snapshot.seenUpTo,
  rebuiltAt: snapshot.rebuiltAt,
  checkedAt: now,
});

/** Applies the changes since the directory's time (less the overlap); returns how many changed it. */
const catchUp = async <Index>(
  kind: DirectoryKind<Index>,
  enablerId: string,
  directory: Directory<Index>,
): Promise<number> => {
  const startedAt = nowIso();
  const since = new Date(Date.parse(directory.seenUpTo) - CATCH_UP_OVERLAP_MS).toISOString();
  const applied = await kind.catchUp(enablerId, directory.index, since);
  if (startedAt > directory.seenUpTo) directory.seenUpTo = startedAt;
  return applied;
};

/** The lists of one kind, per enabler, in this instance. */
export const directoriesOf = <Index>(kind: DirectoryKind<Index>) => {
  const directories = new Map<string, Directory<Index>>();
  /** Loads under way, shared by the requests that arrive meanwhile (the local server runs them at once). */
  const loads = new Map<string, Promise<Directory<Index>>>();

  const load = (enablerId: string, now: number): Promise<Directory<Index>> => {
    let loading = loads.get(enablerId);
    if (!loading) {
      loading = (async () => {
        const snapshot = await usableSnapshot(kind, enablerId);
        return snapshot ? fromSnapshot(snapshot, now) : fromTable(kind, enablerId, now);
      })();
      loads.set(enablerId, loading);
      void loading
        .then((directory) => directories.set(enablerId, directory))
        .finally(() => loads.delete(enablerId))
        .catch(() => undefined);
    }
    return loading;
  };

  /** True when the directory should be read anew: a newer full rebuild exists, or it is too old. */
  const outdated = async (enablerId: string, directory: Directory<Index>, now: number): Promise<boolean> => {
    if (!trusted(directory.seenUpTo)) return true;
    if (now - directory.checkedAt <= REBUILD_CHECK_MS) return false;
    directory.checkedAt = now;
    try {
      const rebuiltAt = await kind.snapshotRebuiltAt(enablerId);
      if (rebuiltAt) return rebuiltAt > directory.rebuiltAt;
    } catch (error) {
      await logger.warn(`${kind.name} snapshot not reachable`, { enablerId, error });
    }
    // No snapshot to repair from: the instance reads the table in full again now and then.
    return Date.parse(directory.rebuiltAt) < now - FULL_REBUILD_MS;
  };

  return {
    /** The enabler's list, up to date with the table. */
    current: async (enablerId: string, now = Date.now()): Promise<Index> => {
      let directory = directories.get(enablerId);
      if (!directory || (await outdated(enablerId, directory, now))) directory = await load(enablerId, now);
      await catchUp(kind, enablerId, directory);
      return directory.index;
    },

    /** Read-your-writes: a write hands its change to this instance's list of the enabler, if it has one. */
    update: (enablerId: string, change: (index: Index) => void): void => {
      const directory = directories.get(enablerId);
      if (directory) change(directory.index);
    },

    /** Forgets every list (tests, and the bench's new instances). */
    forgetAll: (): void => directories.clear(),
  };
};

/**
 * Brings the enabler's snapshot of a list up to date (the lists worker): the previous
 * snapshot plus the changes since its time, or a full read of the table when there is none or its
 * last full read is older than FULL_REBUILD_MS. Any two runs may overlap: each writes a snapshot that is
 * right as of its own time. Apart from directoriesOf, so that a list's function bundles no writer.
 */
export const refreshSnapshot = async <Index>(
  kind: DirectoryKind<Index>,
  writeSnapshot: (index: Index, times: SnapshotTimes) => Promise<number>,
  enablerId: string,
  now = Date.now(),
): Promise<SnapshotRefresh> => {
  const snapshot = await usableSnapshot(kind, enablerId);
  const current =
    snapshot && Date.parse(snapshot.rebuiltAt) > now - FULL_REBUILD_MS
      ? fromSnapshot(snapshot, now)
      : undefined;
  const directory = current ?? (await fromTable(kind, enablerId, now));
  const applied = await catchUp(kind, enablerId, directory);
  const rows = kind.sizeOf(directory.index);
  const changes = current ? applied : rows;
  if (snapshot && current && applied === 0 && Date.parse(snapshot.seenUpTo) > now - REWRITE_UNCHANGED_MS)
    return { rows, changes, rebuilt: false, bytes: 0 };
  const bytes = await writeSnapshot(directory.index, {
    enablerId,
    seenUpTo: directory.seenUpTo,
    rebuiltAt: directory.rebuiltAt,
  });
  return { rows, changes, rebuilt: !current, bytes };
};
