import { createHash, createHmac } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { SignatureV4, type SignatureV4Init } from '@smithy/signature-v4';
import { noteAwsCall } from './aws-call-observer.ts';
import { dynamo } from './aws-clients.ts';
import { awsRetry } from './aws-retry.ts';
import { plugged } from './client-plugins.ts';
import { withRetries, type RetryPolicy } from './retry.ts';

/*
 * S3, two ways. Reads, small writes and presigned links are signed requests: the SDK's own SigV4
 * signer (already in every function through the DynamoDB client, whose credentials and region they
 * reuse) and Node's fetch, because the S3 client would add about 35 KB gzipped to a function, past its
 * size bound (docs/decisions.md, 2026-11-23). The S3 client is for the writers of snapshots and of
 * large objects, which use it on their main path. Only what a function calls is in its bundle (the SDK's
 * packages declare no side effects); the client is imported statically, because a dynamic import()
 * puts part of the client's code in the bundle of every function that has this module in its graph,
 * used or not.
 */

let s3Client: S3Client | undefined;

/** The S3 client, created on first use, once per Lambda instance. */
export const s3 = (): S3Client =>
  // s3rver only understands path-style addressing.
  (s3Client ??= plugged(
    new S3Client({ ...awsRetry, forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) }),
  ));

type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytesOf = (data: SourceData): string | Uint8Array =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** node:crypto behind the signer's hash interface (HMAC when given a secret). */
export class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return this.hash.digest();
  }
}

export interface S3ObjectRead {
  body: Uint8Array;
  /** The object's user metadata (x-amz-meta-*), keys without the prefix. */
  metadata: Record<string, string>;
}

export class S3ReadError extends Error {
  override name = 'S3ReadError';
  /** Where the SDK's errors carry S3's status: its classification then reads a 5xx as transient. */
  readonly $metadata: { httpStatusCode: number };
  constructor(
    message: string,
    /** S3's HTTP status. */
    readonly status: number,
  ) {
    super(message);
    this.$metadata = { httpStatusCode: status };
  }
}

/**
 * S3 sheds load with 503 SlowDown and fails now and then with a 500: the signed fetches try again, as
 * the SDK's client does (its standard mode: 3 attempts, growing waits with jitter).
 */
const S3_TRANSIENT: RetryPolicy = {
  attempts: awsRetry.maxAttempts,
  stepMs: 100,
  jitterMs: 100,
  retryable: (error) => error instanceof S3ReadError && [500, 502, 503, 504].includes(error.status),
};

const objectUrl = (bucket: string, key: string, region: string): URL => {
  const path = key.split('/').map(encodeURIComponent).join('/');
  // s3rver (AWS_ENDPOINT_URL_S3 on a laptop) only understands path-style addressing.
  const endpoint = process.env.AWS_ENDPOINT_URL_S3;
  return endpoint
    ? new URL(`${endpoint.replace(/\/$/, '')}/${bucket}/${path}`)
    : new URL(`https://${bucket}.s3.${region}.amazonaws.com/${path}`);
};

type SignerOptions = Pick<SignatureV4Init, 'uriEscapePath' | 'applyChecksum'>;

/**
 * The object's URL, a signer with the DynamoDB client's credentials and region, and the request to
 * sign (an unsigned payload).
 */
const signing = async (
  method: 'GET' | 'HEAD' | 'PUT',
  bucket: string,
  key: string,
  {
    signer: signerOptions = {},
    headers = {},
    query = {},
  }: {
    signer?: SignerOptions;
    headers?: Record<string, string>;
    query?: Record<string, string>;
  } = {},
) => {
  const { config } = dynamo();
  const region = await config.region();
  const url = objectUrl(bucket, key, region);
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials: config.credentials,
    sha256: Sha256,
    ...signerOptions,
  });
  const request = {
    method,
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: url.pathname,
    query,
    headers: { host: url.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', ...headers },
  };
  return { url, signer, request };
};

/** A signed request, named as the S3 client's command (the IAM check's record, aws-call-observer.ts). */
const objectCall = (method: 'GET' | 'HEAD' | 'PUT', bucket: string, key: string) => ({
  clientName: 'S3Client',
  commandName: { GET: 'GetObjectCommand', HEAD: 'HeadObjectCommand', PUT: 'PutObjectCommand' }[method],
  input: { Bucket: bucket, Key: key },
});

const metadataOf = (headers: Headers): Record<string, string> =>
  Object.fromEntries(
    [...headers.entries()]
      .filter(([name]) => name.startsWith('x-amz-meta-'))
      .map(([name, value]) => [name.slice('x-amz-meta-'.length), value]),
  );

