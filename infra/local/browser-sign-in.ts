import { SESSION_COOKIE_HEADER } from '@cpbo/schemas/session-cookie.ts';

/** A cookie the API set, as a browser keeps it. */
export interface BrowserCookie {
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite?: string;
  /** Epoch seconds; not after now for a cookie the line removes. */
  expires: number;
}

/** One Set-Cookie line, as a browser reads it (the attributes the API writes). */
export const parseSetCookie = (line: string, nowSeconds = Math.floor(Date.now() / 1000)): BrowserCookie => {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const separator = pair.indexOf('=');
  const named = new Map(
    attributes.map((attribute) => {
      const [key = '', value = ''] = attribute.split('=');
      return [key.toLowerCase(), value] as const;
    }),
  );
  return {
    name: pair.slice(0, separator),
    value: pair.slice(separator + 1),
    path: named.get('path') ?? '/',
    httpOnly: named.has('httponly'),
    secure: named.has('secure'),
    sameSite: named.get('samesite'),
    expires: nowSeconds + Number(named.get('max-age') ?? 0),
  };
};

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
