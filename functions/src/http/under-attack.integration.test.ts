import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFRESH_GRACE_SECONDS } from '#domain/refresh-tokens.ts';
import { createEnabler, updateEnabler } from '#data/enablers/enablers.ts';
import { getMember } from '#data/members/members.ts';
import { getPlots, updatePlot } from '#data/members/plots.ts';
import { createMoneyRecord } from '#data/money/money-create.ts';
import { getUser } from '#data/accounts/users.ts';
import type { AppError } from '#platform/app-error.ts';
import { CookieJar, spaHeaders } from '../testing/browser-cookies.ts';
import { callApi, type CallOptions } from '../testing/call-api.ts';
import { captureMail, givenEnabler, givenUser, tinyImage, uniqueEmail } from '../testing/fixtures.ts';
import { givenPayout } from '../testing/money-fixtures.ts';
import { addPlotOfMember, onboardMember } from '../testing/member-requests.ts';
import { refreshSession, signIn } from '../testing/signed-in-users.ts';
import { handler as adminEnablers } from './admin-enablers/handler.ts';
import { handler as adminUsers } from './admin-users/handler.ts';
import { handler as auth } from './auth/handler.ts';
import { handler as me } from './me/handler.ts';
import { handler as registration } from './registration/handler.ts';
import { routes, type Resource } from './routes.ts';

/*
 * Each fault of issue 10, tried as an attacker would, against DynamoDB Local: every test here failed
 * on the code before the fix.
 */

const outbox = captureMail();

const myEnabler = (accessToken: string) => callApi(me, 'GET', '/me/enabler', { token: accessToken });
const userPath = (email: string) => `/admin/users/${encodeURIComponent(email)}`;
const requestReset = (email: string) =>
  callApi(registration, 'POST', '/resetPassword/request', { body: { email } });
const resetWith = (token: string, password: string) =>
  callApi(registration, 'POST', '/resetPassword', { body: { token, password } });

const lockMailsAbout = (email: string, administrator: string) =>
  outbox.to(administrator).filter((mail) => mail.text.includes(email));

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

let enablerId: string;
let adminEmail: string;
let adminToken: string;

const signedIn = async (role: 'USER' | 'ADMIN' = 'USER', enabler = enablerId) => {
  const user = await givenUser({ role, enablerId: enabler });
  const session = (await signIn(user.email, user.password)).body;
  expect(session.accessToken).toBeTruthy();
  return { user, session };
};

const lockByBadPasswords = async (email: string) => {
  for (let attempt = 0; attempt < 5; attempt += 1) await signIn(email, `bad password ${attempt}`);
};

