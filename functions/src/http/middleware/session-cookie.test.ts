import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { httpApiEvent, lambdaContext, type HttpApiEventInput } from '@cpbo/events/http-api-event.ts';
import { AppError } from '#platform/app-error.ts';
import { APP_HOST, spaHeaders as spaHeadersFor } from '../../testing/browser-cookies.ts';
import { captureOutput } from '../../testing/log-lines.ts';
import { ok, noContent, type RefreshTokenRequest } from './api-types.ts';
import { routeChain } from './http-handler.ts';
import { MAX_REFRESH_TOKEN_COOKIES, sessionCookies, VIEWER_HOST_HEADER } from './session-cookie.ts';

// Routes out of the table, as the auth routes declare their cookie: one issues a token, one clears it.
const issuing = routeChain(
  { method: 'GET', path: '/auth/issue', resource: 'auth', access: 'refreshToken', sessionCookie: 'set' },
  async ({ refreshTokens }: RefreshTokenRequest) => {
    if (!refreshTokens.includes('good.token')) throw new AppError('ERR_UNAUTHENTICATED');
    return {
      ...ok({ accessToken: 'access' }),
      refreshToken: { value: 'next.token', expiresAt: Math.floor(Date.now() / 1000) + 3600 },
    };
  },
);
const clearing = routeChain(
  { method: 'POST', path: '/auth/end', resource: 'auth', access: 'anonymous', sessionCookie: 'clear' },
  async () => noContent(),
);

// A refusal (403) is logged, and the application's log stores its line in the table.
const table = mockClient(DynamoDBDocumentClient);
let output: ReturnType<typeof captureOutput>;
beforeEach(() => {
  process.env.TABLE_NAME = 'test-table';
  table.reset().onAnyCommand().resolves({});
  output = captureOutput();
});
afterEach(() => output.restore());
afterAll(() => table.restore());

const host = APP_HOST;
/** What Chromium sends with the SPA's fetch, once CloudFront's function named the viewer's host. */
const spaHeaders = spaHeadersFor();

const call = async (handler: typeof issuing, input: Partial<HttpApiEventInput>) => {
  const result = await handler(
    httpApiEvent({ method: 'GET', path: '/api/auth/issue', ...input }),
    lambdaContext('test'),
  );
  return {
    status: result.statusCode,
    body: result.body ? JSON.parse(result.body) : undefined,
    cookies: result.cookies ?? [],
  };
};

const named = (cookies: string[], name: string, path: string) =>
  cookies.find((cookie) => cookie.startsWith(`${name}=`) && cookie.includes(`; Path=${path};`));

