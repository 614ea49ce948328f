import { beforeAll, describe, expect, it } from 'vitest';
import { hashOneTimeToken, newOneTimeToken } from '#domain/one-time-tokens.ts';
import { epochSeconds } from '#data/table/table.ts';
import { getUser, storeOneTimeToken } from '#data/accounts/users.ts';
import { callApi } from '../../testing/call-api.ts';
import { captureMail, demoConfig, givenEnabler, givenUser, uniqueEmail } from '../../testing/fixtures.ts';
import { refreshSession, signIn } from '../../testing/signed-in-users.ts';
import { handler as admin } from '../admin-users/handler.ts';
import { handler as adminContributions } from '../admin-contributions/handler.ts';
import { handler as auth } from '../auth/handler.ts';
import { handler as me } from '../me/handler.ts';
import { handler as members } from '../members/handler.ts';
import { handler as registration } from '../registration/handler.ts';

const outbox = captureMail();

let enablerId: string;
let adminToken: string;
let adminEmail: string;

beforeAll(async () => {
  enablerId = (await givenEnabler()).id;
  const administrator = await givenUser({ role: 'ADMIN', enablerId });
  adminEmail = administrator.email;
  adminToken = (await signIn(administrator.email, administrator.password)).body.accessToken;
});

describe('sign-in', () => {
  it('answers the session fields of the spec', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const { status, body } = await signIn(`  ${agent.email.toUpperCase()} `, agent.password);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      role: 'USER',
      username: 'Test user',
      email: agent.email,
      enabler: enablerId,
    });
    expect(body.enablerName).toMatch(/^Enabler /);
    expect(typeof body.accessToken).toBe('string');
    expect(typeof body.refreshToken).toBe('string');
  });

  it("answers the user's default federation at sign-in and at each refresh, null when none", async () => {
    const agent = await givenUser({ role: 'USER', enablerId, defaultFederation: 'Kaolack' });
    const signedIn = await signIn(agent.email, agent.password);
    expect(signedIn.body.defaultFederation).toBe('Kaolack');
    expect((await refreshSession(signedIn.body.refreshToken)).body.defaultFederation).toBe('Kaolack');
    const none = await givenUser({ role: 'USER', enablerId });
    expect((await signIn(none.email, none.password)).body.defaultFederation).toBeNull();
  });

  it('refuses a wrong password or an unknown e-mail alike', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    expect((await signIn(agent.email, 'wrong password')).body.code).toBe('ERR_LOGIN_INVALID');
    expect((await signIn(uniqueEmail(), 'whatever password')).body.code).toBe('ERR_LOGIN_INVALID');
  });

  it('locks the account on the fifth bad password in a row and mails every administrator', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const codes = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      codes.push((await signIn(agent.email, `bad ${attempt}`)).body.code);
    expect(codes).toEqual([
      'ERR_LOGIN_INVALID',
      'ERR_LOGIN_INVALID',
      'ERR_LOGIN_INVALID',
      'ERR_LOGIN_INVALID',
      'ERR_ACCOUNT_JUST_LOCKED',
    ]);
    const afterwards = await signIn(agent.email, agent.password);
    expect(afterwards).toMatchObject({ status: 403, body: { code: 'ERR_LOGIN_INACTIVE' } });
    const lockMails = outbox.to(adminEmail).filter((mail) => mail.text.includes(agent.email));
    expect(lockMails).toHaveLength(1);
  });

  it('forgets bad passwords after a good one', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    for (let attempt = 0; attempt < 4; attempt += 1) await signIn(agent.email, 'bad');
    expect((await signIn(agent.email, agent.password)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) await signIn(agent.email, 'bad');
    expect((await signIn(agent.email, agent.password)).status).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotate on every refresh, and a replayed one revokes the whole session', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const first = (await signIn(agent.email, agent.password)).body.refreshToken;
    const second = await refreshSession(first);
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first);
    const third = await refreshSession(second.body.refreshToken);
    expect(third.status).toBe(200);

    const replay = await refreshSession(first);
    expect(replay).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHENTICATED' } });
    expect((await refreshSession(third.body.refreshToken)).status).toBe(401);
  });

  it('are refused when malformed or unknown', async () => {
    expect((await refreshSession('garbage')).status).toBe(401);
    expect(
      (await refreshSession('abcdefghijklmnopqrstuvwx.abcdefghijklmnopqrstuvwxyzabcdefghijkl')).status,
    ).toBe(401);
  });

  it('stop working everywhere after logout from everywhere', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const phone = (await signIn(agent.email, agent.password)).body;
    const laptop = (await signIn(agent.email, agent.password)).body;
    const out = await callApi(auth, 'GET', '/auth/logoutFromEverywhere', { token: laptop.accessToken });
    expect(out).toMatchObject({ status: 200, body: { revoked: 2 } });
    expect((await refreshSession(phone.refreshToken)).status).toBe(401);
    expect((await refreshSession(laptop.refreshToken)).status).toBe(401);
  });

  it('stop serving the lists read alongside the session check once the session has ended', async () => {
    for (const [role, list, path] of [
      ['USER', members, '/members'],
      ['ADMIN', adminContributions, '/admin/contributions'],
    ] as const) {
      const user = await givenUser({ role, enablerId });
      const { accessToken } = (await signIn(user.email, user.password)).body;
      expect((await callApi(list, 'GET', path, { token: accessToken })).status, path).toBe(200);
      await callApi(auth, 'GET', '/auth/logoutFromEverywhere', { token: accessToken });
      const after = await callApi(list, 'GET', path, { token: accessToken });
      expect(after, path).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHENTICATED' } });
    }
  });

  it('stop working when the account is switched off', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const session = (await signIn(agent.email, agent.password)).body;
    const off = await callApi(admin, 'POST', `/admin/users/${encodeURIComponent(agent.email)}`, {
      token: adminToken,
      body: { username: 'Test user', role: 'USER', active: false },
    });
    expect(off.status).toBe(200);
    expect((await refreshSession(session.refreshToken)).status).toBe(401);
    expect((await signIn(agent.email, agent.password)).body.code).toBe('ERR_LOGIN_INACTIVE');
  });
});

