import { deleteSession } from '#data/sessions.ts';
import { noContent, type ApiRequest, type ApiResponse } from '#platform/http/api-types.ts';

/** POST /auth/logout: ends the caller's session; its refresh token and access tokens stop working. */
export const logout = async ({ session }: ApiRequest): Promise<ApiResponse> => {
  const caller = session as NonNullable<typeof session>;
  await deleteSession(caller.email, caller.sessionId);
  return noContent();
};