beforeAll(async () => {
  enablerId = (await givenEnabler()).id;
  const administrator = await givenUser({ role: 'ADMIN', enablerId });
  adminEmail = administrator.email;
  adminToken = (await signIn(administrator.email, administrator.password)).body.accessToken;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('fault 1: a stolen access token cannot mint sessions', () => {
  it('refuses the enabler switch once the session is revoked, and keeps a switched session in its family', async () => {
    const target = await givenEnabler();
    const { user, session: stolen } = await signedIn('ADMIN');
    // The owner notices and signs out everywhere: the thief still holds the access token.
    await callApi(auth, 'GET', '/auth/logoutFromEverywhere', { token: stolen.accessToken });
    const minted = await callApi(auth, 'GET', `/auth/enablerProfile/${target.id}`, {
      token: stolen.accessToken,
    });
    expect(minted).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHENTICATED' } });
    expect(minted.body.refreshToken).toBeUndefined();

    // A legitimate switch keeps the session: replaying the pre-switch refresh token revokes it all.
    const current = (await signIn(user.email, user.password)).body;
    const switched = await callApi(auth, 'GET', `/auth/enablerProfile/${target.id}`, {
      token: current.accessToken,
    });
    expect(switched.status).toBe(200);
    const moved = await refreshSession(switched.body.refreshToken);
    expect(moved.body).toMatchObject({ enabler: target.id });
    expect((await myEnabler(current.accessToken)).status).toBe(401);
    expect((await refreshSession(current.refreshToken)).status).toBe(401);
    expect((await refreshSession(moved.body.refreshToken)).status).toBe(401);
  });
});

describe('fault 2: an access token dies with its session, on the very next request', () => {
  const revocations: [
    string,
    (victim: { email: string; password: string; otherSession: string }) => Promise<unknown>,
  ][] = [
    [
      'logout from everywhere',
      ({ otherSession }) => callApi(auth, 'GET', '/auth/logoutFromEverywhere', { token: otherSession }),
    ],
    [
      'a password change',
      ({ password, otherSession }) =>
        callApi(auth, 'PUT', '/auth/password', {
          token: otherSession,
          body: { currentPassword: password, newPassword: 'a brand new password' },
        }),
    ],
    [
      'deactivation',
      ({ email }) =>
        callApi(adminUsers, 'POST', userPath(email), { token: adminToken, body: { active: false } }),
    ],
    [
      'a role change',
      ({ email }) =>
        callApi(adminUsers, 'POST', userPath(email), { token: adminToken, body: { role: 'ANDROID_USER' } }),
    ],
    ['deletion', ({ email }) => callApi(adminUsers, 'DELETE', userPath(email), { token: adminToken })],
    [
      'a forced renewal',
      ({ email }) =>
        callApi(adminUsers, 'POST', '/admin/users/forcePasswordRenew', {
          token: adminToken,
          body: { email },
        }),
    ],
    ['a lock', ({ email }) => lockByBadPasswords(email)],
  ];

  for (const [what, revoke] of revocations) {
    it(`refuses the stolen token after ${what}`, async () => {
      const { user, session: stolen } = await signedIn();
      const otherSession = (await signIn(user.email, user.password)).body.accessToken;
      expect((await myEnabler(stolen.accessToken)).status).toBe(200);
      await revoke({ email: user.email, password: user.password, otherSession });
      expect(await myEnabler(stolen.accessToken)).toMatchObject({
        status: 401,
        body: { code: 'ERR_UNAUTHENTICATED' },
      });
    });
  }
});

describe('fault 3: editing a user changes only what the administrator changed', () => {
  it('keeps a lock and a pending renewal through an edit, and through the switch turned back on', async () => {
    const locked = await givenUser({ role: 'USER', enablerId });
    await lockByBadPasswords(locked.email);
    const renewing = await givenUser({ role: 'USER', enablerId });
    await callApi(adminUsers, 'POST', '/admin/users/forcePasswordRenew', {
      token: adminToken,
      body: { email: renewing.email },
    });

    for (const user of [locked, renewing]) {
      // What an edit form that sends every field sends, and a name-only change.
      const edits = [{ username: 'Renamed', role: 'USER', active: true }, { username: 'Renamed again' }];
      for (const body of edits) {
        const edited = await callApi(adminUsers, 'POST', userPath(user.email), { token: adminToken, body });
        expect(edited.status).toBe(200);
        expect((await signIn(user.email, user.password)).body.code).toBe('ERR_LOGIN_INACTIVE');
      }
      // Off, then on again: the explicit reactivation leaves the lock or renewal to a new password.
      await callApi(adminUsers, 'POST', userPath(user.email), { token: adminToken, body: { active: false } });
      const on = await callApi(adminUsers, 'POST', userPath(user.email), {
        token: adminToken,
        body: { active: true },
      });
      expect(on.body).toMatchObject({ active: true, username: 'Renamed again' });
      expect((await signIn(user.email, user.password)).body.code).toBe('ERR_LOGIN_INACTIVE');
    }
    const listed = (await callApi(adminUsers, 'GET', '/admin/users', { token: adminToken })).body as {
      email: string;
      blocked: string | null;
    }[];
    expect(listed.find((user) => user.email === locked.email)?.blocked).toBe('BAD_PASSWORDS');
    expect(listed.find((user) => user.email === renewing.email)?.blocked).toBe('RENEWAL_FORCED');
  });
});

describe('fault 4: parallel bad passwords lock once', () => {
  it('answers ERR_ACCOUNT_JUST_LOCKED once, and mails each administrator once, for 20 wrong passwords at once', async () => {
    const victim = await givenUser({ role: 'USER', enablerId });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => signIn(victim.email, `guess number ${index}`)),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 'ERR_ACCOUNT_JUST_LOCKED')).toHaveLength(1);
    expect(codes.filter((code) => code === 'ERR_LOGIN_INVALID')).toHaveLength(19);
    expect(lockMailsAbout(victim.email, adminEmail)).toHaveLength(1);
    expect((await getUser(victim.email))?.blocked).toBe('BAD_PASSWORDS');
  });
});

