import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { inject } from 'vitest';
import { browserSignIn } from '../../infra/local/browser-sign-in.ts';

/**
 * A page in a fresh browser context that starts signed in (the session's cookies set as the API set them at
 * a sign-in), without going through the login page; signed out without a login.
 */
export const signedInPage = async (
  browser: Browser,
  login: { email: string; password: string } | undefined,
  options: BrowserContextOptions = {},
): Promise<Page> => {
  const appUrl = inject('appUrl');
  const context = await browser.newContext({ locale: 'en-US', baseURL: appUrl, ...options });
  if (login) {
    const cookies = await browserSignIn(appUrl, login.email, login.password);
    await context.addCookies(
      cookies.map((cookie) => ({ ...cookie, domain: new URL(appUrl).hostname, sameSite: 'Strict' as const })),
    );
  }
  return context.newPage();
};
