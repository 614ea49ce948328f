import type { FromSchema, loginRequestSchema } from '@cpbo/schemas';
import { normalizeEmail } from '#domain/emails.ts';
import { afterFailedLogin } from '#domain/lockout.ts';
import { deleteSessionsOf } from '#data/sessions.ts';
import { blockUser, clearFailedLogins, countFailedLogin, getUser } from '#data/users.ts';
import { AppError } from '#platform/app-error.ts';
import { ok, type ApiRequest, type ApiResponse } from '#platform/http/api-types.ts';
import { verifyAgainstDecoy, verifyPassword } from '#platform/password-hashing.ts';
import { notifyAdministratorsOfLock } from '../accounts/account-mails.ts';
import { openSession } from '../accounts/open-session.ts';

/** POST /auth/login: e-mail and password give a session; five bad passwords in a row lock the account. */
export const login = async ({
  body,
}: ApiRequest<FromSchema<typeof loginRequestSchema>>): Promise<ApiResponse> => {
  const user = await getUser(normalizeEmail(body.username));
  if (!user || !user.passwordHash) {
    await verifyAgainstDecoy(body.password);
    throw new AppError('ERR_LOGIN_INVALID');
  }
  if (!user.active || user.blocked) throw new AppError('ERR_LOGIN_INACTIVE');

  if (!(await verifyPassword(user.passwordHash, body.password))) {
    const outcome = afterFailedLogin((await countFailedLogin(user.email)) - 1);
    if (!outcome.locksNow) throw new AppError('ERR_LOGIN_INVALID');
    await blockUser(user.email, 'BAD_PASSWORDS');
    await deleteSessionsOf(user.email);
    await notifyAdministratorsOfLock(user.email);
    throw new AppError('ERR_ACCOUNT_JUST_LOCKED');
  }

  await clearFailedLogins(user.email);
  return ok(await openSession(user, user.enablerId));
};
