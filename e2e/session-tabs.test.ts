import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { SESSION_COOKIE_HEADER } from '@cpbo/schemas/session-cookie.ts';
import { LoginPage } from './pages/login-page.ts';
import { registeredAccount } from './support/accounts.ts';
import { callApi } from './support/api.ts';
import { describe, expect, test } from './support/test.ts';

/*
 * Two tabs and a lost answer (issue 40): tabs opened at once share one refresh (Web Locks), and a
 * refresh whose answer the browser never got is answered again with the same token within its grace.
 */

const welcomed = (page: Page, username: string) =>
  page.getByRole('heading', { name: `Welcome ${username}`, exact: true }).waitFor();

/** Every answer of the refresh call a page gets, by status. */
const refreshAnswers = (page: Page): number[] => {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/refresh') statuses.push(response.status());
  });
  return statuses;
};

const refreshCookie = async (context: BrowserContext) =>
  (await context.cookies()).find(({ name, path }) => name === 'refreshToken' && path === '/api/auth');

/** The browser's cookie used by a refresh whose answer the browser never sees (a dropped connection). */
const refreshLostOnTheWay = async (context: BrowserContext) => {
  const held = await refreshCookie(context);
  const appUrl = inject('appUrl');
  const answer = await fetch(`${appUrl}/api/auth/refresh`, {
    headers: { [SESSION_COOKIE_HEADER]: '1', origin: appUrl, cookie: `refreshToken=${held?.value}` },
  });
  expect(answer.status).toBe(200);
  return held?.value;
};

describe('a session in several tabs', () => {
  test('should stay signed in when two tabs open at once and reload at once', async ({ openApp }) => {
    const agent = await registeredAccount('Tamsin Tabs');
    const first = await openApp();
    await (await new LoginPage(first).shown()).signIn(agent.email, agent.password);
    await welcomed(first, agent.username);
    const context = first.context();

    const tabs = await Promise.all([context.newPage(), context.newPage()]);
    const answers = tabs.map(refreshAnswers);
    await Promise.all(tabs.map((tab) => tab.goto('/')));
    await Promise.all(tabs.map((tab) => welcomed(tab, agent.username)));
    await Promise.all(tabs.map((tab) => tab.reload()));
    await Promise.all(tabs.map((tab) => welcomed(tab, agent.username)));

    expect(answers.flat().length).toBeGreaterThan(0);
    expect(answers.flat().every((status) => status === 200)).toBe(true);
    // The first tab's session is the same one, still open.
    await first.reload();
    await welcomed(first, agent.username);
    await Promise.all(tabs.map((tab) => tab.close()));
  });

  test('should stay signed in when the page reloads during a refresh', async ({ openApp }) => {
    const agent = await registeredAccount('Rafael Reload');
    const page = await openApp();
    await (await new LoginPage(page).shown()).signIn(agent.email, agent.password);
    await welcomed(page, agent.username);
    const answers = refreshAnswers(page);

    // The server rotated the token; the browser never got the new cookie, and reloads.
    const rotated = await refreshLostOnTheWay(page.context());
    expect((await refreshCookie(page.context()))?.value).toBe(rotated);
    await page.reload();
    await welcomed(page, agent.username);
    expect((await refreshCookie(page.context()))?.value).not.toBe(rotated);

    // A reload that cuts the page's own refresh short, whenever its answer comes.
    for (let round = 0; round < 3; round += 1) {
      void page
        .evaluate(() => fetch('/api/auth/refresh', { headers: { 'X-Session-Cookie': '1' } }))
        .catch(() => undefined);
      await page.reload();
      await welcomed(page, agent.username);
    }
    expect(answers.every((status) => status === 200)).toBe(true);

    // Still the same open session: its access token works.
    const { accessToken } = await page.evaluate(async () => {
      const answer = await fetch('/api/auth/refresh', { headers: { 'X-Session-Cookie': '1' } });
      return (await answer.json()) as { accessToken: string };
    });
    expect((await callApi('/me/enabler', { token: accessToken })).status).toBe(200);
  });
});
