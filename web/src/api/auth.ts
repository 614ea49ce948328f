import type { BrowserSessionAnswer, ResetRequestAnswer, SessionsRevokedAnswer } from '@cpbo/schemas';
import { userRoles, type UserRole } from '@cpbo/schemas/account-rules.ts';
import { apiFetch, type ApiRequest } from './api-client.ts';

export const roles = userRoles;
export type Role = UserRole;

/**
 * The answer of login, refresh and the enabler switch (schemas/accounts.ts): the access token, who the
 * session belongs to, the language kept with the user and the enabler it works for ('' and null
 * without one). The refresh token is not in it: the API keeps it in an HttpOnly cookie.
 */
export type AuthSession = BrowserSessionAnswer;

type Errors = Pick<ApiRequest, 'errors'>;

export const login = (username: string, password: string, options: Errors = {}) =>
  apiFetch<AuthSession>('/auth/login', {
    method: 'POST',
    body: { username, password },
    auth: 'none',
    sessionCookie: true,
    ...options,
  });

/** The API reads the refresh token from its cookie and rotates it there. */
export const refresh = (options: Errors = {}) =>
  apiFetch<AuthSession>('/auth/refresh', { auth: 'none', sessionCookie: true, ...options });

/** Ends this session on the server, and its cookie. The caller decides what a failure means. */
export const logout = (accessToken: string) =>
  apiFetch<unknown>('/auth/logout', {
    method: 'POST',
    auth: { bearer: accessToken },
    sessionCookie: true,
    errors: 'caller',
  });

export const logoutFromEverywhere = () =>
  apiFetch<SessionsRevokedAnswer>('/auth/logoutFromEverywhere', { sessionCookie: true });

/** Moves the session to another enabler (administrators): its access token, its cookie rotated. */
export const enablerProfile = (enablerId: string) =>
  apiFetch<AuthSession>(`/auth/enablerProfile/${encodeURIComponent(enablerId)}`, { sessionCookie: true });

/** The answer is neutral on purpose: it does not tell whether the email is known. */
export const requestPasswordReset = (email: string, options: Errors = {}) =>
  apiFetch<ResetRequestAnswer>('/resetPassword/request', {
    method: 'POST',
    body: { email },
    auth: 'none',
    ...options,
  });
