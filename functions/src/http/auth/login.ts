import type { FromSchema, loginRequestSchema } from '@cpbo/schemas';
import { normalizeEmail } from '#domain/emails.ts';
import { canSignIn } from '#domain/lockout.ts';
import { isGuessablePassword } from '#domain/passwords.ts';
import { clearFailedLogins, getUser } from '#data/accounts/users.ts';
import { AppError } from '#platform/app-error.ts';
import type { AnonymousRequest, ApiResponse } from '#http/middleware/api-types.ts';
import { commonPasswords } from '#platform/common-passwords.ts';
import { countEvent } from '#platform/metrics.ts';
import { verifyAgainstDecoy, verifyPassword } from '#platform/password-hashing.ts';
import { openSession } from '../accounts/open-session.ts';
import { refuseWrongPassword } from '../accounts/wrong-password.ts';

/**
 * POST /auth/login: e-mail and password give a session; five bad passwords in a row lock the account.
 * The password (or, without one, the decoy hash) is checked before anything else, whatever the
 * account's state: only a caller who knows the password learns that the account is disabled or locked,
 * and a wrong password takes the same path, and time, for every address. A right password that is one
 * attackers try first opens a session that asks for its change (passwordChangeRequired).
 */
export const login = async ({
  body,
}: AnonymousRequest<FromSchema<typeof loginRequestSchema>>): Promise<ApiResponse> => {
  const email = normalizeEmail(body.username);
  const user = await getUser(email);
  const passwordHash = user?.passwordHash;
  const rightPassword = passwordHash
    ? await verifyPassword(passwordHash, body.password)
    : await verifyAgainstDecoy(body.password);
  if (!user || !passwordHash || !rightPassword) return refuseWrongPassword(email);

  if (!canSignIn(user)) throw new AppError('ERR_LOGIN_INACTIVE');
  await clearFailedLogins(user.email);
  // A password chosen before the list was checked, if it is one attackers try first, is to be changed.
  const passwordChangeRequired = isGuessablePassword(body.password, {
    email: user.email,
    listed: await commonPasswords(),
  });
  const answer = await openSession({ ...user, passwordHash }, user.enablerId, { passwordChangeRequired });
  countEvent('SignIns');
  return answer;
};
