import { MemberIndex, type MemberSummary } from '#domain/member-list.ts';
import type { MemberSnapshot } from '#domain/member-snapshot.ts';
import { logger } from '#platform/logger.ts';
import { MEMBER_TOMBSTONE_DAYS } from './member-keys.ts';
import { memberSnapshotRebuiltAt, readMemberSnapshot, writeMemberSnapshot } from './member-snapshots.ts';
import { allMembersOf, memberChangesSince } from './member-timeline.ts';
import { nowIso } from './table.ts';

/**
 * Each warm Lambda keeps the members of the enablers it served in memory, and catches up on every
 * request with one Query of the change timeline since its last look (docs/architecture.md, "The member list at
 * scale"). A new instance starts from the enabler's snapshot (kept current by the member-directory
 * worker) and catches up from the snapshot's time; without a usable snapshot it reads the table.
 */
interface Directory {
  index: MemberIndex;
  /** Every change before this instant is in the index; the catch-up reads from it, less the overlap. */
  seenUpTo: string;
  /** When the members were last read in full from the table (here, or by the snapshot's builder). */
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
const TRUSTED_FOR_MS = (MEMBER_TOMBSTONE_DAYS - 2) * 86_400_000;

const directories = new Map<string, Directory>();
/** Loads under way, shared by the requests that arrive meanwhile (the local server runs them at once). */
const loads = new Map<string, Promise<Directory>>();

const fromTable = async (enablerId: string, now: number): Promise<Directory> => {
  // Changes made while the table is read have later instants: the first catch-up reads them.
  const startedAt = nowIso();
  const index = MemberIndex.fromSummaries(await allMembersOf(enablerId));
  return { index, seenUpTo: startedAt, rebuiltAt: startedAt, checkedAt: now };
};

const fromSnapshot = (snapshot: MemberSnapshot, now: number): Directory => ({
  index: MemberIndex.fromData(snapshot),
  seenUpTo: snapshot.seenUpTo,
  rebuiltAt: snapshot.rebuiltAt,
  checkedAt: now,
});

const trusted = (seenUpTo: string): boolean => Date.parse(seenUpTo) > Date.now() - TRUSTED_FOR_MS;

/** The enabler's snapshot; none when it is missing, unreadable or too old to trust. */
const usableSnapshot = async (enablerId: string): Promise<MemberSnapshot | undefined> => {
  try {
    const snapshot = await readMemberSnapshot(enablerId);
    return snapshot && trusted(snapshot.seenUpTo) ? snapshot : undefined;
  } catch (error) {
    // The table is slower to read but always right: a snapshot that fails is passed over, and logged.
    await logger.warn('member snapshot unusable', { enablerId, error });
    return undefined;
  }
};

/** Applies the changes since the directory's time (less the overlap); returns how many changed it. */
const catchUp = async (enablerId: string, directory: Directory): Promise<number> => {
  const startedAt = nowIso();
  const since = new Date(Date.parse(directory.seenUpTo) - CATCH_UP_OVERLAP_MS).toISOString();
  let applied = 0;
  for (const change of await memberChangesSince(enablerId, since))
    if (directory.index.apply(change)) applied += 1;
  if (startedAt > directory.seenUpTo) directory.seenUpTo = startedAt;
  return applied;
};

const load = (enablerId: string, now: number): Promise<Directory> => {
  let loading = loads.get(enablerId);
  if (!loading) {
    loading = (async () => {
      const snapshot = await usableSnapshot(enablerId);
      return snapshot ? fromSnapshot(snapshot, now) : fromTable(enablerId, now);
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
const outdated = async (enablerId: string, directory: Directory, now: number): Promise<boolean> => {
  if (!trusted(directory.seenUpTo)) return true;
  if (now - directory.checkedAt <= REBUILD_CHECK_MS) return false;
  directory.checkedAt = now;
  try {
    const rebuiltAt = await memberSnapshotRebuiltAt(enablerId);
    if (rebuiltAt) return rebuiltAt > directory.rebuiltAt;
  } catch (error) {
    await logger.warn('member snapshot not reachable', { enablerId, error });
  }
  // No snapshot to repair from: the instance reads the table in full again now and then.
  return Date.parse(directory.rebuiltAt) < now - FULL_REBUILD_MS;
};

/** The enabler's members, up to date with the table. */
export const memberDirectory = async (enablerId: string, now = Date.now()): Promise<MemberIndex> => {
  let directory = directories.get(enablerId);
  if (!directory || (await outdated(enablerId, directory, now))) directory = await load(enablerId, now);
  await catchUp(enablerId, directory);
  return directory.index;
};

/** Read-your-writes: a write hands its new summary to this instance's directory at once. */
export const rememberMember = (enablerId: string, summary: MemberSummary): void => {
  directories.get(enablerId)?.index.upsert(summary);
};

/** Read-your-writes for a removal (at the instant of its tombstone). */
export const forgetMember = (enablerId: string, memberId: string, removedAt: string): void => {
  directories.get(enablerId)?.index.remove(memberId, removedAt);
};

/** Forgets every directory (tests, and the bench's new instances). */
export const forgetMemberDirectories = (): void => directories.clear();

export interface SnapshotRefresh {
  members: number;
  /** Changes applied since the previous snapshot (every member when rebuilt). */
  changes: number;
  rebuilt: boolean;
  /** Compressed size written, 0 when the snapshot was current and left as it was. */
  bytes: number;
}

/**
 * Brings the enabler's snapshot up to date: the previous snapshot plus the changes since its time, or
 * a full read of the table when there is none or its last full read is older than FULL_REBUILD_MS.
 * Any two runs may overlap: each writes a snapshot that is right as of its own time.
 */
export const refreshMemberSnapshot = async (
  enablerId: string,
  now = Date.now(),
): Promise<SnapshotRefresh> => {
  const snapshot = await usableSnapshot(enablerId);
  const current =
    snapshot && Date.parse(snapshot.rebuiltAt) > now - FULL_REBUILD_MS
      ? fromSnapshot(snapshot, now)
      : undefined;
  const directory = current ?? (await fromTable(enablerId, now));
  const applied = await catchUp(enablerId, directory);
  const members = directory.index.size;
  const changes = current ? applied : members;
  if (snapshot && current && applied === 0 && Date.parse(snapshot.seenUpTo) > now - REWRITE_UNCHANGED_MS)
    return { members, changes, rebuilt: false, bytes: 0 };
  const bytes = await writeMemberSnapshot({
    enablerId,
    seenUpTo: directory.seenUpTo,
    rebuiltAt: directory.rebuiltAt,
    ...directory.index.toData(),
  });
  return { members, changes, rebuilt: !current, bytes };
};
