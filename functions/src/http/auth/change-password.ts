import type { changePasswordRequestSchema, FromSchema, PasswordChangedAnswer } from '@cpbo/schemas';
import { newPasswordProblem } from '#domain/passwords.ts';
import { clearPasswordChangeRequired, deleteSessionsOf } from '#data/accounts/sessions.ts';
import { clearFailedLogins, getUser, replacePasswordHash } from '#data/accounts/users.ts';
import { AppError } from '#platform/app-error.ts';
import { commonPasswords } from '#platform/common-passwords.ts';
import { ok, type ApiResponse, type SessionRequest } from '#http/middleware/api-types.ts';
import { hashPassword, verifyPassword } from '#platform/password-hashing.ts';
import { refuseWrongPassword } from '../accounts/wrong-password.ts';

/**
 * PUT /auth/password: the current password proves the caller, and a wrong one counts toward the same
 * lock as at sign-in (a stolen session cannot guess without limit). The new password ends the other
 * sessions and voids every outstanding mailed link. A new password attackers try first is refused
 * (ERR_PASSWORD_TOO_COMMON); a session that asked for the change no longer does.
 */
export const changePassword = async ({
  body,
  session,
}: SessionRequest<FromSchema<typeof changePasswordRequestSchema>>): Promise<ApiResponse> => {
  const problem = newPasswordProblem(body.newPassword, body.currentPassword, {
    email: session.email,
    listed: await commonPasswords(),
  });
  if (problem) throw new AppError(problem);
  const user = await getUser(session.email);
  if (!user?.passwordHash) throw new AppError('ERR_UNAUTHENTICATED');
  if (!(await verifyPassword(user.passwordHash, body.currentPassword)))
    return refuseWrongPassword(user.email);

  await clearFailedLogins(user.email);
  const changed = await replacePasswordHash(
    user.email,
    user.passwordHash,
    await hashPassword(body.newPassword),
  );
  if (!changed) throw new AppError('ERR_CONFLICT');
  await deleteSessionsOf(user.email, session.sessionId);
  await clearPasswordChangeRequired(user.email, session.sessionId);
  return ok({} satisfies PasswordChangedAnswer);
};
