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

export interface StoredCookie {
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite?: string;
}

/** A browser's cookies for the application: Set-Cookie stores or removes each, by name and path. */
export class CookieJar {
  private readonly stored = new Map<string, StoredCookie>();

  take(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const named = Object.fromEntries(
        attributes.map((attribute) => {
          const [key = '', value = ''] = attribute.split('=');
          return [key.toLowerCase(), value];
        }),
      );
      const cookie: StoredCookie = {
        name: pair.slice(0, separator),
        value: pair.slice(separator + 1),
        path: named.path ?? '/',
        httpOnly: 'httponly' in named,
        secure: 'secure' in named,
        sameSite: named.samesite,
      };
      const key = `${cookie.name} ${cookie.path}`;
      if (named['max-age'] === '0') this.stored.delete(key);
      else this.stored.set(key, cookie);
    }
  }

  /** The cookie of that name and path, if the browser keeps one. */
  get(name: string, path: string): StoredCookie | undefined {
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
