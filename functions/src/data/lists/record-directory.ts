import { randomUUID } from 'node:crypto';
import type { AdminList, AdminListSortField } from '@cpbo/schemas/admin-list-query.ts';
import { BadSnapshotError, type SnapshotTimes } from '#domain/lists/directory-snapshot.ts';
import { RecordIndex, type RecordEntries } from '#domain/lists/record-list.ts';
import {
  recordOrderPieces,
  recordOrderReader,
  recordOrdersApart,
  recordSnapshotPieces,
  recordSnapshotReader,
} from '#domain/lists/record-snapshot.ts';
import { logger } from '#platform/logger.ts';
import {
  CATCH_UP_OVERLAP_MS,
  directoriesOf,
  refreshSnapshot,
  type DirectoryKind,
  type SnapshotRefresh,
} from './directories.ts';
import { readSnapshotInto, snapshotRebuiltAt, writeSnapshotBytes } from './directory-snapshots.ts';
import { readRecordList, recordListChangesSince } from './record-timeline.ts';
import { nowIso } from '../table/table.ts';

/**
 * The administrators' tables of plots, contributions, payouts and cashouts of each enabler an instance
 * served, in memory (data/lists/directories.ts), from their snapshots and change timelines.
 */

/** One object per enabler and list in the member directory bucket, gzip-compressed. */
const snapshotKey = (list: AdminList, enablerId: string): string =>
  `records/${enablerId}/${list}.snapshot.gz`;

/** Beside it, one object per sort order the snapshot keeps apart. */
const orderKey = (list: AdminList, enablerId: string, field: string): string =>
  `records/${enablerId}/${list}.order.${field}.gz`;

/** A list loaded from a snapshot whose orders are apart: which, the generation they must carry, and for which rows. */
interface OrdersApart {
  enablerId: string;
  generation: string;
  fields: readonly string[];
  /** The index's numbering of the rows as loaded. */
  numbering: number;
  /** Each order's read, once (a failed one leaves the index to sort by itself). */
  reads: Map<string, Promise<void>>;
}

const ordersApart = new WeakMap<object, OrdersApart>();

/** Gives the index the order of `field` its snapshot kept apart, if it has one and needs it. */
const withOrder = async <List extends AdminList>(
  list: List,
  index: RecordIndex<List>,
  field: AdminListSortField<List>,
): Promise<void> => {
  const apart = ordersApart.get(index);
  if (!apart || !apart.fields.includes(field) || index.hasOrder(field)) return;
  let read = apart.reads.get(field);
  if (!read) {
    read = (async () => {
      const { enablerId, generation, numbering } = apart;
      try {
        const reader = recordOrderReader(list, field);
        if (!(await readSnapshotInto(orderKey(list, enablerId, field), reader))) return;
        const order = reader.finish();
        // An order of another writing (a refresh between the two reads) fits other rows.
        if (order.generation === generation) index.adoptOrder(field, order.rows, numbering);
      } catch (error) {
        await logger.warn(`${list} order unusable`, { enablerId, field, error });
      }
    })();
    apart.reads.set(field, read);
  }
  await read;
};

/**
 * A list reads the changes of its records at every request, and those of the names it shows (its
 * members', its plots') at most this often: names change seldom, and one Query per request instead of
 * two or three keeps a warm page near a bare Query. A rename shows within this, plus the index's lag.
 */
export const NAMES_CATCH_UP_MS = 1000;

/** When each list in memory last read its names' changes, and from which instant it has them all. */
const namesRead = new WeakMap<object, { at: number; seenUpTo: string }>();

/** The instant the names' catch-up reads from: none while the last one is recent. */
const namesSince = (index: object, since: string, now: number): string | undefined => {
  const read = namesRead.get(index);
  if (!read) return since;
  if (now - read.at < NAMES_CATCH_UP_MS) return undefined;
  return new Date(Date.parse(read.seenUpTo) - CATCH_UP_OVERLAP_MS).toISOString();
};

