import type { RouteDefinition } from '#http/routes.ts';
import { acceptsAccessToken } from '#domain/refresh-tokens.ts';
import { getSessionState } from '#data/accounts/sessions.ts';
import { epochSeconds } from '#data/table/table.ts';
import { verifyAccessToken } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';
import { appendLogKeys } from '#platform/logger.ts';
import type { ApiEvent, ApiMiddleware } from './api-types.ts';

const bearerOf = (event: ApiEvent): string | undefined => {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
};

/**
 * Checks the caller against the route's access: anonymous routes pass; refreshToken routes need a
 * refresh token, as Bearer or, for the SPA, in its session cookies (the handler checks them); signedIn
 * routes a valid access token whose session is still open
 * (one strongly consistent read, so logout, a revocation or a lock answer 401 on the very next
 * request; a route read alongside that check has it told before its answer leaves); admin routes an
 * ADMIN one.
 */
export const authenticate = ({
  access,
  readAlongsideSessionCheck,
}: Pick<RouteDefinition, 'access' | 'readAlongsideSessionCheck'>): ApiMiddleware => ({
  before: async (request) => {
    if (access === 'anonymous') return;
    const { browserSession } = request.event;
    if (access === 'refreshToken') {
      const bearer = bearerOf(request.event);
      const tokens = browserSession ? browserSession.refreshTokens : bearer ? [bearer] : [];
      if (tokens.length === 0) throw new AppError('ERR_UNAUTHENTICATED');
      request.event.refreshTokens = tokens;
      return;
    }
    const token = bearerOf(request.event);
    if (!token) throw new AppError('ERR_UNAUTHENTICATED');
    const session = await verifyAccessToken(token);
    const check = getSessionState(session.email, session.sessionId).then((stored) => {
      if (!acceptsAccessToken(stored, session, epochSeconds())) throw new AppError('ERR_UNAUTHENTICATED');
    });
    if (readAlongsideSessionCheck) {
      // The token's signature holds, so its enabler and role are the caller's; whether its session is
      // still open is told before the answer leaves (after, onError), not before the handler starts.
      check.catch(() => undefined);
      request.event.sessionCheck = check;
    } else {
      await check;
    }
    // Set before the role check: a refusal is logged with who was refused.
    request.event.session = session;
    if (access === 'admin' && session.role !== 'ADMIN') throw new AppError('ERR_FORBIDDEN_USER');
    // Every later line of this invocation says which enabler it worked for (never who: no e-mail).
    appendLogKeys({ enabler: session.enabler });
  },
  ...(readAlongsideSessionCheck && {
    after: async (request) => {
      await request.event.sessionCheck;
    },
    // A closed session's refusal comes first, whatever the rest of the chain answered meanwhile.
    onError: async (request) => {
      try {
        await request.event.sessionCheck;
      } catch (refusal) {
        request.error = refusal as Error;
      }
    },
  }),
});
