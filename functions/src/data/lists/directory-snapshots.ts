import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, gzip } from 'node:zlib';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { BadSnapshotError, type SnapshotTimes } from '#domain/lists/directory-snapshot.ts';
import { readEnvironment } from '#platform/environment.ts';
import { getS3ObjectStream, headS3Object, s3 } from '#platform/s3.ts';

/*
 * The snapshots of the lists in memory (the member list, the administrators' record tables): one
 * gzip-compressed object per enabler and list in the member directory bucket, read by the list
 * functions and written by the lists worker.
 */

/** Decompressed in 4 MB steps: the default 16 KB makes a large snapshot several times slower. */
const GUNZIP_CHUNK = 4 << 20;

/**
 * The snapshot's bytes (decompressed), or undefined when there is none; BadSnapshotError when not gzip.
 * It is inflated as it arrives: the download and the decompression overlap (a new instance's first
 * answer waits for both), and the compressed body is never held whole.
 */
export const readSnapshotBytes = async (key: string): Promise<Buffer | undefined> => {
  const body = await getS3ObjectStream(readEnvironment('memberDirectoryBucket'), key);
  if (!body) return undefined;
  const chunks: Buffer[] = [];
  try {
    await pipeline(
      body,
      createGunzip({ chunkSize: GUNZIP_CHUNK }),
      async (inflated: AsyncIterable<Buffer>) => {
        for await (const chunk of inflated) chunks.push(chunk);
      },
    );
    return Buffer.concat(chunks);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) throw new BadSnapshotError('not gzip');
    throw error;
  }
};

/** When the snapshot was last rebuilt from the table (its metadata only), if there is one. */
export const snapshotRebuiltAt = async (key: string): Promise<string | undefined> => {
  const metadata = await headS3Object(readEnvironment('memberDirectoryBucket'), key);
  return metadata?.['rebuilt-at'];
};

/** Stores a snapshot (replacing the previous one); returns its compressed size in bytes. */
export const writeSnapshotBytes = async (
  key: string,
  bytes: Buffer,
  times: SnapshotTimes,
  /** What the metadata says it holds, e.g. { members: '500000' }. */
  counts: Record<string, string>,
): Promise<number> => {
  const body = await promisify(gzip)(bytes, { level: 6 });
  await s3().send(
    new PutObjectCommand({
      Bucket: readEnvironment('memberDirectoryBucket'),
      Key: key,
      Body: body,
      ContentType: 'application/octet-stream',
      Metadata: { 'rebuilt-at': times.rebuiltAt, 'seen-up-to': times.seenUpTo, ...counts },
    }),
  );
  return body.length;
};
