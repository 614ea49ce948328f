/** Bad passwords in a row that lock an account (ERR_ACCOUNT_JUST_LOCKED on the last one). */
export const MAX_FAILED_LOGINS = 5;

/**
 * Whether a count of bad passwords in a row calls for the lock. Parallel attempts may pass the limit
 * together: the lock itself is a conditional write that only one of them wins.
 */
export const reachesLock = (failedLogins: number): boolean => failedLogins >= MAX_FAILED_LOGINS;

/** Why an account cannot sign in: an administrator switched it off, or it is blocked until a new password is set. */
export type Blocked = 'BAD_PASSWORDS' | 'RENEWAL_FORCED';

export interface AccountState {
  active: boolean;
  blocked?: Blocked | null;
  passwordHash?: string | null;
}

export const canSignIn = (account: AccountState): boolean =>
  account.active && !account.blocked && Boolean(account.passwordHash);
