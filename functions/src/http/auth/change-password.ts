import type { changePasswordRequestSchema, FromSchema } from '@cpbo/schemas';
import { newPasswordProblem } from '#domain/passwords.ts';
import { deleteSessionsOf } from '#data/sessions.ts';
import { getUser, setPasswordHash } from '#data/users.ts';
import { AppError } from '#platform/app-error.ts';
import { ok, type ApiRequest, type ApiResponse } from '#platform/http/api-types.ts';
import { hashPassword, verifyPassword } from '#platform/password-hashing.ts';

/** PUT /auth/password: the current password proves the caller; other sessions are signed out. */
export const changePassword = async ({
  body,
  session,
}: ApiRequest<FromSchema<typeof changePasswordRequestSchema>>): Promise<ApiResponse> => {
  const caller = session as NonNullable<typeof session>;
  const problem = newPasswordProblem(body.newPassword, body.currentPassword);
  if (problem) throw new AppError(problem);
  const user = await getUser(caller.email);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new AppError('ERR_LOGIN_INVALID');
  }
  await setPasswordHash(user.email, await hashPassword(body.newPassword));
  await deleteSessionsOf(user.email, caller.sessionId);
  return ok({});
};
