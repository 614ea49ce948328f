import { deleteSessionsOf } from '#data/sessions.ts';
import { ok, type ApiRequest, type ApiResponse } from '#platform/http/api-types.ts';

/** GET /auth/logoutFromEverywhere: every session of the caller ends, this one included. */
export const logoutFromEverywhere = async ({ session }: ApiRequest): Promise<ApiResponse> => {
  const revoked = await deleteSessionsOf((session as NonNullable<typeof session>).email);
  return ok({ revoked });
};
