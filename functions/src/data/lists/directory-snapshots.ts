import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BadSnapshotError, type SnapshotTimes } from '#domain/lists/directory-snapshot.ts';
import { readEnvironment } from '#platform/environment.ts';
import { getS3ObjectStream, headS3Object, s3ObjectWriter } from '#platform/s3.ts';

/*
 * The snapshots of the lists in memory (the member list, the administrators' record tables): one
 * gzip-compressed object per enabler and list in the member directory bucket, read by the list
 * functions and written by the lists worker.
 */

/** Decompressed in 4 MB steps: the default 16 KB makes a large snapshot several times slower. */
const GUNZIP_CHUNK = 4 << 20;

/** The download's bytes in pieces of at least this size: each is one step of the decompression. */
const INFLATE_INPUT = 4 << 20;

/**
 * The download's pieces (as the network gives them, about 64 KB) joined into larger ones: each piece
 * handed to the decompression is a task on another thread and back, which at 200 MB is thousands.
 */
async function* coalesced(pieces: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let held: Uint8Array[] = [];
  let size = 0;
  for await (const piece of pieces) {
    held.push(piece);
    size += piece.length;
    if (size >= INFLATE_INPUT) {
      yield Buffer.concat(held, size);
      held = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(held, size);
}

/**
 * Hands the snapshot's bytes, decompressed, to `reader` as they come; false when there is none;
 * BadSnapshotError when not gzip. It is inflated as it arrives: the download and the decompression
 * overlap (a new instance's first answer waits for both), and neither the compressed nor the
 * decompressed bytes are ever held whole.
 */
export const readSnapshotInto = async (
  key: string,
  reader: { push(piece: Uint8Array): void },
): Promise<boolean> => {
  const body = await getS3ObjectStream(readEnvironment('memberDirectoryBucket'), key);
  if (!body) return false;
  try {
    await pipeline(
      body,
      coalesced,
      createGunzip({ chunkSize: GUNZIP_CHUNK }),
      async (inflated: AsyncIterable<Buffer>) => {
        for await (const piece of inflated) reader.push(piece);
      },
    );
    return true;
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

/**
 * Stores a snapshot (replacing the previous one), compressed as its pieces are made and uploaded in
 * parts as it is compressed: a large list's snapshot is never held whole, before or after compression.
 * Returns its compressed size in bytes.
 */
export const writeSnapshotBytes = async (
  key: string,
  pieces: Iterable<Buffer>,
  times: SnapshotTimes,
  /** What the metadata says it holds, e.g. { members: '500000' }. */
  counts: Record<string, string>,
): Promise<number> => {
  const writer = s3ObjectWriter(readEnvironment('memberDirectoryBucket'), key, 'application/octet-stream', {
    'rebuilt-at': times.rebuiltAt,
    'seen-up-to': times.seenUpTo,
    ...counts,
  });
  let length = 0;
  try {
    await pipeline(
      Readable.from(pieces),
      createGzip({ level: 6 }),
      async (compressed: AsyncIterable<Buffer>) => {
        for await (const piece of compressed) {
          length += piece.length;
          await writer.write(piece);
        }
      },
    );
    await writer.close();
  } catch (error) {
    // The failure told is the write's: parts an abort could not drop go with the bucket's lifecycle rule.
    await writer.abort().catch(() => undefined);
    throw error;
  }
  return length;
};
