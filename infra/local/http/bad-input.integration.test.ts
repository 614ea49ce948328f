import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JSONSchema } from '@cpbo/schemas';
import { errorCatalogue } from '@cpbo/schemas/error-catalogue.ts';
import {
  DEFAULT_MAX_BODY_BYTES,
  routeKey,
  routes,
  type RouteDefinition,
} from '@cpbo/functions/http/routes.ts';
import {
  objectMutants,
  sampleOf,
  seededShuffle,
  textMapMutants,
  validatorOf,
} from '@cpbo/functions/testing/malformed-inputs.ts';
import { givenEnabler, givenUser } from '@cpbo/functions/testing/fixtures.ts';
import { startApiOverHttp, type ApiOverHttp, type HttpCall } from '../testing/api-over-http.ts';

/*
 * Bad input on every route (docs/security.md, "How the tests prove it"): malformed bodies, queries and
 * path parameters generated from each route's own schemas, sent over HTTP by a caller the route lets in.
 * Each answer is a 4xx with a code of the catalogue (its status), never a 5xx, and the table is item for
 * item the same after as before: nothing is left out of the comparison (the callers sign in before the
 * first scan; a session check only reads, and a refused call writes no log item or counter).
 */

/** Field mutants sent per route and part, a fixed-seed sample (the structural ones are always sent). */
const SAMPLE_PER_PART = 12;
const SEED = 16;

interface Mutant {
  what: string;
  call: Omit<HttpCall, 'token'>;
}

const query = (parameters: Record<string, string>): string => {
  const text = new URLSearchParams(parameters).toString();
  return text ? `?${text}` : '';
};

/** The route's path with its parameters, given decoded (encoded here) or raw. */
const pathOf = (route: RouteDefinition, parameters: Record<string, string>, raw = false): string =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = parameters[name] ?? '';
    return raw ? value : encodeURIComponent(value);
  });

/** The parts of a valid request of the route (a resource that need not exist: no mutant is valid). */
const validParts = (route: RouteDefinition) => {
  const params = (route.params ? sampleOf(route.params as never) : {}) as Record<string, string>;
  const body = route.body ? sampleOf(route.body as never) : undefined;
  const queryBase = {} as Record<string, string>;
  return { params, body, queryBase };
};