describe('registration and renewal links', () => {
  it('let a new user choose a password once, then sign in', async () => {
    const email = uniqueEmail('newcomer');
    const created = await callApi(admin, 'POST', '/admin/users', {
      token: adminToken,
      body: { email, username: 'Newcomer', role: 'USER', defaultFederation: 'Kaolack' },
    });
    expect(created.status).toBe(201);
    const token = outbox.linkTo(email, 'register') as string;
    expect(token).toBeTruthy();
    expect((await signIn(email, 'chosen password')).body.code).toBe('ERR_LOGIN_INVALID');

    const short = await callApi(registration, 'POST', '/register', { body: { token, password: 'short' } });
    expect(short).toMatchObject({ status: 400, body: { code: 'ERR_PASSWORD_TOO_SHORT' } });
    expect(
      (await callApi(registration, 'POST', '/register', { body: { token, password: 'chosen password' } }))
        .status,
    ).toBe(200);
    expect((await signIn(email, 'chosen password')).status).toBe(200);

    const again = await callApi(registration, 'POST', '/register', {
      body: { token, password: 'another password' },
    });
    expect(again).toMatchObject({ status: 400, body: { code: 'ERR_REGISTRATION_FAILED' } });
  });

  it('refuse an expired registration or renewal token', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    for (const [purpose, path, code] of [
      ['REGISTER', '/register', 'ERR_REGISTRATION_FAILED'],
      ['RESET', '/resetPassword', 'ERR_RENEW_FAILED'],
    ] as const) {
      const token = newOneTimeToken();
      await storeOneTimeToken(hashOneTimeToken(token), {
        purpose,
        email: agent.email,
        expiresAt: epochSeconds() - 1,
      });
      const answer = await callApi(registration, 'POST', path, {
        body: { token, password: 'a new password' },
      });
      expect(answer).toMatchObject({ status: 400, body: { code } });
    }
  });

  it('refuse a registration token used as a renewal one', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const token = newOneTimeToken();
    await storeOneTimeToken(hashOneTimeToken(token), {
      purpose: 'REGISTER',
      email: agent.email,
      expiresAt: epochSeconds() + 60,
    });
    const answer = await callApi(registration, 'POST', '/resetPassword', {
      body: { token, password: 'a new password' },
    });
    expect(answer.body.code).toBe('ERR_RENEW_FAILED');
  });

  it('answer a reset request the same way, in about the same time, whether the e-mail exists or not', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await callApi(registration, 'POST', '/resetPassword/request', { body: { email } });
      return { answer, ms: performance.now() - started };
    };
    const known = await timed(agent.email);
    const unknown = await timed(uniqueEmail());
    expect(known.answer).toEqual(unknown.answer);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150);
    const token = outbox.linkTo(agent.email, 'resetPassword') as string;
    expect(
      (
        await callApi(registration, 'POST', '/resetPassword', {
          body: { token, password: 'renewed password' },
        })
      ).status,
    ).toBe(200);
    expect((await signIn(agent.email, 'renewed password')).status).toBe(200);
    const reuse = await callApi(registration, 'POST', '/resetPassword', {
      body: { token, password: 'other password' },
    });
    expect(reuse.body.code).toBe('ERR_RENEW_FAILED');
  });

  it('end every session of the account when a renewal link sets a new password', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const phone = (await signIn(agent.email, agent.password)).body;
    const laptop = (await signIn(agent.email, agent.password)).body;
    await callApi(registration, 'POST', '/resetPassword/request', { body: { email: agent.email } });
    const token = outbox.linkTo(agent.email, 'resetPassword') as string;
    const reset = await callApi(registration, 'POST', '/resetPassword', {
      body: { token, password: 'fresh password' },
    });
    expect(reset.status).toBe(200);
    expect((await refreshSession(phone.refreshToken)).status).toBe(401);
    expect((await refreshSession(laptop.refreshToken)).status).toBe(401);
  });

  it('unlock a locked account', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    for (let attempt = 0; attempt < 5; attempt += 1) await signIn(agent.email, 'bad');
    await callApi(registration, 'POST', '/resetPassword/request', { body: { email: agent.email } });
    const token = outbox.linkTo(agent.email, 'resetPassword') as string;
    await callApi(registration, 'POST', '/resetPassword', { body: { token, password: 'fresh password' } });
    expect((await signIn(agent.email, 'fresh password')).status).toBe(200);
  });
});

