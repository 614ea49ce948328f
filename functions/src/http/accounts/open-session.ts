import {
  formatRefreshToken,
  hashSecret,
  newSecret,
  newSessionId,
  newSessionTimes,
} from '#domain/refresh-tokens.ts';
import { getEnablerWithLatestConfig, type Enabler, type EnablerConfig } from '#data/enablers/enablers.ts';
import { createSession } from '#data/accounts/sessions.ts';
import { epochSeconds } from '#data/table/table.ts';
import type { User } from '#data/accounts/users.ts';
import { signAccessToken } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';
import { ok, type ApiResponse } from '#http/middleware/api-types.ts';
import type { BrowserSessionAnswer } from '@cpbo/schemas';
import { currentEnablerOf } from './current-enabler.ts';

/** The enabler a session works for, with its latest config (one read, as GET /me/enabler does). */
export interface SessionEnabler {
  enabler: Enabler;
  config: EnablerConfig | null;
}

/** The enabler a session can work for: none when it was deleted meanwhile (or never set). */
export const sessionEnabler = async (enablerId: string): Promise<SessionEnabler | undefined> =>
  enablerId ? await getEnablerWithLatestConfig(enablerId) : undefined;

/** The session's refresh token, and when the session ends unless it is refreshed (epoch seconds). */
export interface SessionKey {
  sessionId: string;
  secret: string;
  expiresAt: number;
  /** The session was opened with a password attackers try first (SessionRecord). */
  passwordChangeRequired?: boolean;
}

/**
 * What login, refresh and the enabler switch answer (spec section 7, Auth; schemas/accounts.ts): the
 * session's fields with a newly signed access token, and its refresh token, which the chain puts in the
 * body or in the SPA's cookie (http/middleware/session-cookie.ts).
 */
export const sessionAnswer = async (
  user: User,
  found: SessionEnabler | undefined,
  { sessionId, secret, expiresAt, passwordChangeRequired = false }: SessionKey,
): Promise<ApiResponse> => {
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
    ...ok({
      accessToken,
      role: user.role,
      username: user.username,
      email: user.email,
      enabler: enablerId,
      enablerName,
      language: user.language,
      currentEnabler: found ? currentEnablerOf(found) : null,
      defaultFederation: user.defaultFederation,
      passwordChangeRequired,
    } satisfies BrowserSessionAnswer),
    refreshToken: { value: formatRefreshToken({ email: user.email, sessionId, secret }), expiresAt },
  };
};

/**
 * Starts a new session family for a user whose password was just checked, bound to an enabler. The
 * session opens only if the account is still as read (ERR_LOGIN_INVALID otherwise: it changed meanwhile).
 * A session opened with a password attackers try first asks for its change (`passwordChangeRequired`).
 */
export const openSession = async (
  user: User & { passwordHash: string },
  enablerId: string,
  { now = new Date(), passwordChangeRequired = false }: { now?: Date; passwordChangeRequired?: boolean } = {},
): Promise<ApiResponse> => {
  const found = await sessionEnabler(enablerId);
  const sessionId = newSessionId();
  const secret = newSecret();
  const times = newSessionTimes(user.role, epochSeconds(now));
  const opened = await createSession(
    {
      sessionId,
      email: user.email,
      enablerId: found?.enabler.id ?? '',
      currentHash: hashSecret(secret),
      rotatedHashes: [],
      ...times,
      ...(passwordChangeRequired && { passwordChangeRequired }),
    },
    { email: user.email, role: user.role, passwordHash: user.passwordHash },
    now,
  );
  if (!opened) throw new AppError('ERR_LOGIN_INVALID');
  return sessionAnswer(user, found, {
    sessionId,
    secret,
    expiresAt: times.expiresAt,
    passwordChangeRequired,
  });
};