describe('the session cookie', () => {
  it("keeps the spec's contract for a caller without the header: Bearer in, refresh token in the body", async () => {
    const answer = await call(issuing, { headers: { authorization: 'Bearer good.token' } });
    expect(answer).toEqual({
      status: 200,
      body: { accessToken: 'access', refreshToken: 'next.token' },
      cookies: [],
    });
    // Such a caller's cookie is not read: a cross-site request cannot add the header.
    const cookieOnly = await call(issuing, { cookies: ['refreshToken=good.token'] });
    expect(cookieOnly.status).toBe(401);
    expect(cookieOnly.cookies).toEqual([]);
  });

  it("reads the SPA's refresh token from its cookie and answers the next one in an HttpOnly cookie only", async () => {
    const answer = await call(issuing, {
      headers: { ...spaHeaders, authorization: 'Bearer stolen.token' },
      cookies: ['signedIn=1', 'refreshToken=good.token'],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ accessToken: 'access' });
    const refresh = named(answer.cookies, 'refreshToken', '/api/auth') ?? '';
    expect(refresh).toMatch(
      /^refreshToken=next\.token; Path=\/api\/auth; Max-Age=(3600|3599); HttpOnly; Secure; SameSite=Strict$/,
    );
    expect(named(answer.cookies, 'signedIn', '/')).toMatch(
      /^signedIn=1; Path=\/; Max-Age=(3600|3599); Secure; SameSite=Strict$/,
    );
    // The cookie the SPA used to write itself, readable by scripts, is removed.
    expect(named(answer.cookies, 'refreshToken', '/')).toBe(
      'refreshToken=; Path=/; Max-Age=0; Secure; SameSite=Strict',
    );
  });

  it('hands the handler every refresh token cookie, in the order sent, a planted one first included', async () => {
    const answer = await call(issuing, {
      headers: spaHeaders,
      cookies: ['refreshToken=junk', 'signedIn=1', 'refreshToken=good.token', 'refreshToken=junk'],
    });
    expect(answer.status).toBe(200);
    expect(named(answer.cookies, 'refreshToken', '/api/auth')).toMatch(/^refreshToken=next\.token;/);
    // A flood of cookies costs no more than MAX_REFRESH_TOKEN_COOKIES reads.
    const flood = Array.from(
      { length: MAX_REFRESH_TOKEN_COOKIES },
      (_, index) => `refreshToken=junk${index}`,
    );
    const past = await call(issuing, { headers: spaHeaders, cookies: [...flood, 'refreshToken=good.token'] });
    expect(past.status).toBe(401);
  });

  it('refuses a call with the header from another origin, before anything runs', async () => {
    const refusals: Record<string, string | undefined>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `http://${host}` },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { [VIEWER_HOST_HEADER]: undefined },
      // Plain HTTP is for loopback names only.
      { 'x-forwarded-proto': 'http', origin: `http://${host}` },
    ];
    for (const change of refusals) {
      const headers = Object.fromEntries(
        Object.entries({ ...spaHeaders, ...change }).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      );
      const answer = await call(issuing, { headers, cookies: ['refreshToken=good.token'] });
      expect(answer, JSON.stringify(change)).toMatchObject({
        status: 403,
        body: { code: 'ERR_CROSS_ORIGIN' },
      });
      // A refused call leaves the cookie as it is.
      expect(answer.cookies).toEqual([]);
    }
    expect(output.text()).toContain('Permission refused: ERR_CROSS_ORIGIN on GET /api/auth/issue');
  });

  it('takes a same-origin GET without Origin, as browsers send it', async () => {
    const { origin: _origin, ...withoutOrigin } = spaHeaders;
    const answer = await call(issuing, { headers: withoutOrigin, cookies: ['refreshToken=good.token'] });
    expect(answer.status).toBe(200);
  });

  it('waives Secure on plain-HTTP localhost only', async () => {
    const answer = await call(issuing, {
      headers: {
        ...spaHeaders,
        [VIEWER_HOST_HEADER]: 'localhost:3113',
        'x-forwarded-proto': 'http',
        origin: 'http://localhost:3113',
      },
      cookies: ['refreshToken=good.token'],
    });
    expect(answer.status).toBe(200);
    expect(answer.cookies.length).toBeGreaterThan(0);
    for (const cookie of answer.cookies) expect(cookie).not.toContain('Secure');
  });

  it('removes the cookie when a route ends the session, and when the session is refused', async () => {
    const cleared = await call(clearing, { method: 'POST', path: '/api/auth/end', headers: spaHeaders });
    expect(cleared.status).toBe(204);
    expect(cleared.cookies).toEqual(sessionCookies({ origin: `https://${host}`, secure: true }));
    expect(named(cleared.cookies, 'refreshToken', '/api/auth')).toBe(
      'refreshToken=; Path=/api/auth; Max-Age=0; HttpOnly; Secure; SameSite=Strict',
    );
    expect(named(cleared.cookies, 'signedIn', '/')).toBe(
      'signedIn=; Path=/; Max-Age=0; Secure; SameSite=Strict',
    );

    const refused = await call(issuing, { headers: spaHeaders, cookies: ['refreshToken=revoked.token'] });
    expect(refused).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHENTICATED' } });
    expect(refused.cookies).toEqual(cleared.cookies);
    // Without a cookie at all, too: the marker goes.
    expect((await call(issuing, { headers: spaHeaders })).cookies).toEqual(cleared.cookies);
  });
});
