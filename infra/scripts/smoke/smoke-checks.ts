import { randomUUID } from 'node:crypto';
import { API_BASE, routes } from '@cpbo/functions/http/routes.ts';
import { securityHeaders } from '../../lib/security-headers.ts';
import { ORIGIN_VERIFY_HEADER } from '../../lib/origin-verify-header.ts';
import { DEFAULT_SIGN_IN_RATE_LIMIT } from '../../lib/edge-protection-stack.ts';
import { bannerPng, logoPng, pngDataUrl } from '../../local/seed/png.ts';

/*
 * The smoke test of an environment: what its users rely on, checked from outside in a minute, after
 * each deployment (docs/operations.md, "After each deployment"). Each check answers what went wrong.
 */

export interface SmokeOptions {
  /** The application's address (DistributionUrl), or the local runtime's. */
  url: string;
  /** The API's own origin (ApiUrl): a call straight to it must be refused. */
  apiUrl: string;
  admin: { email: string; password: string };
  /** The WAF's sign-in limit per client and 5 minutes; none on the local runtime (no WAF there). */
  signInRateLimit?: number;
}

export interface SmokeCheck {
  name: string;
  run(options: SmokeOptions): Promise<void>;
}

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the checks read any field of the JSON answer
  body: any;
}

const call = async (
  base: string,
  path: string,
  {
    method = 'GET',
    token,
    body,
    headers = {},
  }: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> => {
  const response = await fetch(`${base.replace(/\/+$/, '')}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (the SPA's page): kept as text.
  }
  return { status: response.status, headers: response.headers, body: parsed };
};

const expectStatus = (answer: Answer, status: number, what: string) => {
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}, not ${status}: ${JSON.stringify(answer.body)}`);
  return answer;
};

const api = (options: SmokeOptions, path: string, init?: Parameters<typeof call>[2]) =>
  call(options.url, `${API_BASE}${path}`, init);

const signIn = async (options: SmokeOptions) =>
  expectStatus(
    await api(options, '/auth/login', {
      method: 'POST',
      body: { username: options.admin.email, password: options.admin.password },
    }),
    200,
    'the administrator’s sign-in',
  ).body as { accessToken: string; enabler: string };

/**
 * The security headers that are not the code's (`infra/lib/security-headers.ts`). The policy names the
 * environment's files bucket, read from the policy itself: all the rest must be as written.
 */
const wrongHeaders = (answer: Answer): string[] => {
  const filesOrigin = /connect-src 'self' (\S+?);/.exec(
    answer.headers.get('content-security-policy') ?? '',
  )?.[1];
  return Object.entries(securityHeaders(filesOrigin ?? '(no files origin)'))
    .filter(([name, value]) => answer.headers.get(name) !== value)
    .map(([name]) => `${name}: ${answer.headers.get(name) ?? '(none)'}`);
};

/** The smallest configuration there is: what a new enabler needs before an administrator can work in it. */
const smokeConfig = {
  currency: 'XOF',
  maxCompensationFactor: 1,
  lengthOfSeasonInMonth: 1,
  lengthOfCoverageInMonth: 1,
  benefitFactorsByMonth: [1],
};

/**
 * A throwaway enabler: created with its images and a configuration, the administrator works in it (a
 * member added, read, changed and removed), comes back to the enabler it was in, and removes it.
 */
const throwawayEnabler: SmokeCheck = {
  name: 'reads and writes in a throwaway enabler, then removes it',
  run: async (options) => {
    const problems: string[] = [];
    /** A step whose failure is noted, so that the steps that clean up still run. */
    const step = async (what: () => Promise<void>) => {
      try {
        await what();
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
      }
    };
    const session = await signIn(options);
    let token = session.accessToken;
    const enabler = expectStatus(
      await api(options, '/admin/enablers', {
        method: 'POST',
        token,
        body: {
          name: `Smoke test ${new Date().toISOString()}`,
          logo: pngDataUrl(logoPng('#444444')),
          banner: pngDataUrl(bannerPng('#444444')),
        },
      }),
      201,
      'the enabler’s creation',
    ).body as { id: string };
    let switched = false;
    let memberId: string | undefined;
    await step(async () => {
      const config = { method: 'POST', token, body: smokeConfig };
      expectStatus(
        await api(options, `/admin/enablers/${enabler.id}/configs`, config),
        201,
        'its configuration',
      );
      const moved = await api(options, `/auth/enablerProfile/${enabler.id}`, { token });
      token = expectStatus(moved, 200, 'the switch to it').body.accessToken;
      switched = true;
      const number = `SMOKE-${randomUUID().slice(0, 8)}`;
      const fields = { name: 'Smoke Test', village: 'Smoke village', number };
      const created = await api(options, '/admin/members', { method: 'POST', token, body: fields });
      memberId = (expectStatus(created, 201, 'a member’s creation').body as { id: string }).id;
      const page = `/members/${memberId}`;
      const read = expectStatus(await api(options, page, { token }), 200, 'its page');
      if (read.body.number !== number)
        throw new Error(`its page shows number ${read.body.number}, not ${number}`);
      const change = { method: 'POST', token, body: { ...fields, number: `${number}-2` } };
      expectStatus(await api(options, `/admin/members/${memberId}`, change), 204, 'its change');
      const changed = expectStatus(await api(options, page, { token }), 200, 'its page');
      if (changed.body.number !== `${number}-2`) throw new Error('its page does not show its change');
    });
    if (memberId)
      await step(async () => {
        // The member is gone at once; a job deletes its records (none here) after it.
        const removed = await api(options, `/admin/members/${memberId}`, { method: 'DELETE', token });
        expectStatus(removed, 202, 'its removal');
        const gone = await api(options, `/members/${memberId}`, { token });
        if (expectStatus(gone, 410, 'its page once removed').body?.code !== 'ERR_MEMBER_DELETED')
          throw new Error(`its page once removed answered ${gone.body?.code}, not ERR_MEMBER_DELETED`);
      });
    if (switched && session.enabler)
      await step(async () => {
        const back = await api(options, `/auth/enablerProfile/${session.enabler}`, { token });
        token = expectStatus(back, 200, 'the switch back').body.accessToken;
      });
    await step(async () => {
      const removed = await api(options, `/admin/enablers/${enabler.id}`, { method: 'DELETE', token });
      expectStatus(removed, 204, 'the enabler’s removal');
      const listed = expectStatus(await api(options, '/admin/enablers', { token }), 200, 'the enablers');
      if ((listed.body as { id: string }[]).some((other) => other.id === enabler.id))
        throw new Error('the removed enabler is still listed');
    });
    await api(options, '/auth/logout', { method: 'POST', token });
    if (problems.length) throw new Error(problems.join('; '));
  },
};

const headers: SmokeCheck = {
  name: 'the security headers on the application and on the API',
  run: async (options) => {
    const problems = [
      ...wrongHeaders(await call(options.url, '/')).map((problem) => `/ ${problem}`),
      ...wrongHeaders(await api(options, '/openapi.json')).map((problem) => `/api/openapi.json ${problem}`),
    ];
    if (problems.length) throw new Error(`wrong or missing: ${problems.join('; ')}`);
  },
};

const openApi: SmokeCheck = {
  name: 'the OpenAPI document, with every route',
  run: async (options) => {
    const { body } = expectStatus(await api(options, '/openapi.json'), 200, 'GET /api/openapi.json');
    if (!String(body?.openapi).startsWith('3.')) throw new Error(`no OpenAPI 3 document: ${body?.openapi}`);
    // Its paths are below its server's URL, /api.
    const missing = routes.filter((route) => !body.paths?.[route.path]?.[route.method.toLowerCase()]);
    if (missing.length)
      throw new Error(
        `routes missing: ${missing.map((route) => `${route.method} ${route.path}`).join(', ')}`,
      );
  },
};

/** API Gateway's answers to a call the origin check refuses: no header, or a wrong one. */
const originRefusal: SmokeCheck = {
  name: 'a direct call to the API’s origin is refused',
  run: async (options) => {
    const bare = await call(options.apiUrl, `${API_BASE}/openapi.json`);
    const forged = await call(options.apiUrl, `${API_BASE}/openapi.json`, {
      headers: { [ORIGIN_VERIFY_HEADER]: randomUUID() },
    });
    if (bare.status !== 401 && bare.status !== 403) throw new Error(`without the header: ${bare.status}`);
    if (forged.status !== 403) throw new Error(`with a wrong header: ${forged.status}`);
  },
};

/**
 * The WAF's limit on sign-ins: more than the limit from this client within its 5 minutes, with a name no
 * account has (no account is locked), until one is answered 429. This client is then refused the sign-in
 * calls for some minutes: it runs last.
 */
export const signInBurst: SmokeCheck = {
  name: 'the WAF answers 429 to a burst of sign-ins',
  run: async (options) => {
    const limit = options.signInRateLimit ?? DEFAULT_SIGN_IN_RATE_LIMIT;
    const username = `smoke-${randomUUID()}@example.invalid`;
    // WAF counts with a delay of up to a minute or so: it keeps sending, 10 at a time, for 3 minutes at most.
    const deadline = Date.now() + 180_000;
    let sent = 0;
    while (Date.now() < deadline) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          api(options, '/auth/login', { method: 'POST', body: { username, password: 'not the password' } }),
        ),
      );
      sent += answers.length;
      const limited = answers.find((answer) => answer.status === 429);
      if (limited) {
        if (limited.body?.code !== 'ERR_TOO_MANY_REQUESTS')
          throw new Error(`the 429 has code ${limited.body?.code}, not ERR_TOO_MANY_REQUESTS`);
        if (sent <= limit) throw new Error(`429 after ${sent} sign-ins, not above the limit of ${limit}`);
        return;
      }
    }
    throw new Error(`no 429 after ${sent} sign-ins (limit ${limit})`);
  },
};

/** The checks for a target, in order: the burst last (it locks this client out of signing in). */
export const smokeChecks = (options: SmokeOptions): SmokeCheck[] => [
  openApi,
  headers,
  throwawayEnabler,
  originRefusal,
  ...(options.signInRateLimit === 0 ? [] : [signInBurst]),
];

export interface SmokeResult {
  name: string;
  seconds: number;
  problem?: string;
}

/** Runs the checks one after the other; answers each one's outcome. */
export const runSmoke = async (options: SmokeOptions): Promise<SmokeResult[]> => {
  const results: SmokeResult[] = [];
  for (const check of smokeChecks(options)) {
    const started = Date.now();
    try {
      await check.run(options);
      results.push({ name: check.name, seconds: (Date.now() - started) / 1000 });
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      results.push({ name: check.name, seconds: (Date.now() - started) / 1000, problem });
    }
  }
  return results;
};
