import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCredentials, localRegion } from './aws-environment.ts';
import { startS3Local, type S3Local } from './s3-local.ts';

/*
 * The local file store answers like a private S3 bucket (issue 40): only requests signed with the local
 * credentials (a header, or a presigned URL within its time), and CORS only for the application's origin.
 */

const APP_ORIGIN = 'http://localhost:3999';
const bucket = 'guarded-files';
const key = 'benefit-runs/run-1/bank-file.csv';
let directory: string;
let store: S3Local;
let s3: S3Client;

const clientWith = (credentials: { accessKeyId: string; secretAccessKey: string } = localCredentials) =>
  new S3Client({ endpoint: store.endpoint, region: localRegion, credentials, forcePathStyle: true });

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'cpbo-s3-guard-'));
  store = await startS3Local({ directory, buckets: [bucket], allowedOrigins: () => [APP_ORIGIN] });
  s3 = clientWith();
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'account;amount\nFR76…;12.00\n' }));
});

afterAll(async () => {
  s3?.destroy();
  await store?.stop();
  await rm(directory, { recursive: true, force: true });
});

const objectUrl = () => `${store.endpoint}/${bucket}/${key}`;

describe('the local file store', () => {
  it('answers a request signed with its credentials, as header or presigned URL', async () => {
    const read = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(await read.Body?.transformToString()).toContain('account;amount');
    const presigned = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), {
      expiresIn: 300,
    });
    const download = await fetch(presigned);
    expect(download.status).toBe(200);
    expect(await download.text()).toContain('account;amount');
    const upload = await getSignedUrl(s3, new PutObjectCommand({ Bucket: bucket, Key: 'imports/up.json' }), {
      expiresIn: 300,
    });
    expect((await fetch(upload, { method: 'PUT', body: '{"ok":true}' })).status).toBe(200);
  });

  it('refuses anonymous requests, other credentials and a tampered or expired presigned URL', async () => {
    for (const url of [objectUrl(), `${store.endpoint}/${bucket}`, `${store.endpoint}/`]) {
      const anonymous = await fetch(url);
      expect(anonymous.status, url).toBe(403);
      expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
    }
    const other = clientWith({
      accessKeyId: localCredentials.accessKeyId,
      secretAccessKey: 'not-the-secret',
    });
    await expect(other.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).rejects.toMatchObject({
      name: 'AccessDenied',
    });
    other.destroy();

    const presigned = new URL(
      await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 1 }),
    );
    const elsewhere = new URL(presigned);
    elsewhere.pathname = `/${bucket}/benefit-runs/run-2/bank-file.csv`;
    expect((await fetch(elsewhere)).status).toBe(403);
    const longer = new URL(presigned);
    longer.searchParams.set('X-Amz-Expires', '604800');
    expect((await fetch(longer)).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await fetch(presigned)).status).toBe(403);
  });

  it("lets only the application's origin read an answer in a browser", async () => {
    const presigned = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), {
      expiresIn: 300,
    });
    const preflight = (origin: string) =>
      fetch(presigned, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type',
        },
      });
    const own = await preflight(APP_ORIGIN);
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(own.headers.get('access-control-allow-methods')).toContain('PUT');
    const foreign = await preflight('https://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();

    const fromOwn = await fetch(presigned, { headers: { origin: APP_ORIGIN } });
    expect(fromOwn.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    // Another page's request is answered without CORS headers: its browser does not let it read the file.
    const fromForeign = await fetch(presigned, { headers: { origin: 'https://evil.example' } });
    expect(fromForeign.headers.get('access-control-allow-origin')).toBeNull();
    const anonymousForeign = await fetch(objectUrl(), { headers: { origin: 'https://evil.example' } });
    expect(anonymousForeign.status).toBe(403);
    expect(anonymousForeign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
