import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { defaultLogins } from '../infra/local/seed/index.ts';
import { AccountPage } from './pages/account-page.ts';
import { AdminUsersPage } from './pages/admin-users-page.ts';
import { LoginPage } from './pages/login-page.ts';
import type { Language } from './pages/translated-page.ts';
import { SetPasswordPage } from './pages/set-password-page.ts';
import { registeredAccount } from './support/accounts.ts';
import { callApi } from './support/api.ts';
import { linkIn, mailTo } from './support/outbox.ts';
import { describe, expect, test } from './support/test.ts';

const welcome: Record<Language, (username: string) => string> = {
  en: (username) => `Welcome ${username}`,
  fr: (username) => `Bienvenue ${username}`,
};

/** Signs in from the login page (shown in `language`). */
const signIn = async (
  page: Page,
  email: string,
  password: string,
  language: Language = 'en',
): Promise<void> => (await new LoginPage(page, language).shown()).signIn(email, password);

/** The home page's welcome, once signed in. */
const welcomeShown = (page: Page, language: Language, username: string) =>
  page.getByRole('heading', { name: welcome[language](username), exact: true }).waitFor();

const refreshTokenOf = async (page: Page): Promise<string> => {
  const cookie = (await page.context().cookies()).find(({ name }) => name === 'refreshToken');
  if (!cookie?.value) throw new Error('No refreshToken cookie');
  return decodeURIComponent(cookie.value);
};

describe('sessions', () => {
  test('should end the session on the server at logout: the old refresh token is refused', async ({
    openApp,
  }) => {
    const agent = await registeredAccount('Lamine Logout');
    const page = await openApp({ locale: 'en-US' });
    await signIn(page, agent.email, agent.password);
    await welcomeShown(page, 'en', agent.username);
    const refreshToken = await refreshTokenOf(page);

    await new AccountPage(page).logOut();
    await new LoginPage(page).shown();
    expect((await page.context().cookies()).find(({ name }) => name === 'refreshToken')).toBeUndefined();
    // A copy of the token taken before the logout (a script, a shared machine) no longer works.
    const refused = await callApi('/auth/refresh', { token: refreshToken });
    expect(refused).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHENTICATED' } });
  });

  test('should show the sign-in screen at the next click of a user an administrator deactivated meanwhile', async ({
    openApp,
  }) => {
    const agent = await registeredAccount('Dior Deactivated');
    const agentPage = await openApp({ locale: 'en-US' });
    await signIn(agentPage, agent.email, agent.password);
    await welcomeShown(agentPage, 'en', agent.username);

    // In another browser, an administrator switches the account off.
    const adminPage = await openApp({ locale: 'en-US' });
    await signIn(adminPage, defaultLogins.adminEmail, defaultLogins.adminPassword);
    await adminPage.getByRole('heading', { name: /^Welcome / }).waitFor();
    const users = await new AdminUsersPage(adminPage).open();
    const form = await users.editUser(agent.email);
    await form.activeSwitch.uncheck();
    await form.submit('Save');
    await users.notice(`The user ${agent.email} was saved.`).waitFor();
    await users.search(agent.email);
    expect(await users.row(agent.email).textContent()).toContain('Inactive');

    // The agent's access token is still within its 15 minutes: the session check refuses it anyway.
    await agentPage.getByRole('link', { name: 'Members', exact: true }).first().click();
    await new LoginPage(agentPage).shown();
    expect((await agentPage.context().cookies()).find(({ name }) => name === 'refreshToken')).toBeUndefined();
  });
});

describe('accounts', () => {
  test('should take a new user from creation by an administrator to a French session ended everywhere', async ({
    openApp,
  }) => {
    const email = `e2e-${randomUUID().slice(0, 8)}@demo.local`;
    const username = 'Ines Field';
    const password = 'first-password-2026';

    // An administrator creates the user; the list says a registration link went out.
    const adminPage = await openApp({ locale: 'en-US' });
    await signIn(adminPage, defaultLogins.adminEmail, defaultLogins.adminPassword);
    await adminPage.getByRole('heading', { name: /^Welcome / }).waitFor();
    const users = await new AdminUsersPage(adminPage).open();
    await users.addUser({ email, username, roleLabel: 'Enabler' });
    await users.notice(`The user ${email} was created: a registration link was emailed.`).waitFor();
    await users.search(email);
    expect(await users.row(email).textContent()).toContain('Waiting for registration');

    // The new user follows the link of the mail and chooses a password.
    const link = linkIn(await mailTo(email), '/register/');
    expect(link.origin).toBe(inject('appUrl'));
    const page = await openApp({ locale: 'en-US', path: link.pathname });
    await (await new SetPasswordPage(page, 'register').shown()).setPassword(password);
    await new LoginPage(page).shown();

    // Signed in, they choose French on the Account page: the interface switches at once.
    await signIn(page, email, password);
    await welcomeShown(page, 'en', username);
    const account = await new AccountPage(page).open();
    await account.chooseLanguage('fr');
    await account.heading.waitFor();
    expect(await page.getByRole('link', { name: 'Accueil', exact: true }).count()).toBeGreaterThan(0);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    // Logging out from everywhere revokes the refresh token the browser held.
    const refreshToken = await refreshTokenOf(page);
    await account.logOutFromEverywhere();
    await new LoginPage(page, 'fr').shown();
    expect((await page.context().cookies()).find(({ name }) => name === 'refreshToken')).toBeUndefined();
    const refused = await callApi('/auth/refresh', { token: refreshToken });
    expect(refused.status).toBe(401);

    // The language is kept with the user: an English browser signs them in in French.
    const elsewhere = await openApp({ locale: 'en-US' });
    await signIn(elsewhere, email, password, 'en');
    await welcomeShown(elsewhere, 'fr', username);
  });
});
