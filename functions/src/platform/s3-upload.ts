import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { s3 } from './s3-client.ts';

/** S3 takes parts of at least 5 MiB (but the last); 8 MiB keeps a 10 000-part upload under 80 GB. */
const PART_BYTES = 8 * 1024 * 1024;

export interface ObjectWriter {
  write(text: string): Promise<void>;
  /** Completes the object; nothing is visible before. */
  close(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * Writes an object as a stream of text: at most one part is held in memory, sent as a multipart
 * upload part once full (a small object is one PutObject).
 */
export const s3ObjectWriter = (
  bucket: string,
  key: string,
  contentType = 'application/json',
): ObjectWriter => {
  let chunks: Buffer[] = [];
  let held = 0;
  let uploadId: string | undefined;
  const parts: { ETag: string | undefined; PartNumber: number }[] = [];

  const flush = async () => {
    const client = await s3();
    uploadId ??= (
      await client.send(
        new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
      )
    ).UploadId;
    const PartNumber = parts.length + 1;
    const body = Buffer.concat(chunks);
    chunks = [];
    held = 0;
    const { ETag } = await client.send(
      new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: body }),
    );
    parts.push({ ETag, PartNumber });
  };

  return {
    async write(text) {
      const bytes = Buffer.from(text, 'utf8');
      chunks.push(bytes);
      held += bytes.length;
      if (held >= PART_BYTES) await flush();
    },
    async close() {
      const client = await s3();
      if (uploadId === undefined) {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: Buffer.concat(chunks),
            ContentType: contentType,
          }),
        );
        return;
      }
      if (held > 0) await flush();
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    },
    async abort() {
      if (uploadId === undefined) return;
      const client = await s3();
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    },
  };
};
