import type middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from './logger.ts';
import { publishMetrics } from './metrics.ts';

/**
 * The outermost middlewares of every function, API and workers: each log line carries the
 * invocation's request id, cold start flag and function (keys added during an invocation, such as
 * the enabler, are dropped at its end), and the business events counted are written at its end.
 */
export const observability = (): middy.MiddlewareObj[] => [
  injectLambdaContext(logger, { resetKeys: true }),
  publishMetrics(),
];