describe('user administration', () => {
  it('refuses a second user with the same e-mail', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const duplicate = await callApi(admin, 'POST', '/admin/users', {
      token: adminToken,
      body: { email: agent.email.toUpperCase(), username: 'Twin', role: 'USER' },
    });
    expect(duplicate).toMatchObject({ status: 409, body: { code: 'ERR_DUPLICATE_USER' } });
  });

  it('forces a password renewal: the account is blocked until the mailed link is used', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const session = (await signIn(agent.email, agent.password)).body;
    const forced = await callApi(admin, 'POST', '/admin/users/forcePasswordRenew', {
      token: adminToken,
      body: { email: agent.email },
    });
    expect(forced.status).toBe(204);
    expect((await signIn(agent.email, agent.password)).body.code).toBe('ERR_LOGIN_INACTIVE');
    expect((await refreshSession(session.refreshToken)).status).toBe(401);
    const token = outbox.linkTo(agent.email, 'resetPassword') as string;
    await callApi(registration, 'POST', '/resetPassword', { body: { token, password: 'renewed password' } });
    expect((await signIn(agent.email, 'renewed password')).status).toBe(200);
  });

  it('lists the enabler’s users and administrators, without password hashes', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const elsewhere = await givenUser({ role: 'USER', enablerId: (await givenEnabler()).id });
    const { body } = await callApi(admin, 'GET', '/admin/users', { token: adminToken });
    const emails = body.map((user: { email: string }) => user.email);
    expect(emails).toContain(agent.email);
    expect(emails).toContain(adminEmail);
    expect(emails).not.toContain(elsewhere.email);
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('keeps another enabler’s users out of reach, and an administrator’s own account safe', async () => {
    const elsewhere = await givenUser({ role: 'USER', enablerId: (await givenEnabler()).id });
    const other = await callApi(admin, 'DELETE', `/admin/users/${encodeURIComponent(elsewhere.email)}`, {
      token: adminToken,
    });
    expect(other).toMatchObject({ status: 403, body: { code: 'ERR_FORBIDDEN_ADMIN' } });
    const self = await callApi(admin, 'DELETE', `/admin/users/${encodeURIComponent(adminEmail)}`, {
      token: adminToken,
    });
    expect(self.body.code).toBe('ERR_OWN_ACCOUNT');
    const selfRenewal = await callApi(admin, 'POST', '/admin/users/forcePasswordRenew', {
      token: adminToken,
      body: { email: adminEmail },
    });
    expect(selfRenewal.body.code).toBe('ERR_OWN_ACCOUNT');
  });

  it('deletes a user and ends their sessions', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const session = (await signIn(agent.email, agent.password)).body;
    expect(
      (
        await callApi(admin, 'DELETE', `/admin/users/${encodeURIComponent(agent.email)}`, {
          token: adminToken,
        })
      ).status,
    ).toBe(204);
    expect(await getUser(agent.email)).toBeUndefined();
    expect((await refreshSession(session.refreshToken)).status).toBe(401);
  });

  it('is closed to enabler users', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const token = (await signIn(agent.email, agent.password)).body.accessToken;
    const answer = await callApi(admin, 'GET', '/admin/users', { token });
    expect(answer).toMatchObject({ status: 403, body: { code: 'ERR_FORBIDDEN_USER' } });
  });
});

