import { REFRESH_TOKEN_COOKIE, SESSION_MARKER_COOKIE } from '@cpbo/schemas/session-cookie.ts';

// The marker, or a refresh token cookie the SPA wrote itself before the API kept it (path /): the API
// takes that one once and replaces it with its own.
const sessionCookie = new RegExp(`(?:^|;\\s*)(?:${SESSION_MARKER_COOKIE}|${REFRESH_TOKEN_COOKIE})=[^;]`);

/**
 * Whether the browser holds a session to restore. The refresh token is in an HttpOnly cookie that the
 * page cannot see; the API sets this marker, which holds no secret, beside it.
 */
export function hasSessionMarker(): boolean {
  return sessionCookie.test(document.cookie);
}

/**
 * Forgets the marker, so that the next start shows the login page even when the API could not be
 * told of a logout (only the API can remove the refresh token's cookie).
 */
export function forgetSessionMarker(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_MARKER_COOKIE}=; max-age=0; path=/; SameSite=Strict${secure}`;
}
