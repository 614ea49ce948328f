import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Access, RouteDefinition } from '#http/routes.ts';
import type { Session } from '#platform/access-token.ts';
import type { Idempotency } from './idempotency.ts';
import type { BrowserSession, IssuedRefreshToken } from './session-cookie.ts';

/** The API Gateway event as the middlewares leave it for the route handler. */
export interface ApiEvent extends APIGatewayProxyEventV2 {
  /** The parsed JSON body (undefined when the request has none). */
  parsedBody?: unknown;
  /** The caller, for routes that need an access token. */
  session?: Session;
  /** On refreshToken routes: the refresh tokens presented, a Bearer or the SPA's cookies (all of them). */
  refreshTokens?: string[];
  /** A call of the SPA that keeps its refresh token in the session cookie (session-cookie.ts). */
  browserSession?: BrowserSession;
  /** On idempotent routes: what ties the request's write to its Idempotency-Key. */
  idempotency?: Idempotency;
  /**
   * On routes read alongside the session check (routes.ts): the check of the session's open state, under
   * way while the handler runs; the answer waits for it (authenticate.ts).
   */
  sessionCheck?: Promise<void>;
}

export type ApiResult = APIGatewayProxyStructuredResultV2;

/** A middleware of the API's chain. */
export type ApiMiddleware = middy.MiddlewareObj<ApiEvent, ApiResult, Error, Context>;

type QueryParameters = Record<string, string | undefined>;

/** The names of a path's parameters: '/members/{memberId}/plots/{plotId}' → 'memberId' | 'plotId'. */
export type PathParameterNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParameterNames<Rest>
  : never;

/** What every route handler receives: parsed and checked input, never the raw event. */
interface RequestParts<Body, Params extends string, Query> {
  body: Body;
  query: Query;
  /** Decoded and checked against the route's schema. */
  params: Record<Params, string>;
  requestId: string;
  headers: Record<string, string | undefined>;
}

/** The request of an anonymous route: there is no caller. */
export type AnonymousRequest<
  Body = unknown,
  Params extends string = never,
  Query = QueryParameters,
> = RequestParts<Body, Params, Query>;

/**
 * The request of a refreshToken route: the refresh tokens presented (one as Bearer; each cookie of the
 * name the browser sent, in its order), which the handler checks.
 */
export type RefreshTokenRequest = RequestParts<unknown, never, QueryParameters> & {
  refreshTokens: readonly string[];
};

/** The request of a signedIn or admin route: the caller's open session. */
export type SessionRequest<
  Body = unknown,
  Params extends string = never,
  Query = QueryParameters,
> = RequestParts<Body, Params, Query> & { session: Session };

/** The request of an idempotent route (always one with a session). */
export type IdempotentRequest<Body = unknown, Params extends string = never> = SessionRequest<
  Body,
  Params
> & { idempotency: Idempotency };

type CallerOf<Who extends Access> = Who extends 'signedIn' | 'admin'
  ? { session: Session }
  : Who extends 'refreshToken'
    ? { refreshTokens: readonly string[] }
    : unknown;

/**
 * What the chain hands to the handler of a route: a session exactly where the route's access
 * requires one, its path parameters by name, the idempotency of idempotent routes. Body and query
 * are checked against the route's schemas, and each handler names their types.
 */
export type RequestOf<Definition extends RouteDefinition> = RequestParts<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler declares its own body type
  any,
  PathParameterNames<Definition['path']>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- and its own query type
  any
> &
  CallerOf<Definition['access']> &
  (Definition extends { idempotent: true } ? { idempotency: Idempotency } : unknown);

/** What a route handler answers; the stack turns it into the HTTP response. */
export interface ApiResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * A refresh token this answer issues: the chain puts it in the body for an API client, in the
   * HttpOnly cookie for the SPA (session-cookie.ts).
   */
  refreshToken?: IssuedRefreshToken;
}

export type RouteHandler<Definition extends RouteDefinition = RouteDefinition> = (
  request: RequestOf<Definition>,
) => Promise<ApiResponse>;

export type { Context };

export const ok = (body: unknown): ApiResponse => ({ status: 200, body });
export const created = (body: unknown): ApiResponse => ({ status: 201, body });
export const noContent = (): ApiResponse => ({ status: 204 });
