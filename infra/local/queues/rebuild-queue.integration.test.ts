import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  createRebuildJob,
  getRebuildJob,
  rebuildJobKey,
  rebuildLockKey,
} from '@cpbo/functions/data/jobs/rebuild-jobs.ts';
import { tableName } from '@cpbo/functions/data/table/table.ts';
import { dynamo } from '@cpbo/functions/platform/aws-clients.ts';
import { queueDefinitions } from '@cpbo/functions/domain/queues.ts';
import { handler as rebuildWorker } from '@cpbo/functions/workers/aggregates-rebuild/handler.ts';
import { InProcessQueue } from './in-process-queue.ts';

/** The rebuild queue as on a laptop: its worker, its redrive policy, its dead-letter list. */
const rebuildQueue = () =>
  new InProcessQueue({
    name: 'rebuild',
    batchSize: queueDefinitions.rebuild.batchSize,
    maxReceiveCount: queueDefinitions.rebuild.maxReceiveCount,
    handler: rebuildWorker,
    log: () => undefined,
    retryDelayMs: 0,
  });

describe('the rebuild queue', () => {
  it('retries a failing step, then dead-letters it, marks its job FAILED and frees the enabler', async () => {
    const enablerId = `rebuild-dlq-${Date.now()}`;
    const { job } = await createRebuildJob(enablerId, 'admin@example.org');
    // A step whose checkpoint is gone: every delivery fails.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rebuildJobKey(job.id),
        UpdateExpression: 'SET step = :step, checkpointKey = :key',
        ExpressionAttributeValues: { ':step': 1, ':key': `rebuilds/${job.id}/gone.json` },
      }),
    );
    const queue = rebuildQueue();
    const body = JSON.stringify({ jobId: job.id, step: 1 });
    queue.send(body);
    await queue.idle();
    expect(queue.deadLetters).toEqual([
      expect.objectContaining({ body, receiveCount: queueDefinitions.rebuild.maxReceiveCount }),
    ]);
    expect((await getRebuildJob(job.id))?.state).toBe('FAILED');
    const { Item: lock } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: rebuildLockKey(enablerId), ConsistentRead: true }),
    );
    expect(lock).toBeUndefined();
    // The enabler may be rebuilt again.
    expect((await createRebuildJob(enablerId, 'admin@example.org')).job.state).toBe('QUEUED');
    queue.stop();
  });

  it('dead-letters a message that is not a rebuild step, without touching any job', async () => {
    const queue = rebuildQueue();
    queue.send(JSON.stringify({ jobId: 'not-a-job', step: -1 }));
    await queue.idle();
    expect(queue.deadLetters).toHaveLength(1);
    queue.stop();
  });

  it('leaves a step alone when its job is already done or unknown', async () => {
    const queue = rebuildQueue();
    queue.send(JSON.stringify({ jobId: '00000000-0000-0000-0000-000000000000', step: 0 }));
    await queue.idle();
    expect(queue.deadLetters).toEqual([]);
    queue.stop();
  });
});
