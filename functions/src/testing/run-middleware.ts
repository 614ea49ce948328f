import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { httpApiEvent, lambdaContext, type HttpApiEventInput } from '@cpbo/events/http-api-event.ts';
import type { ApiEvent, ApiMiddleware, ApiResult } from '#http/middleware/api-types.ts';

export interface MiddlewareRun {
  /** The event as the middleware left it for the handler. */
  event: ApiEvent;
  response: ApiResult;
  /** How many times the handler ran (0 when the middleware answered in its place). */
  handlerCalls: number;
}

/**
 * Runs one middleware alone, as middy's own packages test theirs: the event API Gateway would send
 * (with what earlier middlewares would have set, `extra`), then a handler that answers 200 or
 * `handler`'s answer. Without an error responder, a refusal rejects with its AppError.
 */
export const runMiddleware = async (
  middleware: ApiMiddleware,
  input: HttpApiEventInput,
  {
    extra = {},
    handler = async () => ({ statusCode: 200 }),
    context = lambdaContext('test'),
  }: {
    extra?: Partial<ApiEvent>;
    handler?: (event: ApiEvent) => Promise<ApiResult>;
    context?: Context;
  } = {},
): Promise<MiddlewareRun> => {
  const event: ApiEvent = { ...httpApiEvent(input), ...extra };
  let handlerCalls = 0;
  const response = await middy<ApiEvent, ApiResult, Error, Context>()
    .use(middleware)
    .handler(async (received) => {
      handlerCalls += 1;
      return handler(received);
    })(event, context);
  return { event, response, handlerCalls };
};
