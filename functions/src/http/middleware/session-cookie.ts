import {
  REFRESH_TOKEN_COOKIE,
  SESSION_COOKIE_HEADER,
  SESSION_MARKER_COOKIE,
} from '@cpbo/schemas/session-cookie.ts';
import { API_BASE, type RouteDefinition } from '#http/routes.ts';
import { AppError } from '#platform/app-error.ts';
import type { ApiEvent, ApiMiddleware, ApiResponse, ApiResult } from './api-types.ts';
import { jsonResponse } from './json-response.ts';

/*
 * The SPA's session cookie (docs/security.md, "Tokens"). The SPA calls the auth routes with the
 * X-Session-Cookie header: the API keeps the refresh token in an HttpOnly, SameSite=Strict cookie of the
 * auth calls' path, out of the page scripts' reach, and answers the rest of the session. Any other
 * caller (the mobile app, API clients) keeps the spec's contract: the refresh token as Bearer and in the
 * body. Rotation and replay detection are the handlers' and apply to both.
 */

/**
 * The host the browser asked for: API Gateway sees its own host, so CloudFront's function on /api/*
 * (infra/lib/viewer-host.ts) and the local server copy the viewer's Host header into this one.
 */
export const VIEWER_HOST_HEADER = 'x-viewer-host';

/** The auth calls' path: the refresh token cookie goes with these requests only. */
export const REFRESH_TOKEN_PATH = `${API_BASE}/auth`;

const sessionCookieHeader = SESSION_COOKIE_HEADER.toLowerCase();

/** A refresh token an answer issues, and when its session ends unless refreshed (epoch seconds). */
export interface IssuedRefreshToken {
  value: string;
  expiresAt: number;
}

/** The application's origin as the browser sees it, and whether its cookies must be Secure. */
interface Viewer {
  origin: string;
  secure: boolean;
}

/** A call of the SPA that proved it comes from the application's own origin. */
export interface BrowserSession {
  viewer: Viewer;
  /**
   * Every refresh token cookie the browser sent, in its order: a cookie of the same name that another
   * page planted (a sibling subdomain's, a wider path's) goes with the API's own, and the handler uses
   * the one that is valid (docs/security.md, "A planted cookie").
   */
  refreshTokens: string[];
}

type Headers = Record<string, string | undefined>;

