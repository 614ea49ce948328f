import type {
  EnablerProfileAnswer,
  ResetRequestAnswer,
  SessionAnswer,
  SessionsRevokedAnswer,
} from '@cpbo/schemas';
import { userRoles } from '@cpbo/schemas/account-rules.ts';
import { apiFetch, type ApiRequest } from './api-client.ts';

export const roles = userRoles;
export type Role = (typeof roles)[number];

/**
 * The answer of login and refresh (schemas/accounts.ts): the session's tokens, who it belongs to, the
 * language kept with the user and the enabler it works for ('' and null without one).
 */
export type AuthSession = SessionAnswer;

type Errors = Pick<ApiRequest, 'errors'>;

export const login = (username: string, password: string, options: Errors = {}) =>
  apiFetch<AuthSession>('/auth/login', {
    method: 'POST',
    body: { username, password },
    auth: 'none',
    ...options,
  });

/** The refresh token rotates: the answer carries the one to use next time. */
export const refresh = (refreshToken: string, options: Errors = {}) =>
  apiFetch<AuthSession>('/auth/refresh', { auth: { bearer: refreshToken }, ...options });

/** Ends this session on the server: its refresh token stops working. The caller decides what a failure means. */
export const logout = (accessToken: string) =>
  apiFetch<unknown>('/auth/logout', { method: 'POST', auth: { bearer: accessToken }, errors: 'caller' });

export const logoutFromEverywhere = () => apiFetch<SessionsRevokedAnswer>('/auth/logoutFromEverywhere');

/** A refresh token for a session working for another enabler (administrators). */
export const enablerProfile = (enablerId: string) =>
  apiFetch<EnablerProfileAnswer>(`/auth/enablerProfile/${encodeURIComponent(enablerId)}`);

/** The answer is neutral on purpose: it does not tell whether the email is known. */
export const requestPasswordReset = (email: string, options: Errors = {}) =>
  apiFetch<ResetRequestAnswer>('/resetPassword/request', {
    method: 'POST',
    body: { email },
    auth: 'none',
    ...options,
  });
