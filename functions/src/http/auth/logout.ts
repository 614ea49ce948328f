import { deleteSession } from '#data/accounts/sessions.ts';
import { noContent, type ApiResponse, type SessionRequest } from '#http/middleware/api-types.ts';

/** POST /auth/logout: ends the caller's session; its refresh token and access tokens stop working. */
export const logout = async ({ session }: SessionRequest): Promise<ApiResponse> => {
  await deleteSession(session.email, session.sessionId);
  return noContent();
};
