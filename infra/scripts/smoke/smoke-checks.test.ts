import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { signInBurst, type SmokeOptions } from './smoke-checks.ts';

/** A sign-in that a WAF-like limit answers 429 after `limit` calls (the local runtime has no WAF to try). */
const limitedSignIn = async (limit: number, code = 'ERR_TOO_MANY_REQUESTS') => {
  let calls = 0;
  const server = createServer((request, response) => {
    calls += request.url === '/api/auth/login' ? 1 : 0;
    const limited = calls > limit;
    response.writeHead(limited ? 429 : 401, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: limited ? code : 'ERR_UNAUTHENTICATED' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

const optionsAt = (url: string, signInRateLimit: number): SmokeOptions => ({
  url,
  apiUrl: url,
  admin: { email: 'admin@example.org', password: 'unused' },
  signInRateLimit,
});

describe('the sign-in burst check', () => {
  it('should pass when the sign-ins past the limit are answered 429 ERR_TOO_MANY_REQUESTS', async () => {
    await expect(signInBurst.run(optionsAt(await limitedSignIn(25), 20))).resolves.toBeUndefined();
  });

  it('should fail when the 429 comes within the limit, or without its code', async () => {
    await expect(signInBurst.run(optionsAt(await limitedSignIn(5), 20))).rejects.toThrow(
      /not above the limit/,
    );
    await expect(signInBurst.run(optionsAt(await limitedSignIn(25, 'OTHER'), 20))).rejects.toThrow(
      /ERR_TOO_MANY_REQUESTS/,
    );
  });
});
