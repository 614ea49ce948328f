import { formatRefreshToken, hashSecret, newSecret, SESSION_IDLE_SECONDS } from '#domain/refresh-tokens.ts';
import { getEnabler } from '#data/enablers.ts';
import { createSession } from '#data/sessions.ts';
import { epochSeconds } from '#data/table.ts';
import type { User } from '#data/users.ts';
import { signAccessToken } from '#platform/access-token.ts';
import { randomBytes } from 'node:crypto';

/** What login, refresh and the enabler switch answer (spec section 7, Auth). */
export interface SessionTokens {
  refreshToken: string;
  accessToken: string;
  role: User['role'];
  username: string;
  email: string;
  enabler: string;
  enablerName: string;
  language: User['language'];
}

/** Signs the access token of a session and answers the session's fields. */
export const sessionTokens = async (
  user: User,
  enablerId: string,
  sessionId: string,
  secret: string,
): Promise<SessionTokens> => {
  const enabler = enablerId ? await getEnabler(enablerId) : undefined;
  const enablerName = enabler?.name ?? '';
  const accessToken = await signAccessToken({
    email: user.email,
    username: user.username,
    role: user.role,
    enabler: enabler ? enablerId : '',
    enablerName,
    sessionId,
  });
  return {
    refreshToken: formatRefreshToken({ sessionId, secret }),
    accessToken,
    role: user.role,
    username: user.username,
    email: user.email,
    enabler: enabler ? enablerId : '',
    enablerName,
    language: user.language,
  };
};

/** Starts a new session family for the user, bound to an enabler. */
export const openSession = async (
  user: User,
  enablerId: string,
  now = new Date(),
): Promise<SessionTokens> => {
  const sessionId = randomBytes(18).toString('base64url');
  const secret = newSecret();
  await createSession(
    {
      sessionId,
      email: user.email,
      enablerId,
      currentHash: hashSecret(secret),
      rotatedHashes: [],
      expiresAt: epochSeconds(now) + SESSION_IDLE_SECONDS,
    },
    now,
  );
  return sessionTokens(user, enablerId, sessionId, secret);
};
