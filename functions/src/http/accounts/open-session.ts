import {
  formatRefreshToken,
  hashSecret,
  newSecret,
  newSessionId,
  newSessionTimes,
} from '#domain/refresh-tokens.ts';
import { getEnablerWithLatestConfig, type Enabler, type EnablerConfig } from '#data/enablers.ts';
import { createSession } from '#data/sessions.ts';
import { epochSeconds } from '#data/table.ts';
import type { User } from '#data/users.ts';
import { signAccessToken } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';
import type { SessionAnswer } from '@cpbo/schemas';
import { currentEnablerOf } from './current-enabler.ts';

/** What login and refresh answer (spec section 7, Auth; schemas/accounts.ts). */
export type SessionTokens = SessionAnswer;

/** The enabler a session works for, with its latest config (one read, as GET /me/enabler does). */
export interface SessionEnabler {
  enabler: Enabler;
  config: EnablerConfig | null;
}

/** The enabler a session can work for: none when it was deleted meanwhile (or never set). */
export const sessionEnabler = async (enablerId: string): Promise<SessionEnabler | undefined> =>
  enablerId ? await getEnablerWithLatestConfig(enablerId) : undefined;

/** Signs the access token of a session and answers the session's fields. */
export const sessionTokens = async (
  user: User,
  found: SessionEnabler | undefined,
  sessionId: string,
  secret: string,
): Promise<SessionTokens> => {
  const enablerId = found?.enabler.id ?? '';
  const enablerName = found?.enabler.name ?? '';
  const accessToken = await signAccessToken({
    email: user.email,
    username: user.username,
    role: user.role,
    enabler: enablerId,
    enablerName,
    sessionId,
  });
  return {
    refreshToken: formatRefreshToken({ email: user.email, sessionId, secret }),
    accessToken,
    role: user.role,
    username: user.username,
    email: user.email,
    enabler: enablerId,
    enablerName,
    language: user.language,
    currentEnabler: found ? currentEnablerOf(found) : null,
    defaultFederation: user.defaultFederation,
  };
};

/**
 * Starts a new session family for a user whose password was just checked, bound to an enabler. The
 * session opens only if the account is still as read (ERR_LOGIN_INVALID otherwise: it changed meanwhile).
 */
export const openSession = async (
  user: User & { passwordHash: string },
  enablerId: string,
  now = new Date(),
): Promise<SessionTokens> => {
  const found = await sessionEnabler(enablerId);
  const sessionId = newSessionId();
  const secret = newSecret();
  const opened = await createSession(
    {
      sessionId,
      email: user.email,
      enablerId: found?.enabler.id ?? '',
      currentHash: hashSecret(secret),
      rotatedHashes: [],
      ...newSessionTimes(user.role, epochSeconds(now)),
    },
    { email: user.email, role: user.role, passwordHash: user.passwordHash },
    now,
  );
  if (!opened) throw new AppError('ERR_LOGIN_INVALID');
  return sessionTokens(user, found, sessionId, secret);
};
