import { adminListSortFields, type AdminList } from '@cpbo/schemas/admin-list-query.ts';
import {
  decodeSnapshot,
  encodeSnapshot,
  type SnapshotLayout,
  type SnapshotTimes,
} from './directory-snapshot.ts';
import { nameTablesOf, recordColumnsOf, type RecordListData, type RecordListReaders } from './record-list.ts';

/*
 * A snapshot of an enabler's list of plots, contributions, payouts or cashouts (domain/lists/record-list.ts):
 * its rows, its sort orders, and the member and plot names its rows join (domain/lists/directory-snapshot.ts).
 */

const layoutOf = (list: AdminList): SnapshotLayout => ({
  format: `cpbo-${list}-snapshot`,
  version: 1,
  columns: recordColumnsOf(list),
  sortFields: adminListSortFields[list],
  tables: nameTablesOf(list),
});

export type RecordSnapshot = RecordListReaders & SnapshotTimes;

/** The snapshot as bytes (compressed by the caller). */
export const encodeRecordSnapshot = (list: AdminList, snapshot: RecordListData & SnapshotTimes): Buffer =>
  encodeSnapshot(layoutOf(list), snapshot);

/** The snapshot in `bytes` (decompressed); BadSnapshotError when they are not one of this list. */
export const decodeRecordSnapshot = (list: AdminList, bytes: Buffer): RecordSnapshot =>
  decodeSnapshot(layoutOf(list), bytes);
