import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignJWT, base64url } from 'jose';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { httpApiEvent, lambdaContext } from '@cpbo/events/http-api-event.ts';
import { answer } from '#http/route-answers.ts';
import { routeKey, routes, type TableRoute } from '#http/routes.ts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, signAccessToken } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';
import { captureOutput } from '../../testing/log-lines.ts';
import { agentSession as agent, openSessionItem, useTestSigningKey } from '../../testing/sessions.ts';
import { ok } from './api-types.ts';
import { fallbackHandler, httpHandler, routeChain, type RouteImplementations } from './http-handler.ts';

const revokedSchema = {
  $id: 'answer/test-revoked',
  type: 'object',
  required: ['revoked'],
  additionalProperties: false,
  properties: { revoked: { type: 'integer' } },
} as const;

// A route of the table, so its schemas have precompiled validators; most tests leave its path out.
const contributeRoute = routes.find(
  (route) => routeKey(route) === 'POST /members/{id}/contribute',
) as Extract<TableRoute, { path: '/members/{id}/contribute' }>;
// Under a path of its own, out of the table: the echo answers what it was given, unchecked.
const { params: _params, idempotent: _idempotent, ...contributeParts } = contributeRoute;
const echoRoute = { ...contributeParts, path: '/echo' as const };
const ofMembers = { validators: () => import('#generated/validators/members.generated.ts') };

const echo = routeChain(
  echoRoute,
  async (request) => ok({ body: request.body, params: request.params, session: request.session }),
  ofMembers,
);