describe('fault 5: a session cannot guess the password without limit', () => {
  it('counts wrong current passwords toward the lock, which ends the session', async () => {
    const { user, session } = await signedIn();
    const codes = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await callApi(auth, 'PUT', '/auth/password', {
        token: session.accessToken,
        body: { currentPassword: `guess ${attempt}`, newPassword: 'taken over password' },
      });
      codes.push(answer.body.code);
    }
    expect(codes.slice(0, 5)).toEqual([
      'ERR_LOGIN_INVALID',
      'ERR_LOGIN_INVALID',
      'ERR_LOGIN_INVALID',
      'ERR_LOGIN_INVALID',
      'ERR_ACCOUNT_JUST_LOCKED',
    ]);
    // The lock ended the session the guesses came from.
    expect(codes[5]).toBe('ERR_UNAUTHENTICATED');
    expect((await refreshSession(session.refreshToken)).status).toBe(401);
    expect((await signIn(user.email, user.password)).body.code).toBe('ERR_LOGIN_INACTIVE');
    expect(lockMailsAbout(user.email, adminEmail)).toHaveLength(1);
  });
});

describe('fault 6: only the newest link of an account works', () => {
  it('refuses an older reset link, before and after the newer one is used', async () => {
    const user = await givenUser({ role: 'USER', enablerId });
    await requestReset(user.email);
    await requestReset(user.email);
    const [older, newer] = outbox.linksTo(user.email, 'resetPassword') as [string, string];
    expect((await resetWith(older, 'password from the old link')).body.code).toBe('ERR_RENEW_FAILED');
    expect((await resetWith(newer, 'password from the new link')).status).toBe(200);
    expect((await resetWith(older, 'password from the old link')).body.code).toBe('ERR_RENEW_FAILED');
    expect((await signIn(user.email, 'password from the new link')).status).toBe(200);
  });

  it('voids an outstanding link when the password is changed', async () => {
    const { user, session } = await signedIn();
    await requestReset(user.email);
    const [link] = outbox.linksTo(user.email, 'resetPassword') as [string];
    await callApi(auth, 'PUT', '/auth/password', {
      token: session.accessToken,
      body: { currentPassword: user.password, newPassword: 'changed on purpose' },
    });
    expect((await resetWith(link, 'password of the intruder')).body.code).toBe('ERR_RENEW_FAILED');
    expect((await signIn(user.email, 'changed on purpose')).status).toBe(200);
  });

  it('voids the links of a deleted user, even when the address is given to a new user', async () => {
    const email = uniqueEmail('reused');
    const create = () =>
      callApi(adminUsers, 'POST', '/admin/users', {
        token: adminToken,
        body: { email, username: 'Reused address', role: 'USER' },
      });
    expect((await create()).status).toBe(201);
    const [first] = outbox.linksTo(email, 'register') as [string];
    await callApi(adminUsers, 'DELETE', userPath(email), { token: adminToken });
    expect((await create()).status).toBe(201);
    const register = (token: string) =>
      callApi(registration, 'POST', '/register', { body: { token, password: 'chosen by whoever' } });
    expect((await register(first)).body.code).toBe('ERR_REGISTRATION_FAILED');
    const second = outbox.linksTo(email, 'register').at(-1) as string;
    expect((await register(second)).status).toBe(200);
  });
});

