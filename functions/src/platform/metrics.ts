import type middy from '@middy/core';
import type { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { readEnvironment } from './environment.ts';
import { SERVICE_NAME } from './logger.ts';

/** The business events counted, each a CloudWatch metric of the environment's namespace. */
export type BusinessEvent = 'SignIns' | 'AccountLocks' | 'Contributions' | 'Cashouts';

/** One namespace per environment, so that demo's counts never mix with prod's. */
export const metricsNamespace = (environmentName: string): string => `CropProtection/${environmentName}`;

/** The events counted by the invocation under way. */
let counted: BusinessEvent[] = [];

/** Counts one business event; the counts are written when the invocation ends. */
export const countEvent = (event: BusinessEvent): void => {
  counted.push(event);
};

let powertoolsMetrics: Promise<{ metrics: Metrics; count: typeof MetricUnit.Count }> | undefined;

// Loaded by the first invocation that counted something: most count nothing.
const loadMetrics = () =>
  (powertoolsMetrics ??= import('./powertools.ts').then(({ Metrics, MetricUnit }) => ({
    metrics: new Metrics({
      namespace: metricsNamespace(readEnvironment('environmentName')),
      serviceName: SERVICE_NAME,
    }),
    count: MetricUnit.Count,
  })));

/**
 * Writes the invocation's counts as one line of CloudWatch's embedded metric format, through
 * Powertools' Metrics (CloudWatch turns the line into metrics; locally it is only printed).
 * Powertools' logMetrics middleware would load Metrics with every function and warn on every
 * invocation that counted nothing.
 */
export const publishMetrics = (): middy.MiddlewareObj => {
  const publish = async () => {
    if (counted.length === 0) return;
    const events = counted;
    counted = [];
    const { metrics, count } = await loadMetrics();
    for (const event of events) metrics.addMetric(event, count, 1);
    metrics.publishStoredMetrics();
  };
  return { after: publish, onError: publish };
};