describe('own account', () => {
  it('changes the password under the rules and signs out the other sessions', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const here = (await signIn(agent.email, agent.password)).body;
    const there = (await signIn(agent.email, agent.password)).body;
    const change = (body: object) =>
      callApi(auth, 'PUT', '/auth/password', { token: here.accessToken, body });
    expect((await change({ currentPassword: agent.password, newPassword: 'short' })).body.code).toBe(
      'ERR_PASSWORD_TOO_SHORT',
    );
    expect((await change({ currentPassword: agent.password, newPassword: agent.password })).body.code).toBe(
      'ERR_PASSWORD_UNCHANGED',
    );
    expect(
      (await change({ currentPassword: 'not it at all', newPassword: 'brand new password' })).body.code,
    ).toBe('ERR_LOGIN_INVALID');
    expect(
      (await change({ currentPassword: agent.password, newPassword: 'brand new password' })).status,
    ).toBe(200);
    expect((await refreshSession(there.refreshToken)).status).toBe(401);
    expect((await refreshSession(here.refreshToken)).status).toBe(200);
    expect((await signIn(agent.email, 'brand new password')).status).toBe(200);
  });

  it('keeps the chosen language', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const session = (await signIn(agent.email, agent.password)).body;
    expect(
      (await callApi(me, 'PUT', '/me/language', { token: session.accessToken, body: { language: 'fr' } }))
        .status,
    ).toBe(200);
    expect((await signIn(agent.email, agent.password)).body.language).toBe('fr');
    expect(
      (await callApi(me, 'PUT', '/me/language', { token: session.accessToken, body: { language: 'de' } }))
        .status,
    ).toBe(400);
  });

  it("keeps each table's page size and columns on the account, for another session, field by field", async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const first = (await signIn(agent.email, agent.password)).body.accessToken as string;
    expect((await callApi(me, 'GET', '/me/preferences', { token: first })).body).toEqual({ tables: {} });
    // The read takes no query.
    expect(
      (await callApi(me, 'GET', '/me/preferences', { token: first, query: { table: 'members' } })).body.code,
    ).toBe('ERR_INVALID_DATA_FORMAT');
    const put = (token: string, table: string, body: unknown) =>
      callApi(me, 'PUT', `/me/preferences/${table}`, { token, body });
    expect((await put(first, 'adminPlots', { pageSize: 50 })).body).toEqual({
      tables: { adminPlots: { pageSize: 50 } },
    });
    // Another session (another browser): what was chosen is there; a field left out keeps its value.
    const second = (await signIn(agent.email, agent.password)).body.accessToken as string;
    const columns = await put(second, 'adminPlots', { visibleColumns: ['name', 'plotId'] });
    expect(columns.status).toBe(200);
    await put(second, 'members', { pageSize: 10 });
    expect((await callApi(me, 'GET', '/me/preferences', { token: first })).body).toEqual({
      tables: { adminPlots: { pageSize: 50, visibleColumns: ['name', 'plotId'] }, members: { pageSize: 10 } },
    });
    // Another user's are their own.
    const other = await givenUser({ role: 'USER', enablerId });
    const otherToken = (await signIn(other.email, other.password)).body.accessToken as string;
    expect((await callApi(me, 'GET', '/me/preferences', { token: otherToken })).body).toEqual({ tables: {} });
    // An unknown table, an empty choice, a size out of bounds, a column named twice or oddly: 400.
    for (const [table, body] of [
      ['nope', { pageSize: 10 }],
      ['adminPlots', {}],
      ['adminPlots', { pageSize: 0 }],
      ['adminPlots', { pageSize: 501 }],
      ['adminPlots', { visibleColumns: ['name', 'name'] }],
      ['adminPlots', { visibleColumns: ['<script>'] }],
      ['adminPlots', { pageSize: 10, theme: 'dark' }],
    ] as const) {
      const refused = await put(first, table, body);
      expect(refused.status, JSON.stringify([table, body])).toBe(400);
      expect(refused.body.code).toBe('ERR_INVALID_DATA_FORMAT');
    }
    expect((await callApi(me, 'GET', '/me/preferences', { token: first })).body.tables.adminPlots).toEqual({
      pageSize: 50,
      visibleColumns: ['name', 'plotId'],
    });
  });

  it('reads the current enabler with its latest config', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const session = (await signIn(agent.email, agent.password)).body;
    const { body } = await callApi(me, 'GET', '/me/enabler', { token: session.accessToken });
    expect(body).toMatchObject({
      id: enablerId,
      latestConfigVersion: 1,
      config: { version: 1, currency: 'XOF' },
      // Every version's cover terms, which the plot pages read (a plot keeps its version's).
      configTerms: [
        {
          version: 1,
          currency: 'XOF',
          maxCompensationFactor: demoConfig.maxCompensationFactor,
          benefitFactorsByMonth: demoConfig.benefitFactorsByMonth,
          damageThreshold: null,
        },
      ],
    });
    // Sign-in and refresh carry the same but the versions' terms, so that the first screen does not
    // wait for that call.
    const { configTerms: _, ...current } = body;
    expect(session.currentEnabler).toEqual(current);
    expect((await refreshSession(session.refreshToken)).body.currentEnabler).toEqual(current);
  });

  it('carries no current enabler for an administrator who works for none', async () => {
    const administrator = await givenUser({ role: 'ADMIN', enablerId: '' });
    const session = (await signIn(administrator.email, administrator.password)).body;
    expect(session).toMatchObject({ enabler: '', currentEnabler: null });
    expect((await refreshSession(session.refreshToken)).body).toMatchObject({
      enabler: '',
      currentEnabler: null,
    });
  });
});

describe('enabler switch', () => {
  it('moves an administrator to an enabler that has a config, and only to such', async () => {
    const target = await givenEnabler();
    const bare = await givenEnabler({ withConfig: false });
    const administrator = await givenUser({ role: 'ADMIN', enablerId });
    const session = (await signIn(administrator.email, administrator.password)).body;

    const refused = await callApi(auth, 'GET', `/auth/enablerProfile/${bare.id}`, {
      token: session.accessToken,
    });
    expect(refused.body.code).toBe('ERR_ENABLER_NO_CONFIG');

    const switched = await callApi(auth, 'GET', `/auth/enablerProfile/${target.id}`, {
      token: session.accessToken,
    });
    expect(switched.status).toBe(200);
    const moved = await refreshSession(switched.body.refreshToken);
    expect(moved.body).toMatchObject({ enabler: target.id, enablerName: target.name });
    expect((await refreshSession(session.refreshToken)).status).toBe(401);
  });

  it('is for administrators only', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const session = (await signIn(agent.email, agent.password)).body;
    expect(
      (await callApi(auth, 'GET', `/auth/enablerProfile/${enablerId}`, { token: session.accessToken }))
        .status,
    ).toBe(403);
  });
});