describe('fault 7: logging out ends the session on the server, and sessions end', () => {
  it('revokes the refresh token and the access token of the session logged out, not the others', async () => {
    const { user, session } = await signedIn();
    const elsewhere = (await signIn(user.email, user.password)).body;
    expect((await callApi(auth, 'POST', '/auth/logout', { token: session.accessToken })).status).toBe(204);
    expect((await refreshSession(session.refreshToken)).status).toBe(401);
    expect((await myEnabler(session.accessToken)).status).toBe(401);
    expect((await refreshSession(elsewhere.refreshToken)).status).toBe(200);
  });

  it('refuses a refresh after the absolute lifetime, however often the session was refreshed', async () => {
    const { session } = await signedIn('USER');
    const admin = (await signedIn('ADMIN')).session;
    const start = Date.now();
    const day = 86_400_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    let agentToken = session.refreshToken;
    for (const days of [10, 20]) {
      vi.setSystemTime(start + days * day);
      const renewed = await refreshSession(agentToken);
      expect(renewed.status).toBe(200);
      agentToken = renewed.body.refreshToken;
    }
    vi.setSystemTime(start + 31 * day);
    expect((await refreshSession(agentToken)).status).toBe(401);

    vi.setSystemTime(start + 13 * 3_600_000);
    expect((await refreshSession(admin.refreshToken)).status).toBe(401);
  });
});

describe('fault 8: huge bodies get small answers', () => {
  it('refuses 150 000 unknown fields before parsing them, and lists at most 20 problems of a smaller body', async () => {
    const fields = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`f${index}`, 0]));
    const flood = await callApi(auth, 'POST', '/auth/login', {
      body: { username: uniqueEmail(), password: 'whatever', ...fields(150_000) },
    });
    expect(flood).toMatchObject({ status: 413, body: { code: 'ERR_PAYLOAD_TOO_LARGE' } });
    expect(JSON.stringify(flood.body).length).toBeLessThan(1024);

    const many = await callApi(auth, 'POST', '/auth/login', {
      body: { username: uniqueEmail(), password: 'whatever', ...fields(1000) },
    });
    expect(many).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
    expect(many.body.details).toHaveLength(20);
    expect(JSON.stringify(many.body).length).toBeLessThan(4096);
  });
});

describe('fault 9: malformed path parameters are bad input on every route', () => {
  it('answers 400 ERR_INVALID_DATA_FORMAT, never 500, for a broken encoding, a huge value or a stray character', async () => {
    const handlers = new Map<Resource, Parameters<typeof callApi>[0]>();
    const handlerOf = async (resource: Resource) => {
      if (!handlers.has(resource))
        handlers.set(
          resource,
          ((await import(`./${resource}/handler.ts`)) as { handler: Parameters<typeof callApi>[0] }).handler,
        );
      return handlers.get(resource) as Parameters<typeof callApi>[0];
    };
    const malformed = ['%', '%E0%A4%A', 'x'.repeat(3000), 'a%2Fb', '%00'];
    const parameterized = routes.filter((route) => route.path.includes('{'));
    expect(parameterized.length).toBeGreaterThan(20);
    for (const route of parameterized) {
      for (const value of malformed) {
        const path = route.path.replace(/\{[^}]+\}/g, value);
        const answer = await callApi(await handlerOf(route.resource), route.method, path, {
          token: adminToken,
        });
        expect(answer, `${route.method} ${route.path} with ${value.slice(0, 12)}`).toMatchObject({
          status: 400,
          body: { code: 'ERR_INVALID_DATA_FORMAT' },
        });
      }
    }
  }, 60_000);
});

