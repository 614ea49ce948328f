import { parseSetCookie, type BrowserCookie } from '@cpbo/functions/testing/browser-cookies.ts';
import { SESSION_COOKIE_HEADER } from '@cpbo/schemas/session-cookie.ts';

export type { BrowserCookie };

/**
 * Signs in as the SPA does (its header, from the application's own origin) and answers the cookies
 * the API set, for a browser to start from a session without going through the login page. The
 * removed ones (Max-Age=0) are left out.
 */
export const browserSignIn = async (
  appUrl: string,
  email: string,
  password: string,
): Promise<BrowserCookie[]> => {
  const response = await fetch(`${appUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SESSION_COOKIE_HEADER]: '1', origin: appUrl },
    body: JSON.stringify({ username: email, password }),
  });
  if (response.status !== 200) {
    throw new Error(`Sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  }
  const now = Math.floor(Date.now() / 1000);
  return response.headers
    .getSetCookie()
    .map((line) => parseSetCookie(line, now))
    .filter((cookie) => cookie.expires > now);
};