const kindOf = <List extends AdminList>(list: List): DirectoryKind<RecordIndex<List>> => ({
  name: list,
  readSnapshot: async (enablerId) => {
    const reader = recordSnapshotReader(list);
    if (!(await readSnapshotInto(snapshotKey(list, enablerId), reader))) return undefined;
    const snapshot = reader.finish();
    if (snapshot.enablerId !== enablerId) throw new BadSnapshotError('another enabler');
    const index = RecordIndex.fromData(list, snapshot);
    if (snapshot.ordersApart)
      ordersApart.set(index, {
        enablerId,
        ...snapshot.ordersApart,
        numbering: index.numbering,
        reads: new Map(),
      });
    return { ...snapshot, index };
  },
  snapshotRebuiltAt: (enablerId) => snapshotRebuiltAt(snapshotKey(list, enablerId)),
  fromTable: async (enablerId) => {
    const builder = RecordIndex.builder(list);
    await readRecordList(list, enablerId, builder);
    return builder.build();
  },
  catchUp: async (enablerId, index, since) => {
    const now = Date.now();
    const startedAt = nowIso();
    const names = namesSince(index, since, now);
    let applied = 0;
    for (const change of await recordListChangesSince(list, enablerId, since, names))
      if (index.apply(change)) applied += 1;
    if (names !== undefined) namesRead.set(index, { at: now, seenUpTo: startedAt });
    return applied;
  },
  sizeOf: (index) => index.size,
});

const kinds = {
  plots: kindOf('plots'),
  contributions: kindOf('contributions'),
  payouts: kindOf('payouts'),
  cashouts: kindOf('cashouts'),
};
const lists = {
  plots: directoriesOf(kinds.plots),
  contributions: directoriesOf(kinds.contributions),
  payouts: directoriesOf(kinds.payouts),
  cashouts: directoriesOf(kinds.cashouts),
};

type Directories<List extends AdminList> = ReturnType<typeof directoriesOf<RecordIndex<List>>>;
const listOf = <List extends AdminList>(list: List) => lists[list] as unknown as Directories<List>;

/** The enabler's list, up to date with the table, with the order of `sortField` ready. */
export const recordDirectory = async <List extends AdminList>(
  list: List,
  enablerId: string,
  sortField: AdminListSortField<List>,
  now = Date.now(),
): Promise<RecordIndex<List>> => {
  const index = await listOf(list).current(enablerId, now);
  await withOrder(list, index, sortField);
  return index;
};

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

/**
 * Stores a list's snapshot (the lists worker; the bench's lists built from synthetic records): its
 * orders apart first, each under the generation of this writing, then the snapshot that names it.
 * Returns the compressed size of all.
 */
export const writeRecordSnapshot = async <List extends AdminList>(
  list: List,
  index: RecordIndex<List>,
  times: SnapshotTimes,
): Promise<number> => {
  const apart = recordOrdersApart(list) as AdminListSortField<List>[];
  // A refresh takes the orders it loaded apart rather than sorting them again.
  for (const field of apart) await withOrder(list, index, field);
  const generation = randomUUID();
  const data = index.toListData();
  let bytes = 0;
  for (const field of apart) {
    const rows = data.orders[field];
    if (rows)
      bytes += await writeSnapshotBytes(
        orderKey(list, times.enablerId, field),
        recordOrderPieces(list, { generation, field, rows }),
        times,
        { rows: String(rows.length) },
      );
  }
  return (
    bytes +
    (await writeSnapshotBytes(
      snapshotKey(list, times.enablerId),
      recordSnapshotPieces(list, { ...times, generation, ...data }),
      times,
      { records: String(index.size) },
    ))
  );
};

/** Brings the enabler's snapshot of a list up to date (the lists worker). */
export const refreshRecordSnapshot = <List extends AdminList>(
  list: List,
  enablerId: string,
  now = Date.now(),
): Promise<SnapshotRefresh> =>
  refreshSnapshot(
    kinds[list] as unknown as DirectoryKind<RecordIndex<List>>,
    (index, times) => writeRecordSnapshot(list, index, times),
    enablerId,
    now,
  );