describe('fault 10: field agents do not see administrators’ e-mails', () => {
  it('answers /me/enabler without who created or changed the enabler', async () => {
    const creator = uniqueEmail('creator');
    const editor = uniqueEmail('editor');
    const enabler = await createEnabler({ name: 'Audited', logo: tinyImage, banner: tinyImage }, creator);
    await updateEnabler(
      enabler,
      { name: 'Audited', logo: tinyImage, banner: tinyImage },
      { email: editor, name: 'Editor' },
    );
    const agent = (await signedIn('USER', enabler.id)).session;
    const answer = await myEnabler(agent.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: enabler.id, name: 'Audited', logo: tinyImage });
    expect(JSON.stringify(answer.body)).not.toContain(creator);
    expect(JSON.stringify(answer.body)).not.toContain(editor);
    expect(Object.keys(answer.body).sort()).toEqual(
      [
        'banner',
        'config',
        'configTerms',
        'id',
        'latestConfigDate',
        'latestConfigVersion',
        'logo',
        'name',
      ].sort(),
    );
  });
});

describe('fault 11: the account’s state is told only to who knows its password', () => {
  it('answers a wrong password on a disabled or locked account like any wrong password, in the same time', async () => {
    const disabled = await givenUser({ role: 'USER', enablerId });
    await callApi(adminUsers, 'POST', userPath(disabled.email), {
      token: adminToken,
      body: { active: false },
    });
    const locked = await givenUser({ role: 'USER', enablerId });
    await lockByBadPasswords(locked.email);

    const timed = async (email: string, password: string) => {
      const started = performance.now();
      const answer = await signIn(email, password);
      return { code: answer.body.code as string, ms: performance.now() - started };
    };
    const disabledWrong = [];
    const unknown = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      disabledWrong.push(await timed(disabled.email, `wrong ${attempt}`));
      unknown.push(await timed(uniqueEmail(), `wrong ${attempt}`));
    }
    expect(disabledWrong.map((try_) => try_.code)).toEqual(Array(4).fill('ERR_LOGIN_INVALID'));
    expect((await timed(locked.email, 'wrong again')).code).toBe('ERR_LOGIN_INVALID');
    // Both pay for one password verification: no shortcut tells the disabled account apart.
    const disabledMs = median(disabledWrong.map((try_) => try_.ms));
    const unknownMs = median(unknown.map((try_) => try_.ms));
    expect(disabledMs).toBeGreaterThan(unknownMs * 0.6);

    expect((await signIn(disabled.email, disabled.password)).body.code).toBe('ERR_LOGIN_INACTIVE');
    expect((await signIn(locked.email, locked.password)).body.code).toBe('ERR_LOGIN_INACTIVE');
  });
});

