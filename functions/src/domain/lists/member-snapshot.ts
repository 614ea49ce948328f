import { memberSortFields } from '@cpbo/schemas/member-list-query.ts';
import {
  decodeSnapshot,
  encodeSnapshot,
  encodeSnapshotPieces,
  SnapshotReader,
  type SnapshotLayout,
  type SnapshotTimes,
} from './directory-snapshot.ts';
import type { MemberColumns, MemberColumnValues, MemberIndexData, MemberOrders } from './member-list.ts';

/**
 * A snapshot of an enabler's member directory: what a new Lambda instance loads instead of reading
 * every member from the table (docs/architecture.md, "The member list at scale"; docs/decisions.md).
 */
export interface MemberSnapshot extends MemberIndexData, SnapshotTimes {}

/** A snapshot to write: its columns as arrays (MemberIndex.toData). */
export interface MemberSnapshotToWrite extends SnapshotTimes {
  columns: MemberColumns;
  orders: MemberOrders;
}

/**
 * Villages, federations and dates repeat: dictionary-coded. Its columns are those of the first version;
 * version 3 writes short codes and whole totals in fewer bytes.
 */
const memberLayout: SnapshotLayout = {
  format: 'cpbo-member-snapshot',
  version: 3,
  reads: [1, 2],
  columns: [
    ['ids', 'id'],
    ['names', 'text'],
    ['nameKeys', 'text'],
    ['numbers', 'text'],
    ['updatedAts', 'text'],
    ['villages', { dictionary: 'villages' }],
    ['federations', { dictionary: 'federations' }],
    ['onboardingDates', { dictionary: 'dates' }],
    ['lastContributionDates', { dictionary: 'dates' }],
    ['lastPayoutDates', { dictionary: 'dates' }],
    ['contributionTotals', 'float64'],
    ['pendingBenefits', 'float64'],
    ['plotCounts', 'int32'],
  ],
  sortFields: memberSortFields,
};

/** The snapshot as bytes (compressed by the caller). */
export const encodeMemberSnapshot = (snapshot: MemberSnapshotToWrite): Buffer =>
  encodeSnapshot(memberLayout, snapshot);

/** The snapshot as bytes in pieces, made as they are asked for (compressed by the caller as they come). */
export const memberSnapshotPieces = (snapshot: MemberSnapshotToWrite): Iterable<Buffer> =>
  encodeSnapshotPieces(memberLayout, snapshot);

/** Reads a snapshot from its bytes as they come (`push`); `finish` gives it, or throws BadSnapshotError. */
export const memberSnapshotReader = (): { push(piece: Uint8Array): void; finish(): MemberSnapshot } => {
  const reader = new SnapshotReader(memberLayout);
  return {
    push: (piece) => reader.push(piece),
    finish: () => {
      const { columns, orders, ...times } = reader.finish();
      return { ...times, columns: columns as unknown as MemberColumnValues, orders };
    },
  };
};

/**
 * The snapshot in `bytes` (decompressed); BadSnapshotError when they are not one. Its columns read the
 * bytes' text and numbers as they are asked for, without a string or an object per member.
 */
export const decodeMemberSnapshot = (bytes: Buffer): MemberSnapshot => {
  const { columns, orders, ...times } = decodeSnapshot(memberLayout, bytes);
  return { ...times, columns: columns as unknown as MemberColumnValues, orders };
};
