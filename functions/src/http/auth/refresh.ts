import {
  graceOf,
  hashSecret,
  idleEndAfterRefresh,
  judgeRefresh,
  newSecret,
  parseRefreshToken,
  rotatedHashesAfter,
  secretAfterGrace,
  type RefreshToken,
  type RefreshVerdict,
} from '#domain/refresh-tokens.ts';
import { canSignIn } from '#domain/lockout.ts';
import { deleteSession, getSession, rotateSession, type SessionRecord } from '#data/accounts/sessions.ts';
import { epochSeconds } from '#data/table/table.ts';
import { getUser } from '#data/accounts/users.ts';
import { AppError } from '#platform/app-error.ts';
import type { ApiResponse, RefreshTokenRequest } from '#http/middleware/api-types.ts';
import { sessionAnswer, sessionEnabler } from '../accounts/open-session.ts';

interface Presented {
  token: RefreshToken;
  session: SessionRecord;
  verdict: RefreshVerdict;
}

/** Each presented token that names a session, with what its secret means to that session. */
const judged = async (values: readonly string[], now: number): Promise<Presented[]> => {
  const tokens = values.map(parseRefreshToken).filter((token) => token !== undefined);
  const found = await Promise.all(
    tokens.map(async (token) => {
      const session = await getSession(token.email, token.sessionId);
      return session && { token, session, verdict: judgeRefresh(session, token.secret, now) };
    }),
  );
  return found.filter((presented) => presented !== undefined);
};

/** What a refresh answers: the session's secret and its record as it now stands. */
interface Renewed {
  secret: string;
  session: SessionRecord;
}

/** The secret that replaced the presented one, from the session's grace (read after the rotation). */
const fromGrace = (presented: Presented, session: SessionRecord): Renewed | undefined => {
  const secret = session.grace && secretAfterGrace(session.grace, presented.token.secret, session.sessionId);
  return secret === undefined ? undefined : { secret, session };
};

/**
 * The secret the session now answers to the presented one: the current secret rotated, or, for the
 * secret just rotated (a parallel refresh, a lost answer), within its grace, the one that replaced it.
 * Undefined when the presented secret turns out a replay or the session was revoked meanwhile: the
 * caller ends the session.
 */
const renew = async (presented: Presented, enablerId: string, now: number): Promise<Renewed | undefined> => {
  const { token, session } = presented;
  if (presented.verdict === 'grace') return fromGrace(presented, session);
  const secret = newSecret();
  const next = {
    currentHash: hashSecret(secret),
    rotatedHashes: rotatedHashesAfter(session),
    expiresAt: idleEndAfterRefresh(session, now),
    enablerId,
    grace: graceOf(token.secret, secret, session.sessionId, now),
  };
  if (await rotateSession(session.email, session.sessionId, session.currentHash, next))
    return { secret, session: { ...session, ...next } };
  // Another refresh with the same secret won the race: its rotation gives this one its grace.
  const after = await getSession(session.email, session.sessionId);
  if (!after || judgeRefresh(after, token.secret, now) !== 'grace') return undefined;
  return fromGrace(presented, after);
};

/**
 * GET /auth/refresh with the refresh token as Bearer or in the SPA's cookie: rotates the token and
 * signs a new access token. The token just rotated, presented again within its grace (two tabs at once,
 * an answer that never arrived), answers the same new token. A token rotated before, or past its grace,
 * is a replay: the whole session family is revoked. A session past its idle or absolute lifetime is
 * refused. A browser may send several cookies of the name (one planted by another page): the one its
 * session accepts is used, and the others change nothing.
 */
export const refresh = async ({ refreshTokens }: RefreshTokenRequest): Promise<ApiResponse> => {
  const now = epochSeconds();
  const presented = await judged(refreshTokens, now);
  const valid = presented.find(({ verdict }) => verdict === 'current' || verdict === 'grace');
  if (!valid) {
    const ended = presented.filter(({ verdict }) => verdict === 'reused' || verdict === 'expired');
    await Promise.all(ended.map(({ session }) => deleteSession(session.email, session.sessionId)));
    throw new AppError('ERR_UNAUTHENTICATED');
  }
  const { session } = valid;

  const user = await getUser(session.email);
  if (!user || !canSignIn(user)) {
    await deleteSession(session.email, session.sessionId);
    throw new AppError('ERR_UNAUTHENTICATED');
  }

  // An enabler deleted meanwhile is dropped from the session, so its tokens and its record agree.
  const found = await sessionEnabler(session.enablerId);
  const renewed = await renew(valid, found?.enabler.id ?? '', now);
  if (!renewed) {
    await deleteSession(session.email, session.sessionId);
    throw new AppError('ERR_UNAUTHENTICATED');
  }
  // A grace answers the session as the winning refresh (or an enabler switch since) left it.
  const answered =
    renewed.session.enablerId === (found?.enabler.id ?? '')
      ? found
      : await sessionEnabler(renewed.session.enablerId);
  return sessionAnswer(user, answered, {
    sessionId: session.sessionId,
    secret: renewed.secret,
    expiresAt: renewed.session.expiresAt,
    passwordChangeRequired: renewed.session.passwordChangeRequired,
  });
};
