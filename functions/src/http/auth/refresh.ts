import {
  hashSecret,
  idleEndAfterRefresh,
  judgeRefresh,
  newSecret,
  parseRefreshToken,
  rotatedHashesAfter,
} from '#domain/refresh-tokens.ts';
import { canSignIn } from '#domain/lockout.ts';
import { deleteSession, getSession, rotateSession } from '#data/sessions.ts';
import { epochSeconds } from '#data/table.ts';
import { getUser } from '#data/users.ts';
import { AppError } from '#platform/app-error.ts';
import type { ApiResponse, RefreshTokenRequest } from '#http/middleware/api-types.ts';
import { sessionAnswer, sessionEnabler } from '../accounts/open-session.ts';

/**
 * GET /auth/refresh with the refresh token as Bearer or in the SPA's cookie: rotates the token and
 * signs a new access token. A token that was already rotated is a replay: the whole session family is
 * revoked. A session past its idle or absolute lifetime is refused.
 */
export const refresh = async ({ refreshToken }: RefreshTokenRequest): Promise<ApiResponse> => {
  const token = parseRefreshToken(refreshToken);
  const session = token ? await getSession(token.email, token.sessionId) : undefined;
  if (!token || !session) throw new AppError('ERR_UNAUTHENTICATED');

  const now = epochSeconds();
  const verdict = judgeRefresh(session, token.secret, now);
  if (verdict === 'reused' || verdict === 'expired') await deleteSession(session.email, session.sessionId);
  if (verdict !== 'current') throw new AppError('ERR_UNAUTHENTICATED');

  const user = await getUser(session.email);
  if (!user || !canSignIn(user)) {
    await deleteSession(session.email, session.sessionId);
    throw new AppError('ERR_UNAUTHENTICATED');
  }

  // An enabler deleted meanwhile is dropped from the session, so its tokens and its record agree.
  const found = await sessionEnabler(session.enablerId);
  const secret = newSecret();
  const expiresAt = idleEndAfterRefresh(session, now);
  const rotated = await rotateSession(session.email, session.sessionId, session.currentHash, {
    currentHash: hashSecret(secret),
    rotatedHashes: rotatedHashesAfter(session),
    expiresAt,
    enablerId: found?.enabler.id ?? '',
  });
  if (!rotated) {
    // Another refresh with the same token won the race (this one is the replay), or the session was revoked.
    await deleteSession(session.email, session.sessionId);
    throw new AppError('ERR_UNAUTHENTICATED');
  }
  return sessionAnswer(user, found, { sessionId: session.sessionId, secret, expiresAt });
};