const mutantsOf = (route: RouteDefinition): Mutant[] => {
  const { params, body, queryBase } = validParts(route);
  const path = pathOf(route, params);
  const method = route.method;
  const json = body === undefined ? undefined : JSON.stringify(body);
  const limit = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const jsonType = { 'content-type': 'application/json' };

  const structural: Mutant[] = [
    { what: 'malformed JSON', call: { method, path, rawBody: '{"name": ', headers: jsonType } },
    { what: 'a trailing comma', call: { method, path, rawBody: '{"a": 1,}', headers: jsonType } },
    {
      // An overlong encoding of '"' (C0 A2): invalid UTF-8 that a lax decoder would read as a quote.
      what: 'invalid UTF-8',
      call: {
        method,
        path,
        rawBody: Buffer.concat([
          Buffer.from('{"name": "x'),
          Buffer.from([0xc0, 0xa2, 0xff]),
          Buffer.from('}'),
        ]),
        headers: jsonType,
      },
    },
    {
      what: 'UTF-16 JSON',
      call: {
        method,
        path,
        rawBody: Buffer.from(json ?? '{"a": 1}', 'utf16le'),
        headers: { 'content-type': 'application/json; charset=utf-16' },
      },
    },
    {
      what: 'a text content type',
      call: { method, path, rawBody: json ?? '{}', headers: { 'content-type': 'text/plain' } },
    },
    {
      what: 'a form content type',
      call: {
        method,
        path,
        rawBody: 'name=x&role=ADMIN',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    },
    ...['null', '[]', '"text"', '42', 'true'].map((text) => ({
      what: `the body ${text}`,
      call: { method, path, rawBody: text, headers: jsonType },
    })),
    {
      what: 'a body over the limit',
      call: {
        method,
        path,
        body: { ...(typeof body === 'object' ? body : {}), padding: 'x'.repeat(limit + 1) },
      },
    },
    { what: 'an unknown query parameter', call: { method, path: `${path}?unexpected=1` } },
    {
      what: 'a broken percent-encoding in the path',
      call: {
        method,
        path: route.params
          ? pathOf(route, { ...params, [Object.keys(params)[0] as string]: '%E0%A4%A' }, true)
          : `${path}/%ZZ`,
      },
    },
  ];
  if (route.body) structural.push({ what: 'no body', call: { method, path } });
  // A route without a body takes none: the structural bodies above are refused whole.
  const withBody = (what: string, value: unknown): Mutant => ({ what, call: { method, path, body: value } });

  const sampled = (mutants: Mutant[], salt: number) =>
    seededShuffle(mutants, SEED + salt).slice(0, SAMPLE_PER_PART);
  const bodyMutants = route.body
    ? objectMutants(route.body).map(({ what, value }) => withBody(`body ${what}`, value))
    : [];
  const queryMutants = route.query
    ? textMapMutants(route.query, queryBase).map(({ what, value }) => ({
        what: `query ${what}`,
        call: { method, path: `${path}${query(value)}`, ...(json ? { body } : {}) },
      }))
    : [];
  const pathMutants = route.params
    ? textMapMutants(route.params, params)
        .filter(({ what }) => what !== 'an unknown parameter')
        .map(({ what, value }) => ({
          what: `path ${what}`,
          call: { method, path: pathOf(route, value), ...(json ? { body } : {}) },
        }))
    : [];
  return [...structural, ...sampled(bodyMutants, 1), ...sampled(queryMutants, 2), ...sampled(pathMutants, 3)];
};

const keyOf = (item: Record<string, unknown>) => `${String(item.pk)} ${String(item.sk)}`;
const dataOf = async (api: ApiOverHttp) =>
  new Map(
    (await api.scan()).map((item) => [keyOf(item), JSON.stringify(item, Object.keys(item).sort())] as const),
  );

let api: ApiOverHttp;
const tokens = {} as Record<'admin' | 'signedIn' | 'refreshToken', string>;
let before: Map<string, string>;
let sent = 0;
let startedAt = 0;

beforeAll(async () => {
  expect(process.env.CPBO_CHECK_ANSWERS).toBe('on');
  api = await startApiOverHttp();
  const enablerId = (await givenEnabler()).id;
  const signIn = async (role: 'ADMIN' | 'USER') => {
    const user = await givenUser({ role, enablerId });
    return api.signIn(user.email, user.password);
  };
  const admin = await signIn('ADMIN');
  const agent = await signIn('USER');
  tokens.admin = admin.token;
  tokens.signedIn = agent.token;
  tokens.refreshToken = agent.refreshToken;
  before = await dataOf(api);
  startedAt = Date.now();
}, 60_000);

afterAll(async () => {
  console.log(
    `[bad input] ${routes.length} routes, ${sent} malformed requests in ${Date.now() - startedAt} ms`,
  );
  await api?.stop();
});

describe('bad input on every route', () => {
  it('generates a valid request of every route from its schemas, which the mutants break', () => {
    for (const route of routes) {
      const { params, body } = validParts(route);
      for (const [part, schema, value] of [
        ['body', route.body, body],
        ['params', route.params, params],
      ] as const) {
        if (schema) expect(validatorOf(schema as JSONSchema)(value), `${routeKey(route)} ${part}`).toBe(true);
      }
    }
  });

  for (const route of routes) {
    const key = routeKey(route);
    it(`answers a 4xx with a catalogue code to malformed ${key}`, async () => {
      const token = route.access === 'anonymous' ? undefined : tokens[route.access];
      for (const { what, call } of mutantsOf(route)) {
        const answer = await api.call({ ...call, token });
        sent += 1;
        const code = answer.body?.code as keyof typeof errorCatalogue | undefined;
        const where = `${key} with ${what}: ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 200)}`;
        expect.soft(answer.status >= 400 && answer.status < 500, where).toBe(true);
        // The caller is let in: a refusal of who it is would hide the input from the check.
        expect.soft([401, 403], where).not.toContain(answer.status);
        expect.soft(code && errorCatalogue[code]?.status, where).toBe(answer.status);
      }
      expect(api.failures, 'calls that failed inside the server').toEqual([]);
    });
  }

  it('answers 400 ERR_INVALID_DATA_FORMAT to an admin list sorted on two columns at once', async () => {
    for (const [path, sorts] of [
      ['/admin/plots', ['sort:name', 'sort:latitude']],
      ['/admin/contributions', ['sort:amount', 'sort:memberName']],
      ['/admin/payouts', ['sort:assessmentId', 'sort:payoutDate']],
      ['/admin/cashouts', ['sort:createdBy', 'sort:memberNumber']],
    ] as const) {
      const answer = await api.call({
        method: 'GET',
        path: `${path}${query(Object.fromEntries(sorts.map((sort) => [sort, 'asc'])))}`,
        token: tokens.admin,
      });
      sent += 1;
      expect.soft(answer, path).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
    }
  });

  it('left the table as it was', async () => {
    const after = await dataOf(api);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (key) => before.get(key) !== after.get(key),
    );
    expect(changed, 'items written, changed or removed by malformed requests').toEqual([]);
  });
});
