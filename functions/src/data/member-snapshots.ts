import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import {
  BadMemberSnapshotError,
  decodeMemberSnapshot,
  encodeMemberSnapshot,
  type MemberSnapshot,
  type MemberSnapshotToWrite,
} from '#domain/member-snapshot.ts';
import { s3 } from '#platform/aws-clients.ts';
import { readEnvironment } from '#platform/environment.ts';

/** One object per enabler in the member directory bucket, gzip-compressed. */
const snapshotKey = (enablerId: string): string => `members/${enablerId}.snapshot.gz`;

const isMissing = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

/** Decompressed in 4 MB steps: the default 16 KB makes a large snapshot several times slower. */
const GUNZIP_CHUNK = 4 << 20;

/**
 * The enabler's snapshot, or undefined when there is none; BadMemberSnapshotError when the object is
 * not a snapshot of this format.
 */
export const readMemberSnapshot = async (enablerId: string): Promise<MemberSnapshot | undefined> => {
  let compressed: Uint8Array;
  try {
    const { Body } = await (
      await s3()
    ).send(
      new GetObjectCommand({ Bucket: readEnvironment('memberDirectoryBucket'), Key: snapshotKey(enablerId) }),
    );
    if (!Body) return undefined;
    compressed = await Body.transformToByteArray();
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
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
  try {
    const { Metadata } = await (
      await s3()
    ).send(
      new HeadObjectCommand({
        Bucket: readEnvironment('memberDirectoryBucket'),
        Key: snapshotKey(enablerId),
      }),
    );
    return Metadata?.['rebuilt-at'];
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
};

/** Stores the snapshot (replacing the enabler's previous one); returns its compressed size in bytes. */
export const writeMemberSnapshot = async (snapshot: MemberSnapshotToWrite): Promise<number> => {
  const body = await promisify(gzip)(encodeMemberSnapshot(snapshot), { level: 6 });
  await (
    await s3()
  ).send(
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
