import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpTarget } from '../functions-code.ts';
import { createLocalServer } from './server.ts';

describe('createLocalServer', () => {
  let webDist: string;
  let server: Server;
  let base: string;
  const invoked: { target: HttpTarget; event: APIGatewayProxyEventV2 }[] = [];

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'local-server-'));
    await writeFile(join(webDist, 'index.html'), '<h1>app</h1>');
    server = createLocalServer({
      webDist,
      environmentName: 'demo',
      maxBodyBytes: 1024,
      log: () => undefined,
      warn: () => undefined,
      invoke: async (target, event) => {
        if (event.rawPath === '/api/boom') throw new Error('the function crashed');
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
});
