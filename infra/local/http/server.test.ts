import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpTarget } from '../functions-code.ts';
import { createLocalServer } from './server.ts';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose answer is read as sent (fetch would inflate it). */
const rawRequest = (url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });

// Text of some size, as the build writes it, with its pre-compressed copies beside it.
const script = Buffer.from('export const members = [];\n'.repeat(200));
const stylesheet = Buffer.from('.member { color: green }\n'.repeat(200));
const image = Buffer.alloc(4000, 7);
const bigAnswer = JSON.stringify({
  members: Array.from({ length: 100 }, (_, id) => ({ id, name: `Member ${id}` })),
});

describe('createLocalServer', () => {
  let webDist: string;
  let server: Server;
  let base: string;
  const invoked: { target: HttpTarget; event: APIGatewayProxyEventV2 }[] = [];

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'local-server-'));
    await writeFile(join(webDist, 'index.html'), '<h1>app</h1>');
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'assets', 'app-1.js'), script);
    await writeFile(join(webDist, 'assets', 'app-1.js.br'), brotliCompressSync(script));
    await writeFile(join(webDist, 'assets', 'app-1.js.gz'), gzipSync(script));
    await writeFile(join(webDist, 'assets', 'app-1.css'), stylesheet);
    await writeFile(join(webDist, 'assets', 'logo-1.png'), image);
    server = createLocalServer({
      webDist,
      environmentName: 'demo',
      maxBodyBytes: 1024,
      filesOrigin: () => 'http://127.0.0.1:4569',
      log: () => undefined,
      warn: () => undefined,
      invoke: async (target, event): Promise<APIGatewayProxyResultV2> => {
        if (event.rawPath === '/api/boom') throw new Error('the function crashed');
        if (event.rawPath === '/api/auth/refresh') {
          invoked.push({ target, event });
          return {
            statusCode: 200,
            cookies: ['refreshToken=next; Path=/api/auth; HttpOnly', 'signedIn=1; Path=/'],
          };
        }
        if (event.rawPath === '/api/big') {
          return {
            statusCode: 200,
            headers: { 'content-type': 'application/json', vary: 'Origin' },
            body: bigAnswer,
          };
        }
        invoked.push({ target, event });
        return { statusCode: 201, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' };
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(webDist, { recursive: true, force: true });
  });

  it('should hand an /api call to the function of its resource and send its answer back', async () => {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":"a"}',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    expect(invoked.at(-1)?.target).toBe('auth');
    expect(invoked.at(-1)?.event).toMatchObject({
      routeKey: 'POST /api/auth/login',
      body: '{"username":"a"}',
    });
  });

  it('should pass the session cookie both ways, naming the host the browser asked for as CloudFront does', async () => {
    const answer = await rawRequest(`${base}/api/auth/refresh`, {
      cookie: 'refreshToken=current; signedIn=1',
      'x-session-cookie': '1',
      // A caller's own values are replaced.
      'x-viewer-host': 'attacker.example',
      'x-forwarded-proto': 'https',
    });
    expect(answer.headers['set-cookie']).toEqual([
      'refreshToken=next; Path=/api/auth; HttpOnly',
      'signedIn=1; Path=/',
    ]);
    const { event } = invoked.at(-1) ?? {};
    expect(event?.cookies).toEqual(['refreshToken=current', 'signedIn=1']);
    expect(event?.headers).toMatchObject({
      'x-session-cookie': '1',
      'x-viewer-host': new URL(base).host,
      'x-forwarded-proto': 'http',
    });
  });

  it('should send an unrouted /api call to the not-found function', async () => {
    await fetch(`${base}/api/unknown`);
    expect(invoked.at(-1)?.target).toBe('not-found');
  });

  it('should refuse a body over the limit with the catalogue code', async () => {
    const response = await fetch(`${base}/api/auth/login`, { method: 'POST', body: 'x'.repeat(2048) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'ERR_PAYLOAD_TOO_LARGE' });
  });

  it('should answer 500 like API Gateway when the function throws', async () => {
    const response = await fetch(`${base}/api/boom`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal Server Error' });
  });

  it("should serve the API's origin to CloudFront's calls only, refused as API Gateway refuses them", async () => {
    const origin = createLocalServer({
      webDist,
      environmentName: 'demo',
      log: () => undefined,
      warn: () => undefined,
      filesOrigin: () => 'http://127.0.0.1:4569',
      originSecret: 'cloudfront-secret',
      invoke: async () => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{}' }),
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    try {
      const status = async (path: string, headers: Record<string, string> = {}) =>
        (await rawRequest(`${at}${path}`, headers)).status;
      expect(await status('/api/openapi.json')).toBe(401);
      expect(await status('/api/openapi.json', { 'x-origin-verify': 'guessed' })).toBe(403);
      expect(await status('/api/openapi.json', { 'x-origin-verify': 'cloudfront-secret' })).toBe(200);
      expect(await status('/', { 'x-origin-verify': 'cloudfront-secret' })).toBe(404);
    } finally {
      await new Promise((resolve) => origin.close(resolve));
    }
  });

  it('should serve the environment name as /config.json', async () => {
    const response = await fetch(`${base}/config.json`);
    expect(await response.json()).toEqual({ environment: 'demo' });
  });

  it('should serve the SPA for its routes and 404 for missing files', async () => {
    const route = await fetch(`${base}/Members`);
    expect(route.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await route.text()).toBe('<h1>app</h1>');
    expect((await fetch(`${base}/missing.js`)).status).toBe(404);
  });

  it('should refuse other methods than GET and HEAD outside /api', async () => {
    expect((await fetch(`${base}/Members`, { method: 'POST' })).status).toBe(405);
  });

  describe('compression', () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

    it("should send a file's brotli copy to a browser that accepts brotli", async () => {
      const answer = await rawRequest(`${base}/assets/app-1.js`, browser);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.body.length).toBeLessThan(script.length / 10);
      expect(brotliDecompressSync(answer.body).equals(script)).toBe(true);
    });

    it('should send the gzip copy to a client that accepts gzip only', async () => {
      const answer = await rawRequest(`${base}/assets/app-1.js`, { 'accept-encoding': 'gzip' });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(answer.body).equals(script)).toBe(true);
    });

    it('should send the file as it is to a client that accepts no compression', async () => {
      const refusals: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'identity' },
        { 'accept-encoding': 'br;q=0, gzip;q=0' },
      ];
      for (const headers of refusals) {
        const answer = await rawRequest(`${base}/assets/app-1.js`, headers);
        expect(answer.headers['content-encoding']).toBeUndefined();
        expect(answer.headers.vary).toBe('Accept-Encoding');
        expect(answer.body.equals(script)).toBe(true);
      }
    });

    it('should compress on the way a text file that has no copy', async () => {
      const answer = await rawRequest(`${base}/assets/app-1.css`, { 'accept-encoding': 'gzip' });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(answer.body).equals(stylesheet)).toBe(true);
    });

    it('should leave images and small files alone', async () => {
      const png = await rawRequest(`${base}/assets/logo-1.png`, browser);
      expect(png.headers['content-encoding']).toBeUndefined();
      expect(png.headers.vary).toBeUndefined();
      expect(png.body.equals(image)).toBe(true);
      const shell = await rawRequest(`${base}/Members`, browser);
      expect(shell.headers['content-encoding']).toBeUndefined();
      expect(shell.headers.vary).toBe('Accept-Encoding');
      expect(shell.body.toString()).toBe('<h1>app</h1>');
    });

    it('should answer HEAD with the length of the copy it would send', async () => {
      const answer = await rawRequest(`${base}/assets/app-1.js`, browser, 'HEAD');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(Number(answer.headers['content-length'])).toBe(brotliCompressSync(script).length);
      expect(answer.body.length).toBe(0);
    });

    it('should not serve the copies as files of their own', async () => {
      expect((await rawRequest(`${base}/assets/app-1.js.br`, browser)).status).toBe(404);
      expect((await rawRequest(`${base}/assets/app-1.js.gz`, browser)).status).toBe(404);
    });

    it('should compress an API answer of some size on the fly, keeping its Vary', async () => {
      const answer = await rawRequest(`${base}/api/big`, browser);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toBe('Origin, Accept-Encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(brotliDecompressSync(answer.body).toString()).toBe(bigAnswer);
      const gzipped = await rawRequest(`${base}/api/big`, { 'accept-encoding': 'gzip' });
      expect(gunzipSync(gzipped.body).toString()).toBe(bigAnswer);
    });

    it('should send a small API answer as it is', async () => {
      const answer = await rawRequest(`${base}/api/auth/login`, browser);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(JSON.parse(answer.body.toString())).toEqual({ ok: true });
    });
  });
});
