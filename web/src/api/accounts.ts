import type { Language } from '../i18n/languages.ts';
import type { LanguageAnswer, PasswordChangedAnswer } from '@cpbo/schemas';
import { apiFetch, type ApiRequest } from './api-client.ts';

type Errors = Pick<ApiRequest, 'errors'>;

/** Which mailed link sets the password: the first one (registration) or a renewal. */
export type PasswordLinkPurpose = 'register' | 'resetPassword';

/** POST /register or /resetPassword: the token of the mailed link proves who sets the password. */
export const setPasswordWithLink = (
  purpose: PasswordLinkPurpose,
  token: string,
  password: string,
  options: Errors = {},
) =>
  apiFetch<PasswordChangedAnswer>(`/${purpose}`, {
    method: 'POST',
    body: { password, token },
    auth: 'none',
    ...options,
  });

/** The server signs out the user's other sessions; this one stays. */
export const changePassword = (currentPassword: string, newPassword: string, options: Errors = {}) =>
  apiFetch<PasswordChangedAnswer>('/auth/password', {
    method: 'PUT',
    body: { newPassword, currentPassword },
    ...options,
  });

/** Kept with the user: the next sign-in, on any device, opens in this language. */
export const saveLanguage = (language: Language, options: Errors = {}) =>
  apiFetch<LanguageAnswer>('/me/language', { method: 'PUT', body: { language }, ...options });
