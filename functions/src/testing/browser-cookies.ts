import { VIEWER_HOST_HEADER } from '#http/middleware/session-cookie.ts';

/** The application's host in the tests, as CloudFront's function names it to the API. */
export const APP_HOST = 'app.example.org';
export const APP_ORIGIN = `https://${APP_HOST}`;

/**
 * The headers Chromium sends with the SPA's fetch of an auth call (X-Session-Cookie), and the one
 * CloudFront adds; from another origin, the browser names that origin instead.
 */
export const spaHeaders = (origin = APP_ORIGIN): Record<string, string> => ({
  'x-session-cookie': '1',
  [VIEWER_HOST_HEADER]: APP_HOST,
  origin,
  'sec-fetch-site': origin === APP_ORIGIN ? 'same-origin' : 'cross-site',
});

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

/** A browser's cookies for the application: Set-Cookie stores or removes each, by name and path. */
export class CookieJar {
  private readonly stored = new Map<string, BrowserCookie>();

  take(setCookies: readonly string[]): void {
    const now = Math.floor(Date.now() / 1000);
    for (const cookie of setCookies.map((line) => parseSetCookie(line, now))) {
      const key = `${cookie.name} ${cookie.path}`;
      if (cookie.expires > now) this.stored.set(key, cookie);
      else this.stored.delete(key);
    }
  }

  /** The cookie of that name and path, if the browser keeps one. */
  get(name: string, path: string): BrowserCookie | undefined {
    return this.stored.get(`${name} ${path}`);
  }

  /** What a request to this path carries (`name=value` each), the longest path first, as browsers send. */
  sentTo(path: string): string[] {
    return [...this.stored.values()]
      .filter((cookie) => path === cookie.path || path.startsWith(cookie.path.replace(/\/?$/, '/')))
      .sort((a, b) => b.path.length - a.path.length)
      .map((cookie) => `${cookie.name}=${cookie.value}`);
  }
}
