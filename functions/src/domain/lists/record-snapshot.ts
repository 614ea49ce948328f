import { adminListSortFields, type AdminList } from '@cpbo/schemas/admin-list-query.ts';
import {
  decodeSnapshot,
  encodeSnapshot,
  encodeOrderPieces,
  encodeSnapshotPieces,
  orderReader,
  SnapshotReader,
  type DecodedSnapshot,
  type OrderApart,
  type SnapshotLayout,
  type SnapshotTimes,
} from './directory-snapshot.ts';
import {
  nameTablesOf,
  snapshotColumnsOf,
  type RecordListData,
  type RecordListReaders,
} from './record-list.ts';

/*
 * A snapshot of an enabler's list of plots, contributions, payouts or cashouts (domain/lists/record-list.ts):
 * its rows, its sort orders, and the member and plot names its rows join (domain/lists/directory-snapshot.ts).
 */

/**
 * Every order but the default one (the first page's) is kept apart, read when first sorted by. Version
 * 3 leaves out a money record's change instant (read from its times) and writes short codes and whole
 * amounts in fewer bytes; the earlier versions' extra column is read as it is.
 */
const layoutOf = (list: AdminList): SnapshotLayout => ({
  format: `cpbo-${list}-snapshot`,
  version: 3,
  reads: [1, 2],
  columns: snapshotColumnsOf(list),
  sortFields: adminListSortFields[list],
  tables: nameTablesOf(list),
  ordersApart: adminListSortFields[list].slice(1),
});

export type RecordSnapshot = RecordListReaders & SnapshotTimes & Pick<DecodedSnapshot, 'ordersApart'>;

/** The snapshot as bytes (compressed by the caller). */
export const encodeRecordSnapshot = (
  list: AdminList,
  snapshot: RecordListData & SnapshotTimes & { generation?: string },
): Buffer => encodeSnapshot(layoutOf(list), snapshot);

/** The snapshot as bytes in pieces, made as they are asked for (compressed by the caller as they come). */
export const recordSnapshotPieces = (
  list: AdminList,
  snapshot: RecordListData & SnapshotTimes & { generation?: string },
): Iterable<Buffer> => encodeSnapshotPieces(layoutOf(list), snapshot);

/** The sort orders a snapshot of the list keeps apart. */
export const recordOrdersApart = (list: AdminList): readonly string[] => layoutOf(list).ordersApart ?? [];

/** An order kept apart, as bytes (compressed by the caller). */
export const recordOrderPieces = (list: AdminList, order: OrderApart): Iterable<Buffer> =>
  encodeOrderPieces(layoutOf(list), order);

/** Reads an order kept apart as its bytes come; `finish` gives it, or throws BadSnapshotError. */
export const recordOrderReader = (
  list: AdminList,
  field: string,
): { push(piece: Uint8Array): void; finish(): OrderApart } => orderReader(layoutOf(list), field);

/** Reads a snapshot from its bytes as they come (`push`); `finish` gives it, or throws BadSnapshotError. */
export const recordSnapshotReader = (
  list: AdminList,
): { push(piece: Uint8Array): void; finish(): RecordSnapshot } => new SnapshotReader(layoutOf(list));

/** The snapshot in `bytes` (decompressed); BadSnapshotError when they are not one of this list. */
export const decodeRecordSnapshot = (list: AdminList, bytes: Buffer): RecordSnapshot =>
  decodeSnapshot(layoutOf(list), bytes);
