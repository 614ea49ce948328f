import type middy from '@middy/core';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { readEnvironment } from './environment.ts';
import { SERVICE_NAME } from './logger.ts';

/** The business events counted, each a CloudWatch metric of the environment's namespace. */
export type BusinessEvent = 'SignIns' | 'AccountLocks' | 'Contributions' | 'Cashouts';

/** One namespace per environment, so that demo's counts never mix with prod's. */
export const metricsNamespace = (environmentName: string): string => `CropProtection/${environmentName}`;

let metrics: Metrics | undefined;

// Made on the first count, once the environment is read; most requests count nothing.
const metricsOf = (): Metrics =>
  (metrics ??= new Metrics({
    namespace: metricsNamespace(readEnvironment('environmentName')),
    serviceName: SERVICE_NAME,
  }));

/** Counts one business event; the count is written (embedded metric format) when the invocation ends. */
export const countEvent = (event: BusinessEvent): void => {
  metricsOf().addMetric(event, MetricUnit.Count, 1);
};

/**
 * Writes the invocation's counts as one embedded-metric JSON line (CloudWatch turns it into
 * metrics; locally it is only printed). Powertools' logMetrics would warn on every invocation
 * that counted nothing, which is most of them.
 */
export const publishMetrics = (): middy.MiddlewareObj => {
  const publish = () => {
    if (metrics?.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return { after: publish, onError: publish };
};
