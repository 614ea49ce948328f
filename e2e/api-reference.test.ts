import type { Page } from 'playwright-core';
import { securityHeaders } from '../infra/lib/security-headers.ts';
import { defaultLogins } from '../infra/local/seed/index.ts';
import { AdminDataPage } from './pages/admin-data-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { callApi, signIn as signInByApi } from './support/api.ts';
import { describe, expect, test } from './support/test.ts';

const signIn = async (page: Page, email: string, password: string) => {
  const login = await new LoginPage(page).shown();
  await login.emailField.fill(email);
  await login.passwordField.fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: /^Welcome / }).waitFor();
};

/**
 * Fails every request to another host than the application's, and keeps their addresses, with the
 * console's complaints (a refused Content-Security-Policy): the reference must work without internet.
 */
const offline = async (page: Page) => {
  const outside: string[] = [];
  const complaints: string[] = [];
  const appHost = new URL(page.url()).host;
  await page.context().route(
    (url) => url.host !== appHost && url.protocol !== 'data:' && url.protocol !== 'blob:',
    async (route) => {
      outside.push(route.request().url());
      await route.abort('internetdisconnected');
    },
  );
  page.on('console', (message) => {
    if (message.type() === 'error') complaints.push(message.text());
  });
  return { outside, complaints };
};

describe('API reference', () => {
  test('should open from the Data page for an administrator and show the operations of the document, offline', async ({
    openApp,
  }) => {
    const page = await openApp({ locale: 'en-US' });
    const { outside, complaints } = await offline(page);
    await signIn(page, defaultLogins.adminEmail, defaultLogins.adminPassword);
    await new AdminDataPage(page).open();

    await page.getByRole('link', { name: 'API reference', exact: true }).click();
    await page.getByRole('heading', { name: 'API reference', level: 1, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/ApiReference');
    // The local server sends CloudFront's headers: the reference met the policy of AWS, whose files
    // origin is where the API presigns uploads.
    const token = await signInByApi(defaultLogins.adminEmail, defaultLogins.adminPassword);
    const upload = await callApi('/imports/uploads', { method: 'POST', token });
    const shell = await page.request.get('/ApiReference');
    expect(shell.headers()['content-security-policy']).toBe(
      securityHeaders(new URL(upload.body.url).origin)['content-security-policy'],
    );
    // The document's title, then the sign-in operation's own heading (after its anchor's label).
    await page.getByRole('heading', { name: /^Crop protection back office API/ }).waitFor();
    await page.getByRole('heading', { name: /\bPOST \/auth\/login$/ }).waitFor();

    expect(outside).toEqual([]);
    expect(complaints.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  });

  test('should not open for a field agent', async ({ openApp }) => {
    const page = await openApp({ locale: 'en-US' });
    await signIn(page, defaultLogins.userEmail, defaultLogins.userPassword);
    await page.goto('/ApiReference');
    await page.getByRole('heading', { name: 'Page not authorized' }).waitFor();
    expect(await page.getByRole('heading', { name: /POST \/auth\/login/ }).count()).toBe(0);
  });
});
