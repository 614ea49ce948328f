import type { SessionsRevokedAnswer } from '@cpbo/schemas';
import { deleteSessionsOf } from '#data/accounts/sessions.ts';
import { ok, type ApiResponse, type SessionRequest } from '#http/middleware/api-types.ts';

/** GET /auth/logoutFromEverywhere: every session of the caller ends, this one included. */
export const logoutFromEverywhere = async ({ session }: SessionRequest): Promise<ApiResponse> => {
  const revoked = await deleteSessionsOf(session.email);
  return ok({ revoked } satisfies SessionsRevokedAnswer);
};
