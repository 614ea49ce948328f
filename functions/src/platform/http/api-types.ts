import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Session } from '../access-token.ts';

/** The API Gateway event as the middlewares leave it for the route handler. */
export interface ApiEvent extends APIGatewayProxyEventV2 {
  /** The parsed JSON body (undefined when the request has none). */
  parsedBody?: unknown;
  /** The caller, for routes that need an access token. */
  session?: Session;
  /** The raw bearer token (the refresh token on refreshToken routes). */
  bearerToken?: string;
}

export type ApiResult = APIGatewayProxyStructuredResultV2;

/** What a route handler receives: parsed and checked input, never the raw event. */
export interface ApiRequest<Body = unknown, Query = Record<string, string | undefined>> {
  body: Body;
  query: Query;
  params: Record<string, string>;
  session: Session | undefined;
  bearerToken: string | undefined;
  requestId: string;
  headers: Record<string, string | undefined>;
}

/** What a route handler answers; the stack turns it into the HTTP response. */
export interface ApiResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler declares its own body type
export type RouteHandler = (request: ApiRequest<any, any>) => Promise<ApiResponse>;

export type { Context };

export const ok = (body: unknown): ApiResponse => ({ status: 200, body });
export const created = (body: unknown): ApiResponse => ({ status: 201, body });
export const noContent = (): ApiResponse => ({ status: 204 });
