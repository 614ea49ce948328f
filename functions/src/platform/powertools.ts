/*
 * Powertools' Logger and Metrics, imported on demand as one chunk of each function's bundle: loaded
 * by the first invocation that logs or counts (logger.ts, metrics.ts), and smaller gzipped as one
 * file than as a chunk each with their shared code in a third.
 */
export { Logger } from '@aws-lambda-powertools/logger';
export { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
