import { BadSnapshotError } from '#domain/lists/directory-snapshot.ts';
import {
  memberSnapshotPieces,
  memberSnapshotReader,
  type MemberSnapshot,
  type MemberSnapshotToWrite,
} from '#domain/lists/member-snapshot.ts';
import { readSnapshotInto, snapshotRebuiltAt, writeSnapshotBytes } from './directory-snapshots.ts';

/** One object per enabler in the member directory bucket, gzip-compressed. */
const snapshotKey = (enablerId: string): string => `members/${enablerId}.snapshot.gz`;

/**
 * The enabler's snapshot, or undefined when there is none; BadSnapshotError when the object is not a
 * snapshot of this format.
 */
export const readMemberSnapshot = async (enablerId: string): Promise<MemberSnapshot | undefined> => {
  const reader = memberSnapshotReader();
  if (!(await readSnapshotInto(snapshotKey(enablerId), reader))) return undefined;
  const snapshot = reader.finish();
  if (snapshot.enablerId !== enablerId) throw new BadSnapshotError('another enabler');
  return snapshot;
};

/** When the enabler's snapshot was last rebuilt from the table (its metadata only), if there is one. */
export const memberSnapshotRebuiltAt = (enablerId: string): Promise<string | undefined> =>
  snapshotRebuiltAt(snapshotKey(enablerId));

/** Stores the snapshot (replacing the enabler's previous one); returns its compressed size in bytes. */
export const writeMemberSnapshot = (snapshot: MemberSnapshotToWrite): Promise<number> =>
  writeSnapshotBytes(snapshotKey(snapshot.enablerId), memberSnapshotPieces(snapshot), snapshot, {
    members: String(snapshot.columns.ids.length),
  });
