import type { Page } from 'playwright-core';
import { defaultLogins } from '../../infra/local/seed/index.ts';
import { LoginPage } from '../pages/login-page.ts';

/** Signs the demo agent in through the login form; resolves once the top bar names the agent. */
export async function signInAsDemoAgent(page: Page): Promise<void> {
  await (await new LoginPage(page).shown()).signIn(defaultLogins.userEmail, defaultLogins.userPassword);
  await page.getByText('Demo agent', { exact: false }).first().waitFor({ state: 'visible' });
}

/** Signs the demo administrator in through the login form; resolves once the home screen welcomes them. */
export async function signInAsDemoAdmin(page: Page): Promise<void> {
  await (await new LoginPage(page).shown()).signIn(defaultLogins.adminEmail, defaultLogins.adminPassword);
  await page.getByRole('heading', { name: /^Welcome / }).waitFor();
}
