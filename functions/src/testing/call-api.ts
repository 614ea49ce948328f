import type { Context } from 'aws-lambda';
import { httpApiEvent, lambdaContext } from '@cpbo/events/http-api-event.ts';
import type { ApiEvent, ApiResult } from '#http/middleware/api-types.ts';

type Handler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A body sent as written, for JSON that JSON.stringify would not write (`body` is not sent then). */
  rawBody?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** `name=value` each, as API Gateway gives the Cookie header. */
  cookies?: string[];
}

/** Calls a resource's Lambda handler as API Gateway would, and reads its JSON answer. */
export const callApi = async (
  handler: Handler,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<{
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any field of the JSON answer
  body: any;
  headers: Record<string, string | number | boolean>;
  /** The Set-Cookie values of the answer. */
  cookies: string[];
}> => {
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const result = await handler(
    httpApiEvent({
      method,
      path: `/api${path}`,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      cookies: options.cookies,
      query: options.query,
      body,
    }),
    lambdaContext('test'),
  );
  return {
    status: result.statusCode ?? 200,
    body: result.body ? JSON.parse(result.body) : undefined,
    headers: result.headers ?? {},
    cookies: result.cookies ?? [],
  };
};