const call = async (handler: typeof echo, input: Parameters<typeof httpApiEvent>[0]) => {
  const result = await handler(httpApiEvent(input), lambdaContext('test'));
  return {
    status: result.statusCode,
    body: result.body ? JSON.parse(result.body) : undefined,
    headers: result.headers,
  };
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

// The session each access token names, as the table would hold it (one GetItem per request).
const table = mockClient(DynamoDBDocumentClient);

beforeAll(useTestSigningKey);

beforeEach(() => {
  table.reset();
  table.on(GetCommand).resolves(openSessionItem());
});

afterAll(() => table.restore());

describe('the route chain', () => {
  it('hands parsed, checked input and the session to the handler', async () => {
    const token = await signAccessToken(agent);
    const response = await call(echo, {
      method: 'POST',
      path: '/api/members/m%201/contribute',
      headers: bearer(token),
      body: JSON.stringify({ amount: 12.5 }),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ body: { amount: 12.5 }, params: {}, session: agent });
    expect(response.headers?.['cache-control']).toBe('no-store');
  });

  it('answers 401 when the session of a valid token has ended, expired or moved to another enabler', async () => {
    const token = await signAccessToken(agent);
    const request = { method: 'POST', path: '/api/x', headers: bearer(token), body: '{"amount":1}' };
    table.on(GetCommand).resolves({});
    expect((await call(echo, request)).status).toBe(401);
    const past = Math.floor(Date.now() / 1000) - 1;
    table.on(GetCommand).resolves({ Item: { ...openSessionItem().Item, expiresAt: past } });
    expect((await call(echo, request)).status).toBe(401);
    table.on(GetCommand).resolves({ Item: { ...openSessionItem().Item, endsAt: past } });
    expect((await call(echo, request)).status).toBe(401);
    table.on(GetCommand).resolves(openSessionItem('e2'));
    expect(await call(echo, request)).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHENTICATED' } });
  });

  describe('a list read alongside the session check', () => {
    const request = async () => ({
      method: 'POST',
      path: '/api/x',
      headers: bearer(await signAccessToken(agent)),
      body: '{"amount":1}',
    });
    /** The session read, held until the test answers it. */
    const heldSessionRead = () => {
      let answer: ((item: unknown) => void) | undefined;
      table.on(GetCommand).callsFake(() => new Promise((resolve) => (answer = resolve)));
      return async (item: unknown) => {
        await vi.waitFor(() => expect(answer).toBeDefined());
        answer?.(item);
      };
    };
    const chain = (readAlongsideSessionCheck: true | undefined, answer: () => Promise<unknown>) => {
      const started = { handler: false };
      const handler = routeChain(
        { ...echoRoute, ...(readAlongsideSessionCheck && { readAlongsideSessionCheck }) },
        async () => {
          started.handler = true;
          return ok(await answer());
        },
        ofMembers,
      );
      return { handler, started };
    };

    it('starts the handler before the session read answers, and answers its rows to an open session', async () => {
      const answerSessionRead = heldSessionRead();
      const { handler, started } = chain(true, async () => ({ rows: ['r1'] }));
      const answered = call(handler, await request());
      await vi.waitFor(() => expect(started.handler).toBe(true));
      await answerSessionRead(openSessionItem());
      expect(await answered).toMatchObject({ status: 200, body: { rows: ['r1'] } });
    });

    it('answers 401 and none of the rows, or of the handler’s failure, to a session that has ended', async () => {
      for (const answer of [
        async () => ({ rows: ['r1'] }),
        async () => {
          throw new AppError('ERR_FORBIDDEN_ADMIN');
        },
      ]) {
        const answerSessionRead = heldSessionRead();
        const { handler, started } = chain(true, answer);
        const answered = call(handler, await request());
        await vi.waitFor(() => expect(started.handler).toBe(true));
        await answerSessionRead({});
        const response = await answered;
        expect(response).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHENTICATED' } });
        expect(JSON.stringify(response.body)).not.toContain('r1');
      }
    });

    it('answers 401 rather than the input’s refusal to a session that has ended', async () => {
      const answerSessionRead = heldSessionRead();
      const { handler } = chain(true, async () => ({ rows: ['r1'] }));
      const answered = call(handler, { ...(await request()), body: '{"amount":"x"}' });
      await answerSessionRead({});
      expect(await answered).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHENTICATED' } });
    });

    it('leaves every other route’s handler waiting for the session read', async () => {
      const answerSessionRead = heldSessionRead();
      const { handler, started } = chain(undefined, async () => ({ rows: ['r1'] }));
      const answered = call(handler, await request());
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(started.handler).toBe(false);
      await answerSessionRead({});
      expect(await answered).toMatchObject({ status: 401 });
      expect(started.handler).toBe(false);
    });
  });

  it('answers 401 ERR_UNAUTHENTICATED without a token', async () => {
    const response = await call(echo, { method: 'POST', path: '/api/x', body: '{"amount":1}' });
    expect(response).toMatchObject({
      status: 401,
      body: { code: 'ERR_UNAUTHENTICATED', message: 'JWT validation error' },
    });
  });

  it('refuses a token signed with another key', async () => {
    const forged = await new SignJWT({
      role: 'ADMIN',
      username: 'x',
      enabler: 'e1',
      enablerName: 'x',
      sid: 's',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x@example.org')
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-of-thirty-two-byte'));
    const response = await call(echo, {
      method: 'POST',
      path: '/api/x',
      headers: bearer(forged),
      body: '{"amount":1}',
    });
    expect(response.status).toBe(401);
  });

  it('refuses a tampered token (role changed in the payload)', async () => {
    const [header, payload, signature] = (await signAccessToken(agent)).split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload as string)));
    const tampered = base64url.encode(JSON.stringify({ ...claims, role: 'ADMIN' }));
    const response = await call(echo, {
      method: 'POST',
      path: '/api/x',
      headers: bearer(`${header}.${tampered}.${signature}`),
      body: '{"amount":1}',
    });
    expect(response.status).toBe(401);
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const now = Math.floor(Date.now() / 1000);
    const payload = base64url.encode(
      JSON.stringify({
        sub: 'x@example.org',
        role: 'ADMIN',
        username: 'x',
        enabler: 'e1',
        enablerName: 'x',
        sid: 's',
        iss: ACCESS_TOKEN_ISSUER,
        aud: ACCESS_TOKEN_AUDIENCE,
        iat: now,
        exp: now + 300,
      }),
    );
    const response = await call(echo, {
      method: 'POST',
      path: '/api/x',
      headers: bearer(`${header}.${payload}.`),
      body: '{"amount":1}',
    });
    expect(response.status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await signAccessToken(agent, new Date(Date.now() - 3600_000));
    const response = await call(echo, {
      method: 'POST',
      path: '/api/x',
      headers: bearer(token),
      body: '{"amount":1}',
    });
    expect(response.status).toBe(401);
  });

  it('answers 400 ERR_INVALID_DATA_FORMAT on a malformed JSON body', async () => {
    const token = await signAccessToken(agent);
    const response = await call(echo, {
      method: 'POST',
      path: '/api/x',
      headers: bearer(token),
      body: '{"amount":',
    });
    expect(response).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
  });

  it('answers 415 when the body is not declared as JSON', async () => {
    const token = await signAccessToken(agent);
    const response = await call(echo, {
      method: 'POST',
      path: '/api/x',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      body: '{"amount":1}',
    });
    expect(response).toMatchObject({ status: 415, body: { code: 'ERR_UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('refuses unknown properties and says which', async () => {
    const token = await signAccessToken(agent);
    const response = await call(echo, {
      method: 'POST',
      path: '/api/x',
      headers: bearer(token),
      body: JSON.stringify({ amount: 1, enablerId: 'other' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ where: 'body', problem: "unknown property 'enablerId'" }]);
  });

  it('refuses a value outside the schema', async () => {
    const token = await signAccessToken(agent);
    const response = await call(echo, {
      method: 'POST',
      path: '/api/x',
      headers: bearer(token),
      body: '{"amount":0}',
    });
    expect(response).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
  });

  it('refuses query parameters on a route that declares none', async () => {
    const token = await signAccessToken(agent);
    const response = await call(echo, {
      method: 'POST',
      path: '/api/x',
      headers: bearer(token),
      query: { debug: '1' },
      body: '{"amount":1}',
    });
    expect(response.status).toBe(400);
  });

  it('lists at most 20 problems, however many the body has', async () => {
    const token = await signAccessToken(agent);
    const unknown = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`f${index}`, 0]));
    const response = await call(echo, {
      method: 'POST',
      path: '/api/x',
      headers: bearer(token),
      body: JSON.stringify({ amount: 1, ...unknown }),
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toHaveLength(20);
  });

  it('refuses a body over the size limit before parsing it, and a route may set its own limit and code', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const huge = `{"amount":1,${'"x":0,'.repeat(4000)}"y":0}`;
    const response = await call(echo, { method: 'POST', path: '/api/x', headers: bearer('t'), body: huge });
    expect(response).toMatchObject({ status: 413, body: { code: 'ERR_PAYLOAD_TOO_LARGE' } });
    expect(parse.mock.calls.some(([text]) => text === huge)).toBe(false);
    parse.mockRestore();

    const small = routeChain(
      { ...echoRoute, access: 'anonymous', maxBodyBytes: 10, bodyRules: { tooLarge: 'ERR_FILE_TOO_LONG' } },
      async () => ok({}),
      ofMembers,
    );
    const refused = await call(small, { method: 'POST', path: '/api/x', body: '{"amount":100}' });
    expect(refused).toMatchObject({ status: 413, body: { code: 'ERR_FILE_TOO_LONG' } });
  });

  it('decodes and checks path parameters against the route’s schema', async () => {
    const withId = routeChain(
      { ...echoRoute, params: contributeRoute.params, access: 'anonymous' },
      async (request) => ok({ params: request.params }),
      ofMembers,
    );
    const withParams = async (id: string) =>
      withId(
        { ...httpApiEvent({ method: 'POST', path: '/api/x', body: '{"amount":1}' }), pathParameters: { id } },
        lambdaContext('test'),
      );
    const good = await withParams('m%2D1');
    expect(JSON.parse(good.body ?? '{}')).toEqual({ params: { id: 'm-1' } });
    for (const bad of ['%', '%E0%A4%A', 'x'.repeat(3000), 'm%201', 'm.1']) {
      const answer = await withParams(bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(JSON.parse(answer.body ?? '{}').code).toBe('ERR_INVALID_DATA_FORMAT');
    }
  });

  it('keeps an enabler user off administrator routes', async () => {
    const adminOnly = routeChain({ ...echoRoute, access: 'admin' }, async () => ok({}), ofMembers);
    const token = await signAccessToken(agent);
    const response = await call(adminOnly, {
      method: 'POST',
      path: '/api/x',
      headers: bearer(token),
      body: '{"amount":1}',
    });
    expect(response).toMatchObject({ status: 403, body: { code: 'ERR_FORBIDDEN_USER' } });
  });

  it('refuses to build an idempotent route without the idempotency middleware', () => {
    expect(() => routeChain(contributeRoute, async () => ok({}), ofMembers)).toThrow(/is idempotent/);
  });

  it('refuses to build a route that declares schemas without its resource’s validators', () => {
    expect(() => routeChain(echoRoute, async () => ok({}))).toThrow(
      /declares schemas: .*validators\/members\.generated\.ts/,
    );
  });

  it('checks with the validators it is given, and only those', async () => {
    const ofAuth = { validators: () => import('#generated/validators/auth.generated.ts') };
    const wrong = routeChain({ ...echoRoute, access: 'anonymous' }, async () => ok({}), ofAuth);
    const output = captureOutput();
    const response = await call(wrong, { method: 'POST', path: '/api/x', body: '{"amount":1}' });
    output.restore();
    expect(response).toMatchObject({ status: 500, body: { code: 'ERR_INTERNAL' } });
  });

  it('maps a domain error to its catalogue status and code', async () => {
    const failing = routeChain(
      { ...echoRoute, access: 'anonymous' },
      async () => {
        throw new AppError('ERR_NO_PLOTS');
      },
      ofMembers,
    );
    const response = await call(failing, { method: 'POST', path: '/api/x', body: '{"amount":1}' });
    expect(response).toMatchObject({ status: 409, body: { code: 'ERR_NO_PLOTS' } });
  });

  it('answers 500 ERR_INTERNAL with the request id and no internals on an unexpected error', async () => {
    const output = captureOutput();
    const failing = routeChain(
      { ...echoRoute, access: 'anonymous' },
      async () => {
        throw new Error('connection string postgres://secret');
      },
      ofMembers,
    );
    const response = await call(failing, { method: 'POST', path: '/api/x', body: '{"amount":1}' });
    output.restore();
    expect(response.status).toBe(500);
    expect(response.body.code).toBe('ERR_INTERNAL');
    expect(typeof response.body.requestId).toBe('string');
    expect(JSON.stringify(response.body)).not.toContain('secret');
    expect(output.lines()).toContainEqual(
      expect.objectContaining({
        level: 'ERROR',
        message: 'Unexpected error',
        requestId: response.body.requestId,
        error: expect.objectContaining({ message: 'connection string postgres://secret' }),
      }),
    );
  });
});

describe('the check of the answers in the tests', () => {
  const revokedRoute = {
    ...echoRoute,
    access: 'anonymous' as const,
    body: undefined,
    response: answer(revokedSchema),
  };

  it('is on in every test project', () => {
    expect(process.env.CPBO_CHECK_ANSWERS).toBe('on');
  });

  it('lets an answer that keeps the route’s contract through', async () => {
    const keeping = routeChain(revokedRoute, async () => ok({ revoked: 2 }));
    expect(await call(keeping, { method: 'POST', path: '/api/x' })).toMatchObject({
      status: 200,
      body: { revoked: 2 },
    });
  });

  it('turns an answer that breaks it into a 500, with a line that names the route and the field', async () => {
    const output = captureOutput();
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    const breaking = routeChain(revokedRoute, async () => ok({ revokedCount: 2 }));
    const response = await call(breaking, { method: 'POST', path: '/api/x' });
    output.restore();
    const printed = console.mock.calls.flat();
    console.mockRestore();
    expect(response).toMatchObject({ status: 500, body: { code: 'ERR_INTERNAL' } });
    const broken =
      "ANSWER CONTRACT BROKEN on POST /echo: answer 200: body must have required property 'revoked', body must NOT have additional properties";
    expect(printed).toEqual([broken]);
    expect(output.lines()).toContainEqual(
      expect.objectContaining({
        message: 'Unexpected error',
        error: expect.objectContaining({ message: broken }),
      }),
    );
  });

  it('turns an error answer outside the catalogue into a failure of the call', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    const output = captureOutput();
    const wrongError = routeChain(revokedRoute, async () => {
      throw Object.assign(new Error('I am a teapot'), { statusCode: 418, expose: true });
    });
    const response = await call(wrongError, { method: 'POST', path: '/api/x' });
    output.restore();
    console.mockRestore();
    // Unknown to the catalogue, it is answered 500 ERR_INTERNAL, which keeps the contract.
    expect(response).toMatchObject({ status: 500, body: { code: 'ERR_INTERNAL' } });
  });
});

describe('a resource handler', () => {
  it('refuses to start when a route of the resource has no implementation', () => {
    expect(() => httpHandler('me', {} as RouteImplementations<'me'>)).toThrow(
      /missing \[GET \/me\/enabler, PUT \/me\/language, GET \/me\/preferences, PUT \/me\/preferences\/\{table\}\]/,
    );
  });

  it('answers 405 for another method on a routed path and 404 for an unknown path', async () => {
    const handler = httpHandler(
      'me',
      {
        'GET /me/enabler': async () => ok({ id: 'e1' }),
        'PUT /me/language': async () => ok({}),
        'GET /me/preferences': async () => ok({ tables: {} }),
        'PUT /me/preferences/{table}': async () => ok({ tables: {} }),
      },
      { validators: () => import('#generated/validators/me.generated.ts') },
    );
    const context = lambdaContext('me');
    const wrongMethod = await handler(httpApiEvent({ method: 'DELETE', path: '/api/me/enabler' }), context);
    expect(wrongMethod.statusCode).toBe(405);
    const fallback = fallbackHandler();
    const unknown = await fallback(httpApiEvent({ method: 'GET', path: '/api/nothing/here' }), context);
    expect(unknown.statusCode).toBe(404);
    expect(JSON.parse(unknown.body ?? '{}').code).toBe('ERR_NOT_FOUND');
    const knownPathOtherMethod = await fallback(
      httpApiEvent({ method: 'PATCH', path: '/api/members/42' }),
      context,
    );
    expect(knownPathOtherMethod.statusCode).toBe(405);
  });
});
