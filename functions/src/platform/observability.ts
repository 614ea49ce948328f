import type middy from '@middy/core';
import { invocationLogKeys } from './logger.ts';
import { publishMetrics } from './metrics.ts';

/**
 * The outermost middlewares of every function, API and workers: each log line carries the
 * invocation's request id, cold start flag and function (keys added during an invocation, such as
 * the enabler, are dropped at its end), and the business events counted are written at its end.
 * Powertools' Logger and Metrics are loaded by the first invocation that writes a line or counts
 * an event, not with the function.
 */
export const observability = (): middy.MiddlewareObj[] => [invocationLogKeys(), publishMetrics()];