describe('fault 12: writes carry the enabler, not only the reads before them', () => {
  it('refuses money and plot writes for another enabler’s member, writing nothing', async () => {
    const victimEnabler = await givenEnabler();
    const victimAgent = (await signedIn('USER', victimEnabler.id)).session.accessToken;
    const memberId = await onboardMember(victimAgent);
    const plotId = await addPlotOfMember(victimAgent, memberId, { name: 'Victim field' });
    const member = (await getMember(memberId)) as NonNullable<Awaited<ReturnType<typeof getMember>>>;
    await givenPayout(memberId, 5000, { plotId });
    const before = await getMember(memberId);

    // A handler that trusted a stale or forged read would hand the writes the attacker's enabler.
    const forged = { ...member, enablerId };
    const victimPlot = (await getPlots(memberId))[0] as NonNullable<
      Awaited<ReturnType<typeof getPlots>>[number]
    >;
    const attempts: [string, () => Promise<unknown>][] = [
      [
        'cashout',
        () =>
          createMoneyRecord({
            type: 'CASHOUT',
            member: forged,
            plot: null,
            values: { amountCents: 1000, cashoutDate: new Date().toISOString() },
            by: 'intruder',
          }),
      ],
      [
        'contribution',
        () =>
          createMoneyRecord({
            type: 'CONTRIBUTION',
            member: forged,
            plot: { id: plotId, name: 'Victim field' },
            values: {
              amountCents: 100,
              protectionType: 'DROUGHT',
              contributionDate: new Date().toISOString(),
            },
            by: 'intruder',
          }),
      ],
      [
        'payout',
        () =>
          createMoneyRecord({
            type: 'PAYOUT',
            member: forged,
            plot: { id: plotId, name: 'Victim field' },
            values: {
              amountCents: 100,
              assessmentId: 'A-2',
              assessmentDate: '2026-01-01',
              payoutDate: '2026-01-01',
            },
            by: 'intruder',
          }),
      ],
      [
        'plot update',
        () =>
          updatePlot(
            forged,
            { ...victimPlot, enablerId },
            {
              name: 'Taken',
              latitude: 0,
              longitude: 0,
              droughtMonthlyContribCents: 0,
              excessRainMonthlyContribCents: 0,
              cropDescription: null,
              isIrrigated: null,
            },
            { email: 'intruder', name: null },
          ),
      ],
    ];
    for (const [what, attempt] of attempts) {
      const error = (await attempt().then(
        () => undefined,
        (failure: unknown) => failure,
      )) as AppError | undefined;
      expect(error?.code, what).toBe('ERR_FORBIDDEN_USER');
    }
    expect(await getMember(memberId)).toEqual(before);
    expect((await getPlots(memberId))[0]?.name).toBe('Victim field');
  });

  it('creates no user in an enabler deleted meanwhile', async () => {
    const doomed = await givenEnabler();
    const administrator = (await signedIn('ADMIN', doomed.id)).session.accessToken;
    expect(
      (await callApi(adminEnablers, 'DELETE', `/admin/enablers/${doomed.id}`, { token: adminToken })).status,
    ).toBe(204);
    const email = uniqueEmail('orphan');
    const created = await callApi(adminUsers, 'POST', '/admin/users', {
      token: administrator,
      body: { email, username: 'Orphan', role: 'USER' },
    });
    expect(created).toMatchObject({ status: 404, body: { code: 'ERR_NOT_FOUND' } });
    expect(await getUser(email)).toBeUndefined();
    expect(outbox.linksTo(email, 'register')).toEqual([]);
  });
});

