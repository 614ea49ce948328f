/*
 * The browser's session (docs/security.md, "Tokens"), shared by the API and the SPA. The SPA sends
 * SESSION_COOKIE_HEADER on the auth calls: the API then keeps the refresh token in an HttpOnly cookie
 * instead of answering it, and sets the marker beside it. The marker holds no secret: it only tells
 * the SPA's first module, which cannot see the HttpOnly cookie, that a session may be restored.
 */

/** The request header of the SPA's auth calls: a cross-site form cannot send it. */
export const SESSION_COOKIE_HEADER = 'X-Session-Cookie';

/** The HttpOnly cookie that holds the refresh token (the spec's name). */
export const REFRESH_TOKEN_COOKIE = 'refreshToken';

/** The cookie, readable by the SPA, that says a refresh token is set beside it. */
export const SESSION_MARKER_COOKIE = 'signedIn';
