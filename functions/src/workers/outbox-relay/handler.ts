import middy from '@middy/core';
import { relayOutbox } from '#data/jobs/outbox.ts';
import { logger } from '#platform/logger.ts';
import { observability } from '#platform/observability.ts';

/*
 * Every minute (workers.ts, scheduledWorkers): sends the queue messages that their writers recorded
 * with their writes but could not send (data/jobs/outbox.ts), until the queues take them.
 */
export const handler = middy(async (): Promise<void> => {
  const { sent, left } = await relayOutbox();
  if (sent > 0 || left > 0) await logger.warn('Outbox relayed', { sent, left });
}).use(observability());
