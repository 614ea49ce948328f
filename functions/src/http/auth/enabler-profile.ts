import { canSignIn } from '#domain/lockout.ts';
import { hashSecret, idleEndAfterRefresh, newSecret, rotatedHashesAfter } from '#domain/refresh-tokens.ts';
import { getSession, rotateSession } from '#data/accounts/sessions.ts';
import { epochSeconds } from '#data/table/table.ts';
import { getUser, updateUser } from '#data/accounts/users.ts';
import { AppError } from '#platform/app-error.ts';
import type { ApiResponse, SessionRequest } from '#http/middleware/api-types.ts';
import { sessionAnswer, sessionEnabler } from '../accounts/open-session.ts';

/**
 * GET /auth/enablerProfile/{enablerId}: an administrator's session moves to another enabler that has a
 * configuration. The session stays the same family (same id, same absolute end, its secret rotated):
 * it moves only while it is still open and the account may still sign in, and access tokens issued
 * for the previous enabler stop working. It answers as a refresh does, for the new enabler. The
 * administrator's next login opens there too.
 */
export const enablerProfile = async ({
  params,
  session: caller,
}: SessionRequest<unknown, 'enablerId'>): Promise<ApiResponse> => {
  const found = await sessionEnabler(params.enablerId);
  if (!found) throw new AppError('ERR_NOT_FOUND');
  const { enabler } = found;
  if (enabler.latestConfigVersion === null || enabler.latestConfigDate === null)
    throw new AppError('ERR_ENABLER_NO_CONFIG');
  const [user, current] = await Promise.all([
    getUser(caller.email),
    getSession(caller.email, caller.sessionId),
  ]);
  if (!user || !canSignIn(user) || user.role !== 'ADMIN' || !current)
    throw new AppError('ERR_UNAUTHENTICATED');

  const secret = newSecret();
  const expiresAt = idleEndAfterRefresh(current, epochSeconds());
  const moved = await rotateSession(caller.email, caller.sessionId, current.currentHash, {
    currentHash: hashSecret(secret),
    rotatedHashes: rotatedHashesAfter(current),
    expiresAt,
    enablerId: enabler.id,
  });
  // A refresh of the same session won the race, or the session was revoked meanwhile.
  if (!moved) throw new AppError('ERR_UNAUTHENTICATED');
  await updateUser(user.email, { enablerId: enabler.id });
  return sessionAnswer(user, found, {
    sessionId: caller.sessionId,
    secret,
    expiresAt,
    passwordChangeRequired: current.passwordChangeRequired,
  });
};