// Loopback names: only there may the session travel over plain HTTP (the local runtime).
const loopback = /^(localhost|[a-z0-9.-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/;

/**
 * The application's origin, from the host the browser asked for: HTTPS (CloudFront redirects plain
 * HTTP), or plain HTTP on a loopback name, where the local server says so. Undefined when it cannot be
 * known: such a caller gets no session cookie.
 */
const viewerOf = (headers: Headers): Viewer | undefined => {
  const host = headers[VIEWER_HOST_HEADER]?.toLowerCase();
  if (!host) return undefined;
  if (headers['x-forwarded-proto'] !== 'http') return { origin: `https://${host}`, secure: true };
  return loopback.test(host) ? { origin: `http://${host}`, secure: false } : undefined;
};

/**
 * Whether the browser says the call comes from the application's origin. A cross-site page cannot send
 * the custom header without a CORS preflight, which the API never grants; a browser also names the
 * caller's origin (Origin on cross-origin and non-GET calls, Sec-Fetch-Site on all), and neither may
 * name another. Scripts cannot set either header.
 */
const fromViewer = (headers: Headers, viewer: Viewer): boolean => {
  const { origin } = headers;
  const site = headers['sec-fetch-site'];
  return (
    (origin === undefined || origin.toLowerCase() === viewer.origin) &&
    (site === undefined || site === 'same-origin')
  );
};

/** The refresh token cookies tried at most: each costs a read of its session. */
export const MAX_REFRESH_TOKEN_COOKIES = 4;

/**
 * The values of every cookie of that name, in the order sent, without repeats, at most `max`. API
 * Gateway's payload 2.0 gives the request's cookies as a list of `name=value`.
 */
const cookieValues = (cookies: readonly string[] | undefined, name: string, max: number): string[] => {
  const values = new Set<string>();
  for (const cookie of cookies ?? []) {
    const separator = cookie.indexOf('=');
    const value = cookie.slice(separator + 1).trim();
    if (separator > 0 && cookie.slice(0, separator).trim() === name && value) values.add(value);
    if (values.size === max) break;
  }
  return [...values];
};

const setCookie = (
  viewer: Viewer,
  name: string,
  value: string,
  { path, maxAge, httpOnly }: { path: string; maxAge: number; httpOnly: boolean },
): string =>
  [
    `${name}=${value}`,
    `Path=${path}`,
    `Max-Age=${maxAge}`,
    ...(httpOnly ? ['HttpOnly'] : []),
    ...(viewer.secure ? ['Secure'] : []),
    'SameSite=Strict',
  ].join('; ');

/**
 * The Set-Cookie values that keep a refresh token (until its session's idle or absolute end, so that
 * the session survives a browser restart) or, without one, remove it. The marker, readable by the
 * SPA, only says that a refresh token is set.
 */
export const sessionCookies = (
  viewer: Viewer,
  token?: IssuedRefreshToken,
  nowSeconds = Math.floor(Date.now() / 1000),
): string[] => {
  const maxAge = token ? Math.max(0, token.expiresAt - nowSeconds) : 0;
  return [
    setCookie(viewer, REFRESH_TOKEN_COOKIE, token?.value ?? '', {
      path: REFRESH_TOKEN_PATH,
      maxAge,
      httpOnly: true,
    }),
    setCookie(viewer, SESSION_MARKER_COOKIE, token ? '1' : '', { path: '/', maxAge, httpOnly: false }),
    // The cookie the SPA used to write itself (path /, readable by scripts) goes at the first answer;
    // its token is still taken once (it has the same name), so that no one has to sign in again.
    setCookie(viewer, REFRESH_TOKEN_COOKIE, '', { path: '/', maxAge: 0, httpOnly: false }),
  ];
};

/**
 * The session cookie of a route that declares one (routes.ts `sessionCookie`). A call with the
 * X-Session-Cookie header must come from the application's own origin (ERR_CROSS_ORIGIN otherwise, and
 * nothing runs); its refresh tokens are then the cookies'. A 'clear' route's answer removes the cookie,
 * and so does any 401 (the session has ended). Used outside the error responder, so that it sees the
 * refusals' answers.
 */
export const sessionCookie = (route: RouteDefinition): ApiMiddleware => ({
  before: (request) => {
    const headers = request.event.headers ?? {};
    if (headers[sessionCookieHeader] === undefined) return;
    const viewer = viewerOf(headers);
    if (!viewer || !fromViewer(headers, viewer)) throw new AppError('ERR_CROSS_ORIGIN');
    request.event.browserSession = {
      viewer,
      refreshTokens: cookieValues(request.event.cookies, REFRESH_TOKEN_COOKIE, MAX_REFRESH_TOKEN_COOKIES),
    };
  },
  after: (request) => {
    const browser = request.event.browserSession;
    if (browser && route.sessionCookie === 'clear' && request.response) {
      request.response.cookies = sessionCookies(browser.viewer);
    }
  },
  onError: (request) => {
    const browser = request.event.browserSession;
    if (browser && request.response?.statusCode === 401) {
      request.response.cookies = sessionCookies(browser.viewer);
    }
  },
});

/**
 * A handler's answer as API Gateway returns it. A refresh token it issued goes into the SPA's cookie,
 * or into the body for any other caller.
 */
export const apiResult = (
  event: ApiEvent,
  { status = 200, body, headers, refreshToken }: ApiResponse,
): ApiResult => {
  const browser = event.browserSession;
  if (refreshToken && browser) {
    return { ...jsonResponse(status, body, headers), cookies: sessionCookies(browser.viewer, refreshToken) };
  }
  return jsonResponse(
    status,
    refreshToken ? { ...(body as Record<string, unknown>), refreshToken: refreshToken.value } : body,
    headers,
  );
};
