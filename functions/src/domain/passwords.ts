import { MIN_PASSWORD_LENGTH } from '@cpbo/schemas';
import { containsAccountName } from '@cpbo/schemas/password-rules.ts';

export type PasswordProblem = 'ERR_PASSWORD_TOO_SHORT' | 'ERR_PASSWORD_UNCHANGED' | 'ERR_PASSWORD_TOO_COMMON';

/**
 * How many digits and symbols around a listed password still make it one attackers try first
 * ("Password123!", "sunshine1987"): their lists add such endings to every word.
 */
export const MAX_LISTED_AFFIX = 6;
/** A listed word under this length inside a longer password is not what makes it guessable. */
const MIN_LISTED_BASE = 4;

/** What a password is checked against: the account's e-mail and the list of common and breached passwords. */
export interface PasswordContext {
  email: string;
  /** Lower-cased (platform/common-passwords.ts). */
  listed: ReadonlySet<string>;
}

/**
 * Whether a password is one attackers try first (NIST SP 800-63B 5.1.1.2): listed among the common and
 * breached ones (in any case), a listed one with a few digits or symbols before or after it, or one that
 * holds the account's e-mail name or the product's name.
 */
export const isGuessablePassword = (password: string, { email, listed }: PasswordContext): boolean => {
  const lower = password.toLowerCase();
  if (listed.has(lower)) return true;
  const base = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (base.length >= MIN_LISTED_BASE && lower.length - base.length <= MAX_LISTED_AFFIX && listed.has(base))
    return true;
  return containsAccountName(password, email);
};

/**
 * The rule every new password meets (register, reset, change): at least 8 characters, not the current
 * one, and, given its account, not one attackers try first.
 */
export const newPasswordProblem = (
  newPassword: string,
  currentPassword?: string,
  account?: PasswordContext,
): PasswordProblem | undefined => {
  if ([...newPassword].length < MIN_PASSWORD_LENGTH) return 'ERR_PASSWORD_TOO_SHORT';
  if (currentPassword !== undefined && newPassword === currentPassword) return 'ERR_PASSWORD_UNCHANGED';
  if (account && isGuessablePassword(newPassword, account)) return 'ERR_PASSWORD_TOO_COMMON';
  return undefined;
};
