import { beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, spaHeaders } from '../../testing/browser-cookies.ts';
import { callApi } from '../../testing/call-api.ts';
import { captureMail, givenEnabler, givenUser, uniqueEmail } from '../../testing/fixtures.ts';
import { refreshSession, signIn } from '../../testing/signed-in-users.ts';
import { handler as admin } from '../admin-users/handler.ts';
import { handler as auth } from '../auth/handler.ts';
import { handler as registration } from '../registration/handler.ts';

/*
 * Passwords attackers try first (issue 40): refused at registration, reset and change with
 * ERR_PASSWORD_TOO_COMMON; an account that still has one is asked to change it at sign-in.
 */

const outbox = captureMail();
/** The three, and one holding the account's e-mail name (the accounts here are `<role>-…@`). */
const refused = ['12345678', 'password1', 'Password123!'];
const tooCommon = { status: 400, body: { code: 'ERR_PASSWORD_TOO_COMMON' } };

let enablerId: string;
let adminToken: string;

beforeAll(async () => {
  enablerId = (await givenEnabler()).id;
  const administrator = await givenUser({ role: 'ADMIN', enablerId });
  adminToken = (await signIn(administrator.email, administrator.password)).body.accessToken;
});

describe('a password attackers try first', () => {
  it('is refused at registration, and the link still serves a good one', async () => {
    const email = uniqueEmail('newcomer');
    await callApi(admin, 'POST', '/admin/users', {
      token: adminToken,
      body: { email, username: 'Newcomer', role: 'USER', defaultFederation: null },
    });
    const token = outbox.linkTo(email, 'register') as string;
    for (const password of [...refused, `${email.split('@')[0]}!x`])
      expect(
        await callApi(registration, 'POST', '/register', { body: { token, password } }),
        password,
      ).toMatchObject(tooCommon);
    expect((await signIn(email, 'password1')).body.code).toBe('ERR_LOGIN_INVALID');
    const done = await callApi(registration, 'POST', '/register', {
      body: { token, password: 'rain over the millet' },
    });
    expect(done.status).toBe(200);
    expect((await signIn(email, 'rain over the millet')).body.passwordChangeRequired).toBe(false);
  });

  it('is refused through a reset link, and the link still serves a good one', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    await callApi(registration, 'POST', '/resetPassword/request', { body: { email: agent.email } });
    const token = outbox.linkTo(agent.email, 'resetPassword') as string;
    expect(token).toBeTruthy();
    for (const password of refused)
      expect(
        await callApi(registration, 'POST', '/resetPassword', { body: { token, password } }),
        password,
      ).toMatchObject(tooCommon);
    expect((await signIn(agent.email, agent.password)).status).toBe(200);
    const done = await callApi(registration, 'POST', '/resetPassword', {
      body: { token, password: 'baobab shade at noon' },
    });
    expect(done.status).toBe(200);
  });

  it('is refused as a new password, which keeps the current one', async () => {
    const agent = await givenUser({ role: 'USER', enablerId });
    const { accessToken } = (await signIn(agent.email, agent.password)).body;
    for (const newPassword of refused)
      expect(
        await callApi(auth, 'PUT', '/auth/password', {
          token: accessToken,
          body: { currentPassword: agent.password, newPassword },
        }),
        newPassword,
      ).toMatchObject(tooCommon);
    expect((await signIn(agent.email, agent.password)).status).toBe(200);
  });

  it('already set asks for its change at each sign-in and refresh, until it is changed', async () => {
    const agent = await givenUser({ role: 'USER', enablerId }, 'Password123!');
    const signedIn = await signIn(agent.email, agent.password);
    expect(signedIn).toMatchObject({ status: 200, body: { passwordChangeRequired: true } });
    const refreshed = await refreshSession(signedIn.body.refreshToken);
    expect(refreshed.body.passwordChangeRequired).toBe(true);

    // The SPA's session too, and its enabler's reads still work meanwhile: the change is asked, not forced.
    const jar = new CookieJar();
    const spa = await callApi(auth, 'POST', '/auth/login', {
      headers: spaHeaders(),
      body: { username: agent.email, password: agent.password },
    });
    jar.take(spa.cookies);
    expect(spa.body.passwordChangeRequired).toBe(true);
    const changed = await callApi(auth, 'PUT', '/auth/password', {
      token: spa.body.accessToken,
      body: { currentPassword: agent.password, newPassword: 'harmattan dust in march' },
    });
    expect(changed.status).toBe(200);
    const after = await callApi(auth, 'GET', '/auth/refresh', {
      headers: spaHeaders(),
      cookies: jar.sentTo('/api/auth/refresh'),
    });
    expect(after).toMatchObject({ status: 200, body: { passwordChangeRequired: false } });
    expect((await signIn(agent.email, 'harmattan dust in march')).body.passwordChangeRequired).toBe(false);
  });
});
