import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { EnablerSwitch } from './pages/enabler-switch.ts';
import { LoginPage } from './pages/login-page.ts';
import { registeredAccount } from './support/accounts.ts';
import { callApi } from './support/api.ts';
import { launchPersistentBrowser } from './support/browser.ts';
import { describe, expect, test } from './support/test.ts';

/*
 * The refresh token out of page scripts' reach (issue 31): the API keeps it in an HttpOnly cookie, and
 * a script in the page, as injected code would run, can neither read it nor have it answered.
 */

const welcomed = (page: Page, username: string) =>
  page.getByRole('heading', { name: `Welcome ${username}`, exact: true }).waitFor();

const signIn = async (page: Page, account: { email: string; password: string; username: string }) => {
  await (await new LoginPage(page).shown()).signIn(account.email, account.password);
  await welcomed(page, account.username);
};

const refreshCookie = async (context: BrowserContext) =>
  (await context.cookies()).find(({ name, path }) => name === 'refreshToken' && path === '/api/auth');

// Another origin of the same site (localhost, another port): the browser sends SameSite=Strict cookies
// with its requests, so only the API's own checks stand in the way.
let elsewhere: Server;
let elsewhereUrl: string;
beforeAll(async () => {
  elsewhere = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Elsewhere</title>');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, 'localhost', resolve));
  elsewhereUrl = `http://localhost:${(elsewhere.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => elsewhere.close(() => resolve())));

describe('the refresh token cookie', () => {
  test('should stay out of reach of a script in the page and of another origin', async ({ openApp }) => {
    const agent = await registeredAccount('Paula Page');
    const page = await openApp();
    await signIn(page, agent);
    const held = await refreshCookie(page.context());
    expect(held).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    // Kept until the session's idle end (14 days), so that it survives a browser restart.
    expect(held?.expires).toBeGreaterThan(Date.now() / 1000 + 13 * 86_400);

    // A page of another origin tries with the browser's cookies, with and without the SPA's header.
    const attacker = await page.context().newPage();
    await attacker.goto(elsewhereUrl);
    const attempts = await attacker.evaluate(async (app) => {
      const attempt = async (init: RequestInit) => {
        try {
          const answer = await fetch(`${app}/api/auth/refresh`, { credentials: 'include', ...init });
          return `${answer.type} ${answer.status} ${await answer.text()}`;
        } catch {
          return 'refused';
        }
      };
      return [
        await attempt({ headers: { 'X-Session-Cookie': '1' } }),
        await attempt({}),
        await attempt({ mode: 'no-cors' }),
      ];
    }, inject('appUrl'));
    expect(attempts).toEqual(['refused', 'refused', 'opaque 0 ']);
    // What that browser sends, replayed with its Origin: the API refuses it before reading the cookie.
    const replayed = await fetch(`${inject('appUrl')}/api/auth/refresh`, {
      headers: { cookie: `refreshToken=${held?.value}`, 'X-Session-Cookie': '1', origin: elsewhereUrl },
    });
    expect(replayed.status).toBe(403);
    expect(await replayed.json()).toMatchObject({ code: 'ERR_CROSS_ORIGIN' });
    // None of them rotated the refresh token.
    expect((await refreshCookie(page.context()))?.value).toBe(held?.value);

    // A script in the application's page, as injected code would run.
    const injected = await page.evaluate(async () => {
      const plain = await fetch('/api/auth/refresh');
      const likeTheApp = await fetch('/api/auth/refresh', { headers: { 'X-Session-Cookie': '1' } });
      // The suite's types have no DOM: the page's document, as the browser gives it.
      const { document } = globalThis as unknown as { document: { cookie: string } };
      return {
        cookies: document.cookie,
        plain: { status: plain.status, body: await plain.text() },
        likeTheApp: { status: likeTheApp.status, body: await likeTheApp.text() },
      };
    });
    expect(injected.cookies).not.toContain('refreshToken');
    expect(injected.cookies).not.toContain(held?.value);
    expect(injected.cookies).toBe('signedIn=1');
    expect(injected.plain.status).toBe(401);
    expect(injected.plain.body).not.toContain('refreshToken');
    // Sending the app's header gets it an access token, as any script of the page can use the session
    // while it runs, but never the refresh token, which would outlive the page.
    expect(injected.likeTheApp.status).toBe(200);
    expect(JSON.parse(injected.likeTheApp.body)).toHaveProperty('accessToken');
    const rotated = await refreshCookie(page.context());
    expect(rotated?.value).not.toBe(held?.value);
    expect(injected.likeTheApp.body).not.toContain('refreshToken');
    expect(injected.likeTheApp.body).not.toContain(rotated?.value);
    // The app itself goes on with the rotated cookie.
    await page.reload();
    await welcomed(page, agent.username);
  });

  test('should restore the session after a reload and after a browser restart', async () => {
    const agent = await registeredAccount('Rita Restart');
    const profile = await mkdtemp(join(tmpdir(), 'cpbo-e2e-profile-'));
    try {
      const first = await launchPersistentBrowser(profile, inject('appUrl'));
      const page = first.pages()[0] ?? (await first.newPage());
      await page.goto('/');
      await signIn(page, agent);
      await page.reload();
      await welcomed(page, agent.username);
      await first.close();

      const restarted = await launchPersistentBrowser(profile, inject('appUrl'));
      try {
        const again = restarted.pages()[0] ?? (await restarted.newPage());
        await again.goto('/');
        await welcomed(again, agent.username);
      } finally {
        await restarted.close();
      }
    } finally {
      await rm(profile, { recursive: true, force: true });
    }
  });

  test('should move an administrator’s session at once when they switch enablers', async ({ openApp }) => {
    const administrator = await registeredAccount('Ali Switch', 'ADMIN');
    const page = await openApp();
    const accessTokens: string[] = [];
    page.on('request', (request) => {
      const authorization = request.headers().authorization;
      if (authorization && new URL(request.url()).pathname.startsWith('/api/')) {
        accessTokens.push(authorization.replace(/^Bearer /, ''));
      }
    });
    await signIn(page, administrator);
    const enablerSwitch = new EnablerSwitch(page);
    const current = (await enablerSwitch.selector.textContent())?.trim() ?? '';
    // The current enabler's option also says it is selected.
    const target = (await enablerSwitch.offeredEnablers()).find((name) => !name.includes(current)) ?? '';
    const before = accessTokens.at(-1) ?? '';
    expect((await callApi('/me/enabler', { token: before })).status).toBe(200);

    await enablerSwitch.switchTo(target);
    await enablerSwitch.homeBanner(target).waitFor();
    expect(await enablerSwitch.selector.textContent()).toContain(target);
    // The access token of before the switch stopped working with it.
    expect((await callApi('/me/enabler', { token: before })).status).toBe(401);
    expect((await callApi('/me/enabler', { token: accessTokens.at(-1) })).body).toMatchObject({
      name: target,
    });
  });
});
