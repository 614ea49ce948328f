import type { Language } from '../i18n/languages.ts';
import { apiFetch, type ApiRequest } from './api-client.ts';
import type { Enabler } from './enablers.ts';

export const roles = ['ADMIN', 'USER', 'ANDROID_USER'] as const;
export type Role = (typeof roles)[number];

/** The answer of login and refresh: the session's tokens and who it belongs to. */
export interface AuthSession {
  refreshToken: string;
  accessToken: string;
  role: Role;
  username: string;
  email: string;
  /** Id of the enabler the session works for (an administrator can switch it). */
  enabler: string | null;
  enablerName: string | null;
  /** The interface language kept with the user; null (or absent) until they choose one on the Account page. */
  language?: Language | null;
  /** What GET /me/enabler answers (null: no enabler), carried by the sign-in and refresh answers. */
  currentEnabler?: Enabler | null;
}

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

export const logoutFromEverywhere = () => apiFetch<unknown>('/auth/logoutFromEverywhere');

/** A refresh token for a session working for another enabler (administrators). */
export const enablerProfile = (enablerId: string) =>
  apiFetch<{ refreshToken: string }>(`/auth/enablerProfile/${encodeURIComponent(enablerId)}`);

/** The answer is neutral on purpose: it does not tell whether the email is known. */
export const requestPasswordReset = (email: string, options: Errors = {}) =>
  apiFetch<unknown>('/resetPassword/request', { method: 'POST', body: { email }, auth: 'none', ...options });
