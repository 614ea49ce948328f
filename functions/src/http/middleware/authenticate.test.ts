import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { signAccessToken, type Session } from '#platform/access-token.ts';
import { logger } from '#platform/logger.ts';
import { captureOutput } from '../../testing/log-lines.ts';
import { agentSession as agent, openSessionItem, useTestSigningKey } from '../../testing/sessions.ts';
import { runMiddleware } from '../../testing/run-middleware.ts';
import { authenticate } from './authenticate.ts';

const administrator: Session = { ...agent, email: 'admin@example.org', role: 'ADMIN' };

const table = mockClient(DynamoDBDocumentClient);

const call = (headers: Record<string, string> = {}) => ({ method: 'GET', path: '/api/things', headers });
const withToken = async (session: Session) =>
  call({ authorization: `Bearer ${await signAccessToken(session)}` });

let output: ReturnType<typeof captureOutput>;

beforeAll(useTestSigningKey);

beforeEach(() => {
  table.reset();
  table.on(GetCommand).resolves(openSessionItem());
  output = captureOutput();
});

afterEach(() => output.restore());
afterAll(() => table.restore());

describe('authenticate', () => {
  it('should let an anonymous call through without a token or a read', async () => {
    const { event, handlerCalls } = await runMiddleware(authenticate({ access: 'anonymous' }), call());
    expect(handlerCalls).toBe(1);
    expect(event.session).toBeUndefined();
    expect(table.calls()).toHaveLength(0);
  });

  it('should refuse a call without a bearer token with ERR_UNAUTHENTICATED', async () => {
    for (const access of ['refreshToken', 'signedIn', 'admin'] as const) {
      const headersTried: Record<string, string>[] = [
        {},
        { authorization: 'Basic YTpi' },
        { authorization: 'Bearer' },
      ];
      for (const headers of headersTried) {
        await expect(runMiddleware(authenticate({ access }), call(headers)), access).rejects.toMatchObject({
          code: 'ERR_UNAUTHENTICATED',
          status: 401,
        });
      }
    }
  });

  it('should hand a refreshToken call its bearer token, which its handler checks', async () => {
    const { event } = await runMiddleware(
      authenticate({ access: 'refreshToken' }),
      call({ Authorization: 'bearer abc.def' }),
    );
    expect(event.refreshTokens).toEqual(['abc.def']);
    expect(event.session).toBeUndefined();
    expect(table.calls()).toHaveLength(0);
  });

  it("should take the SPA's refresh tokens from its session cookies only, never from a bearer", async () => {
    const viewer = { origin: 'https://app.example.org', secure: true };
    const fromCookie = await runMiddleware(authenticate({ access: 'refreshToken' }), call(), {
      extra: { browserSession: { viewer, refreshTokens: ['planted.junk', 'cookie.token'] } },
    });
    expect(fromCookie.event.refreshTokens).toEqual(['planted.junk', 'cookie.token']);
    await expect(
      runMiddleware(authenticate({ access: 'refreshToken' }), call({ authorization: 'Bearer abc.def' }), {
        extra: { browserSession: { viewer, refreshTokens: [] } },
      }),
    ).rejects.toMatchObject({ code: 'ERR_UNAUTHENTICATED' });
  });

  it('should set the session of a valid token whose session is open, read strongly consistent', async () => {
    const { event } = await runMiddleware(authenticate({ access: 'signedIn' }), await withToken(agent));
    expect(event.session).toEqual(agent);
    const reads = table.commandCalls(GetCommand);
    expect(reads).toHaveLength(1);
    expect(reads[0]?.args[0].input).toMatchObject({
      Key: { pk: 'USER#agent@example.org', sk: 'SESSION#s1' },
      ConsistentRead: true,
    });
  });

  it('should refuse a valid token whose session has ended, or an invalid token, with ERR_UNAUTHENTICATED', async () => {
    table.on(GetCommand).resolves({});
    await expect(
      runMiddleware(authenticate({ access: 'signedIn' }), await withToken(agent)),
    ).rejects.toMatchObject({
      code: 'ERR_UNAUTHENTICATED',
    });
    table.on(GetCommand).resolves(openSessionItem());
    const forged = call({ authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });
    await expect(runMiddleware(authenticate({ access: 'signedIn' }), forged)).rejects.toMatchObject({
      code: 'ERR_UNAUTHENTICATED',
    });
  });

  it('should keep anyone but an administrator off an admin call with ERR_FORBIDDEN_USER', async () => {
    await expect(
      runMiddleware(authenticate({ access: 'admin' }), await withToken(agent)),
    ).rejects.toMatchObject({
      code: 'ERR_FORBIDDEN_USER',
      status: 403,
    });
    const { event } = await runMiddleware(authenticate({ access: 'admin' }), await withToken(administrator));
    expect(event.session).toEqual(administrator);
  });

  it('should name the caller’s enabler on every later log line of the call', async () => {
    await runMiddleware(authenticate({ access: 'signedIn' }), await withToken(agent), {
      handler: async () => {
        await logger.info('Working');
        return { statusCode: 200 };
      },
    });
    expect(output.lines().find((line) => line.message === 'Working')).toMatchObject({ enabler: 'e1' });
  });
});