describe('fault 13: a script in the page walks away with the refresh token', () => {
  /** An API client's refresh, with a token as Bearer (a thief's copy). */
  const refreshWith = (token: string) => callApi(auth, 'GET', '/auth/refresh', { token });
  /** The SPA in one browser: its auth calls carry its header and the cookies the API set. */
  const browser = () => {
    const jar = new CookieJar();
    const call = async (method: string, path: string, options: CallOptions = {}, origin?: string) => {
      const answer = await callApi(auth, method, path, {
        ...options,
        headers: spaHeaders(origin),
        cookies: jar.sentTo(`/api${path}`),
      });
      jar.take(answer.cookies);
      return answer;
    };
    return {
      jar,
      call,
      refreshToken: () => jar.get('refreshToken', '/api/auth')?.value,
      login: (email: string, password: string) =>
        call('POST', '/auth/login', { body: { username: email, password } }),
      refresh: () => call('GET', '/auth/refresh'),
    };
  };

  it('keeps it in an HttpOnly cookie that no answer repeats and only its own origin can use', async () => {
    const user = await givenUser({ role: 'USER', enablerId });
    const spa = browser();
    const signedIn = await spa.login(user.email, user.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.accessToken).toBeTruthy();
    expect(signedIn.body).not.toHaveProperty('refreshToken');
    const first = spa.refreshToken() as string;
    expect(spa.jar.get('refreshToken', '/api/auth')).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
    });
    // What the page can read says only that a session may be restored.
    expect(spa.jar.get('signedIn', '/')).toMatchObject({ value: '1', httpOnly: false });

    const renewed = await spa.refresh();
    expect(renewed.status).toBe(200);
    expect(renewed.body).not.toHaveProperty('refreshToken');
    expect(spa.refreshToken()).not.toBe(first);

    // The cookie without the SPA's header, as a form, an image or a page's plain fetch sends it.
    const bare = await callApi(auth, 'GET', '/auth/refresh', {
      cookies: spa.jar.sentTo('/api/auth/refresh'),
    });
    expect(bare).toMatchObject({ status: 401, cookies: [] });
    expect(bare.body).not.toHaveProperty('refreshToken');
    // Another origin, with the header (a browser would not even send it after the CORS preflight).
    const elsewhere = await spa.call('GET', '/auth/refresh', {}, 'https://attacker.example');
    expect(elsewhere).toMatchObject({ status: 403, body: { code: 'ERR_CROSS_ORIGIN' }, cookies: [] });
    // Neither touched the session.
    expect((await spa.refresh()).status).toBe(200);
  });

  it('revokes the session when a rotated cookie comes back, as it does a rotated Bearer', async () => {
    const user = await givenUser({ role: 'USER', enablerId });
    const spa = browser();
    await spa.login(user.email, user.password);
    const copied = spa.refreshToken() as string;
    expect((await spa.refresh()).status).toBe(200);

    // The thief's copy, after the browser's rotation and its grace (a parallel refresh's, or a lost
    // answer's, REFRESH_GRACE_SECONDS): the whole family ends, for both.
    const rotatedAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(rotatedAt + (REFRESH_GRACE_SECONDS + 1) * 1000);
    expect((await refreshWith(copied)).status).toBe(401);
    const owner = await spa.refresh();
    expect(owner.status).toBe(401);
    expect(spa.refreshToken()).toBeUndefined();
    expect(spa.jar.get('signedIn', '/')).toBeUndefined();
  });

  it('still ends or moves the session at once: logout, logout everywhere, deactivation, enabler switch', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const ended = [
      async (spa: ReturnType<typeof browser>, accessToken: string) =>
        spa.call('POST', '/auth/logout', { token: accessToken }),
      async (spa: ReturnType<typeof browser>, accessToken: string) =>
        spa.call('GET', '/auth/logoutFromEverywhere', { token: accessToken }),
    ];
    for (const end of ended) {
      const spa = browser();
      const { accessToken } = (await spa.login(agent.email, agent.password)).body;
      const held = spa.refreshToken() as string;
      expect((await end(spa, accessToken)).status).toBeLessThan(300);
      expect(spa.refreshToken()).toBeUndefined();
      expect(spa.jar.get('signedIn', '/')).toBeUndefined();
      expect((await refreshWith(held)).status).toBe(401);
      expect((await myEnabler(accessToken)).status).toBe(401);
    }

    const deactivated = browser();
    await deactivated.login(agent.email, agent.password);
    await callApi(adminUsers, 'POST', userPath(agent.email), { token: adminToken, body: { active: false } });
    expect((await deactivated.refresh()).status).toBe(401);
    expect(deactivated.refreshToken()).toBeUndefined();

    const target = await givenEnabler();
    const administrator = await givenUser({ role: 'ADMIN', enablerId });
    const admin = browser();
    const before = (await admin.login(administrator.email, administrator.password)).body;
    const beforeSwitch = admin.refreshToken() as string;
    const switched = await admin.call('GET', `/auth/enablerProfile/${target.id}`, {
      token: before.accessToken,
    });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ enabler: target.id, enablerName: target.name });
    expect(switched.body).not.toHaveProperty('refreshToken');
    expect((await myEnabler(before.accessToken)).status).toBe(401);
    expect((await myEnabler(switched.body.accessToken)).body).toMatchObject({ id: target.id });
    expect((await admin.refresh()).body).toMatchObject({ enabler: target.id });
    // The cookie of before the switch is a rotated one.
    expect((await refreshWith(beforeSwitch)).status).toBe(401);
  });
});
