import { getEnabler } from '#data/enablers.ts';
import { deleteSession } from '#data/sessions.ts';
import { getUser, updateUser } from '#data/users.ts';
import { AppError } from '#platform/app-error.ts';
import { ok, type ApiRequest, type ApiResponse } from '#platform/http/api-types.ts';
import { openSession } from '../accounts/open-session.ts';

/**
 * GET /auth/enablerProfile/{enablerId}: an administrator's session moves to another enabler that has a
 * configuration. The new session replaces the current one; the administrator's next login opens there too.
 */
export const enablerProfile = async ({ params, session }: ApiRequest): Promise<ApiResponse> => {
  const caller = session as NonNullable<typeof session>;
  const enabler = await getEnabler(params.enablerId as string);
  if (!enabler) throw new AppError('ERR_NOT_FOUND');
  if (enabler.latestConfigVersion === null || enabler.latestConfigDate === null)
    throw new AppError('ERR_ENABLER_NO_CONFIG');
  const user = await getUser(caller.email);
  if (!user) throw new AppError('ERR_UNAUTHENTICATED');

  const moved = await updateUser(user.email, { enablerId: enabler.id });
  const tokens = await openSession(moved, enabler.id);
  await deleteSession(caller.sessionId);
  return ok({ refreshToken: tokens.refreshToken });
};
