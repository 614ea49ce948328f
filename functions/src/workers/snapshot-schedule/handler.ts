import middy from '@middy/core';
import { snapshotLists, type FromSchema } from '@cpbo/schemas';
import { listEnablers } from '#data/enablers/enablers.ts';
import { queueDefinitions } from '#domain/queues.ts';
import { logger } from '#platform/logger.ts';
import { observability } from '#platform/observability.ts';
import { sendToQueue } from '#platform/queue.ts';

/*
 * Every few hours (workers.ts, scheduledWorkers), queues a refresh of each list snapshot of each
 * enabler: missing ones are built (a new deployment) and old ones rebuilt from the table, once a day
 * each (data/lists/directories.ts). The lists worker runs them one message at a time, so that no
 * run holds every enabler's rebuilds in one Lambda's time and memory.
 */

type SnapshotRefreshMessage = FromSchema<typeof queueDefinitions.snapshots.messageSchema>;

/** The messages sent at once. */
const SENDS_AT_ONCE = 10;

export const handler = middy(async (): Promise<void> => {
  const enablers = await listEnablers();
  const messages = enablers.flatMap((enabler) =>
    snapshotLists.map((list): SnapshotRefreshMessage => ({ enablerId: enabler.id, list })),
  );
  let next = 0;
  const sender = async () => {
    for (let message = messages[next++]; message; message = messages[next++])
      await sendToQueue('snapshots', message);
  };
  await Promise.all(Array.from({ length: SENDS_AT_ONCE }, sender));
  await logger.info('snapshot refreshes queued', { enablers: enablers.length, messages: messages.length });
}).use(observability());
