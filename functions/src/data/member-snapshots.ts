import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import {
  BadMemberSnapshotError,
  decodeMemberSnapshot,
  encodeMemberSnapshot,
  type MemberSnapshot,
  type MemberSnapshotToWrite,
} from '#domain/member-snapshot.ts';
import { readEnvironment } from '#platform/environment.ts';
import { getS3Object, headS3Object, s3 } from '#platform/s3.ts';

/** One object per enabler in the member directory bucket, gzip-compressed. */
const snapshotKey = (enablerId: string): string => `members/${enablerId}.snapshot.gz`;

/** Decompressed in 4 MB steps: the default 16 KB makes a large snapshot several times slower. */
const GUNZIP_CHUNK = 4 << 20;

/**
 * The enabler's snapshot, or undefined when there is none; BadMemberSnapshotError when the object is
 * not a snapshot of this format.
 */
export const readMemberSnapshot = async (enablerId: string): Promise<MemberSnapshot | undefined> => {
  const object = await getS3Object(readEnvironment('memberDirectoryBucket'), snapshotKey(enablerId));
  if (!object) return undefined;
  const compressed = object.body;
  let bytes: Buffer;
  try {
    bytes = await promisify(gunzip)(compressed, { chunkSize: GUNZIP_CHUNK });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) throw new BadMemberSnapshotError('not gzip');
    throw error;
  }
  const snapshot = decodeMemberSnapshot(bytes);
  if (snapshot.enablerId !== enablerId) throw new BadMemberSnapshotError('another enabler');
  return snapshot;
};

/** When the enabler's snapshot was last rebuilt from the table (its metadata only), if there is one. */
export const memberSnapshotRebuiltAt = async (enablerId: string): Promise<string | undefined> => {
  const metadata = await headS3Object(readEnvironment('memberDirectoryBucket'), snapshotKey(enablerId));
  return metadata?.['rebuilt-at'];
};

/** Stores the snapshot (replacing the enabler's previous one); returns its compressed size in bytes. */
export const writeMemberSnapshot = async (snapshot: MemberSnapshotToWrite): Promise<number> => {
  const body = await promisify(gzip)(encodeMemberSnapshot(snapshot), { level: 6 });
  await s3().send(
    new PutObjectCommand({
      Bucket: readEnvironment('memberDirectoryBucket'),
      Key: snapshotKey(snapshot.enablerId),
      Body: body,
      ContentType: 'application/octet-stream',
      Metadata: {
        'rebuilt-at': snapshot.rebuiltAt,
        'seen-up-to': snapshot.seenUpTo,
        members: String(snapshot.columns.ids.length),
      },
    }),
  );
  return body.length;
};
