import type { AdminList } from '@cpbo/schemas/admin-list-query.ts';
import { BadSnapshotError } from '#domain/directory-snapshot.ts';
import { RecordIndex, type RecordEntries } from '#domain/record-list.ts';
import { decodeRecordSnapshot, encodeRecordSnapshot } from '#domain/record-snapshot.ts';
import { directoriesOf, type DirectoryKind, type SnapshotRefresh } from './directories.ts';
import { readSnapshotBytes, snapshotRebuiltAt, writeSnapshotBytes } from './directory-snapshots.ts';
import { allRecordListChanges, recordListChangesSince } from './record-timeline.ts';

/**
 * The administrators' tables of plots, contributions, payouts and cashouts of each enabler an instance
 * served, in memory (data/directories.ts), from their snapshots and change timelines.
 */

/** One object per enabler and list in the member directory bucket, gzip-compressed. */
const snapshotKey = (list: AdminList, enablerId: string): string =>
  `records/${enablerId}/${list}.snapshot.gz`;

const kindOf = <List extends AdminList>(list: List): DirectoryKind<RecordIndex<List>> => ({
  name: list,
  readSnapshot: async (enablerId) => {
    const bytes = await readSnapshotBytes(snapshotKey(list, enablerId));
    if (!bytes) return undefined;
    const snapshot = decodeRecordSnapshot(list, bytes);
    if (snapshot.enablerId !== enablerId) throw new BadSnapshotError('another enabler');
    return { ...snapshot, index: RecordIndex.fromData(list, snapshot) };
  },
  snapshotRebuiltAt: (enablerId) => snapshotRebuiltAt(snapshotKey(list, enablerId)),
  writeSnapshot: (index, times) =>
    writeSnapshotBytes(
      snapshotKey(list, times.enablerId),
      encodeRecordSnapshot(list, { ...times, ...index.toListData() }),
      times,
      { records: String(index.size) },
    ),
  fromTable: async (enablerId) => RecordIndex.fromChanges(list, await allRecordListChanges(list, enablerId)),
  catchUp: async (enablerId, index, since) => {
    let applied = 0;
    for (const change of await recordListChangesSince(list, enablerId, since))
      if (index.apply(change)) applied += 1;
    return applied;
  },
  sizeOf: (index) => index.size,
});

const lists = {
  plots: directoriesOf(kindOf('plots')),
  contributions: directoriesOf(kindOf('contributions')),
  payouts: directoriesOf(kindOf('payouts')),
  cashouts: directoriesOf(kindOf('cashouts')),
};

type Directories<List extends AdminList> = ReturnType<typeof directoriesOf<RecordIndex<List>>>;
const listOf = <List extends AdminList>(list: List) => lists[list] as unknown as Directories<List>;

/** The enabler's list, up to date with the table. */
export const recordDirectory = <List extends AdminList>(
  list: List,
  enablerId: string,
  now = Date.now(),
): Promise<RecordIndex<List>> => listOf(list).current(enablerId, now);

/** Read-your-writes: a write hands its record as written to this instance's list at once. */
export const rememberRecord = <List extends AdminList>(
  list: List,
  enablerId: string,
  entry: RecordEntries[List],
): void => listOf(list).update(enablerId, (index) => index.apply({ type: 'record', entry }));

/** Read-your-writes for a removal (at an instant at or after its tombstone's). */
export const forgetRecord = (list: AdminList, enablerId: string, recordId: string, removedAt: string): void =>
  listOf(list).update(enablerId, (index) => index.remove(recordId, removedAt));

/** Forgets every list (tests, and the bench's new instances). */
export const forgetRecordDirectories = (): void => {
  for (const directories of Object.values(lists)) directories.forgetAll();
};

/** Brings the enabler's snapshot of a list up to date (the member-directory worker). */
export const refreshRecordSnapshot = (
  list: AdminList,
  enablerId: string,
  now = Date.now(),
): Promise<SnapshotRefresh> => lists[list].refreshSnapshot(enablerId, now);
