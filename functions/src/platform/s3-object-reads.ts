import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { dynamo } from './aws-clients.ts';

/*
 * Signed GET and HEAD of one S3 object, for the functions that only read objects (the member list's
 * snapshots). The S3 client would add about 35 KB gzipped to the function, past its size bound
 * (docs/decisions.md, 2026-11-23); the signer is already in every function through the DynamoDB
 * client, whose credentials and region these reads reuse.
 */

type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytesOf = (data: SourceData): string | Uint8Array =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** node:crypto behind the signer's hash interface (HMAC when given a secret). */
class Sha256 {
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
}

const objectUrl = (bucket: string, key: string, region: string): URL => {
  const path = key.split('/').map(encodeURIComponent).join('/');
  // s3rver (AWS_ENDPOINT_URL_S3 on a laptop) only understands path-style addressing.
  const endpoint = process.env.AWS_ENDPOINT_URL_S3;
  return endpoint
    ? new URL(`${endpoint.replace(/\/$/, '')}/${bucket}/${path}`)
    : new URL(`https://${bucket}.s3.${region}.amazonaws.com/${path}`);
};

const metadataOf = (headers: Headers): Record<string, string> =>
  Object.fromEntries(
    [...headers.entries()]
      .filter(([name]) => name.startsWith('x-amz-meta-'))
      .map(([name, value]) => [name.slice('x-amz-meta-'.length), value]),
  );

const send = async (method: 'GET' | 'HEAD', bucket: string, key: string): Promise<Response | undefined> => {
  const { config } = dynamo();
  const region = await config.region();
  const url = objectUrl(bucket, key, region);
  const signer = new SignatureV4({ service: 's3', region, credentials: config.credentials, sha256: Sha256 });
  const signed = await signer.sign({
    method,
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: url.pathname,
    query: {},
    headers: { host: url.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
  });
  const response = await fetch(url, { method, headers: signed.headers });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new S3ReadError(`S3 ${method} ${key} answered ${response.status}`);
  return response;
};

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

/** Writes an object with a signed PUT (the import handler keeps a small file for its worker). */
export const putS3Object = async (bucket: string, key: string, body: string): Promise<void> => {
  const { config } = dynamo();
  const region = await config.region();
  const url = objectUrl(bucket, key, region);
  const signer = new SignatureV4({ service: 's3', region, credentials: config.credentials, sha256: Sha256 });
  const signed = await signer.sign({
    method: 'PUT',
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: url.pathname,
    query: {},
    headers: {
      host: url.host,
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      'content-type': 'application/json',
    },
  });
  const response = await fetch(url, { method: 'PUT', headers: signed.headers, body });
  if (!response.ok) throw new S3ReadError(`S3 PUT ${key} answered ${response.status}`);
};

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
  const { config } = dynamo();
  const region = await config.region();
  const url = objectUrl(bucket, key, region);
  // As S3's own presigner: the path as is, and an unsigned payload.
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials: config.credentials,
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const query: Record<string, string> = fileName
    ? { 'response-content-disposition': `attachment; filename="${fileName}"` }
    : {};
  const signed = await signer.presign(
    {
      method,
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query,
      headers: { host: url.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    },
    { expiresIn: expiresInSeconds, unsignableHeaders: new Set(['content-type']) },
  );
  const answer = new URL(url.toString());
  for (const [name, value] of Object.entries(signed.query ?? {}))
    answer.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
  return answer.toString();
};
