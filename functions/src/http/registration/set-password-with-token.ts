import type { FromSchema, setPasswordRequestSchema } from '@cpbo/schemas';
import { hashOneTimeToken, isUsable, type OneTimePurpose } from '#domain/one-time-tokens.ts';
import { newPasswordProblem } from '#domain/passwords.ts';
import { deleteSessionsOf } from '#data/accounts/sessions.ts';
import { epochSeconds } from '#data/table/table.ts';
import { getOneTimeToken, setPasswordWithToken } from '#data/accounts/users.ts';
import { AppError } from '#platform/app-error.ts';
import { commonPasswords } from '#platform/common-passwords.ts';
import { ok, type AnonymousRequest, type ApiResponse } from '#http/middleware/api-types.ts';
import { hashPassword } from '#platform/password-hashing.ts';

const failure = { REGISTER: 'ERR_REGISTRATION_FAILED', RESET: 'ERR_RENEW_FAILED' } as const;

/**
 * POST /register and POST /resetPassword: a mailed one-time token sets the password. The token is
 * consumed in the same transaction, so a second use, or an expired token, fails. A password attackers
 * try first (its account's e-mail known from the token) is refused, and the link stays usable.
 */
export const setPasswordWithOneTimeToken =
  (purpose: OneTimePurpose) =>
  async ({ body }: AnonymousRequest<FromSchema<typeof setPasswordRequestSchema>>): Promise<ApiResponse> => {
    const problem = newPasswordProblem(body.password);
    if (problem) throw new AppError(problem);
    const tokenHash = hashOneTimeToken(body.token);
    const stored = await getOneTimeToken(tokenHash);
    if (!stored || !isUsable(stored, purpose, epochSeconds())) throw new AppError(failure[purpose]);
    const guessable = newPasswordProblem(body.password, undefined, {
      email: stored.email,
      listed: await commonPasswords(),
    });
    if (guessable) throw new AppError(guessable);
    const done = await setPasswordWithToken(
      tokenHash,
      purpose,
      stored.email,
      await hashPassword(body.password),
    );
    if (!done) throw new AppError(failure[purpose]);
    // A new password ends every session opened with the old one.
    await deleteSessionsOf(stored.email);
    return ok({});
  };
