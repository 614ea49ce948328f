import { reachesLock } from '#domain/lockout.ts';
import { deleteSessionsOf } from '#data/accounts/sessions.ts';
import { countFailedLogin, lockForBadPasswords } from '#data/accounts/users.ts';
import { AppError } from '#platform/app-error.ts';
import { countEvent } from '#platform/metrics.ts';
import { notifyAdministratorsOfLock } from './account-mails.ts';
import { appLog } from '#data/logs/app-log.ts';

/**
 * A wrong password given for an account, at sign-in or as the current password of a change: it is
 * counted (atomically), and the attempt whose conditional lock succeeds ends the account's sessions
 * and mails the administrators, once per lock. Throws the answer: ERR_ACCOUNT_JUST_LOCKED for that
 * attempt, ERR_LOGIN_INVALID otherwise (also for an address without an account, which counts nothing).
 */
export const refuseWrongPassword = async (email: string): Promise<never> => {
  const failures = await countFailedLogin(email);
  // An address without an account is not written: it may be a password typed in the wrong field.
  await appLog.warn(
    failures === undefined
      ? 'Failed sign-in: an address without an account'
      : `Failed sign-in: wrong password for ${email} (${failures} in a row)`,
  );
  if (failures !== undefined && reachesLock(failures) && (await lockForBadPasswords(email))) {
    countEvent('AccountLocks');
    await appLog.warn(`Account ${email} locked after ${failures} wrong passwords`);
    await deleteSessionsOf(email);
    await notifyAdministratorsOfLock(email);
    throw new AppError('ERR_ACCOUNT_JUST_LOCKED');
  }
  throw new AppError('ERR_LOGIN_INVALID');
};