const send = (method: 'GET' | 'HEAD', bucket: string, key: string): Promise<Response | undefined> =>
  withRetries(S3_TRANSIENT, async () => {
    const { url, signer, request } = await signing(method, bucket, key);
    const signed = await signer.sign(request);
    const response = await fetch(url, { method, headers: signed.headers });
    noteAwsCall({ ...objectCall(method, bucket, key), status: response.status });
    if (response.status === 404) return undefined;
    if (!response.ok)
      throw new S3ReadError(`S3 ${method} ${key} answered ${response.status}`, response.status);
    return response;
  });

/** The object and its metadata, or undefined when there is no such object. */
export const getS3Object = async (bucket: string, key: string): Promise<S3ObjectRead | undefined> => {
  const response = await send('GET', bucket, key);
  if (!response) return undefined;
  return { body: new Uint8Array(await response.arrayBuffer()), metadata: metadataOf(response.headers) };
};

/**
 * The object's body as a stream of chunks (the import worker parses a file of any size as it comes),
 * or undefined when there is no such object.
 */
export const getS3ObjectStream = async (
  bucket: string,
  key: string,
): Promise<AsyncIterable<Uint8Array> | undefined> => {
  const response = await send('GET', bucket, key);
  if (!response?.body) return undefined;
  return response.body;
};

/** The object's metadata, or undefined when there is no such object. */
export const headS3Object = async (
  bucket: string,
  key: string,
): Promise<Record<string, string> | undefined> => {
  const response = await send('HEAD', bucket, key);
  return response ? metadataOf(response.headers) : undefined;
};

/** The object's size in bytes, or undefined when there is no such object. */
export const s3ObjectSize = async (bucket: string, key: string): Promise<number | undefined> => {
  const response = await send('HEAD', bucket, key);
  return response ? Number(response.headers.get('content-length') ?? 0) : undefined;
};

/** Writes an object with a signed PUT (the import handler keeps a small file for its worker). */
export const putS3Object = (
  bucket: string,
  key: string,
  body: string,
  contentType = 'application/json',
): Promise<void> =>
  withRetries(S3_TRANSIENT, async () => {
    const { url, signer, request } = await signing('PUT', bucket, key, {
      headers: { 'content-type': contentType },
    });
    const signed = await signer.sign(request);
    const response = await fetch(url, { method: 'PUT', headers: signed.headers, body });
    noteAwsCall({ ...objectCall('PUT', bucket, key), status: response.status });
    if (!response.ok) throw new S3ReadError(`S3 PUT ${key} answered ${response.status}`, response.status);
  });

/**
 * A short-lived presigned URL for the browser: a GET that downloads as `fileName`, or a PUT of a JSON
 * file (the import's upload). Signed here rather than with the S3 client, which the API functions leave out.
 */
export const presignS3Url = async (
  method: 'GET' | 'PUT',
  bucket: string,
  key: string,
  { expiresInSeconds, fileName }: { expiresInSeconds: number; fileName?: string },
): Promise<string> => {
  const { url, signer, request } = await signing(method, bucket, key, {
    // As S3's own presigner: the path as is, and an unsigned payload.
    signer: { uriEscapePath: false, applyChecksum: false },
    query: fileName ? { 'response-content-disposition': `attachment; filename="${fileName}"` } : {},
  });
  const signed = await signer.presign(request, {
    expiresIn: expiresInSeconds,
    unsignableHeaders: new Set(['content-type']),
  });
  // The browser's call is made with the function's rights.
  noteAwsCall(objectCall(method, bucket, key));
  const answer = new URL(url.toString());
  for (const [name, value] of Object.entries(signed.query ?? {}))
    answer.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
  return answer.toString();
};

/** S3 takes parts of at least 5 MiB (but the last); 8 MiB keeps a 10 000-part upload under 80 GB. */
const PART_BYTES = 8 * 1024 * 1024;

export interface ObjectWriter {
  /** The next text (as UTF-8) or bytes of the object. */
  write(piece: string | Buffer): Promise<void>;
  /** Completes the object; nothing is visible before. */
  close(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * Writes an object as a stream of text or bytes, with the S3 client: at most one part is held in
 * memory, sent as a multipart upload part once full (a small object is one PutObject).
 */
export const s3ObjectWriter = (
  bucket: string,
  key: string,
  contentType = 'application/json',
  metadata?: Record<string, string>,
): ObjectWriter => {
  let chunks: Buffer[] = [];
  let held = 0;
  let uploadId: string | undefined;
  const parts: { ETag: string | undefined; PartNumber: number }[] = [];

  const flush = async () => {
    const client = s3();
    uploadId ??= (
      await client.send(
        new CreateMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          ContentType: contentType,
          Metadata: metadata,
        }),
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
    async write(piece) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      chunks.push(bytes);
      held += bytes.length;
      if (held >= PART_BYTES) await flush();
    },
    async close() {
      const client = s3();
      if (uploadId === undefined) {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: Buffer.concat(chunks),
            ContentType: contentType,
            Metadata: metadata,
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
      const client = s3();
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    },
  };
};
