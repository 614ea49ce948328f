import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { BatchResponse } from '../functions-code.ts';
import { InProcessQueue, type InProcessQueueOptions } from './in-process-queue.ts';

const queueWith = (
  handler: (event: SQSEvent) => Promise<BatchResponse | undefined>,
  options: Partial<InProcessQueueOptions> = {},
) =>
  new InProcessQueue({
    name: 'mail',
    batchSize: 10,
    maxReceiveCount: 3,
    retryDelayMs: 1,
    log: () => undefined,
    handler,
    ...options,
  });

describe('InProcessQueue', () => {
  it('should deliver SQS-shaped records in batches of batchSize', async () => {
    const batches: SQSEvent[] = [];
    const queue = queueWith(async (event) => void batches.push(event), { batchSize: 2 });
    ['a', 'b', 'c'].forEach((body) => queue.send(JSON.stringify({ body })));
    await queue.idle();
    expect(batches.map((batch) => batch.Records.length)).toEqual([2, 1]);
    expect(batches[0]?.Records[0]).toMatchObject({
      body: '{"body":"a"}',
      eventSource: 'aws:sqs',
      attributes: { ApproximateReceiveCount: '1' },
    });
  });

  it('should deliver again only the messages the worker reports failed', async () => {
    const received: string[] = [];
    const queue = queueWith(async (event) => {
      received.push(
        ...event.Records.map((record) => `${record.body}#${record.attributes.ApproximateReceiveCount}`),
      );
      const failing = event.Records.filter(
        (record) => record.body === 'flaky' && record.attributes.ApproximateReceiveCount === '1',
      );
      return { batchItemFailures: failing.map((record) => ({ itemIdentifier: record.messageId })) };
    });
    queue.send('fine');
    queue.send('flaky');
    await queue.idle();
    expect(received).toEqual(['fine#1', 'flaky#1', 'flaky#2']);
    expect(queue.deadLetters).toEqual([]);
  });

  it('should move a message to the dead-letter list after maxReceiveCount deliveries', async () => {
    let deliveries = 0;
    const lines: string[] = [];
    const queue = queueWith(
      async () => {
        deliveries += 1;
        throw new Error('SES is down');
      },
      { log: (line) => lines.push(line) },
    );
    const messageId = queue.send('doomed');
    await queue.idle();
    expect(deliveries).toBe(3);
    expect(queue.deadLetters).toEqual([{ queue: 'mail', messageId, body: 'doomed', receiveCount: 3 }]);
    expect(lines.some((line) => line.includes('dead-lettered'))).toBe(true);
  });

  it('should fail the whole batch when the worker reports an unknown message id', async () => {
    let deliveries = 0;
    const queue = queueWith(async () => {
      deliveries += 1;
      return deliveries === 1 ? { batchItemFailures: [{ itemIdentifier: 'not-a-message' }] } : undefined;
    });
    queue.send('one');
    queue.send('two');
    await queue.idle();
    expect(deliveries).toBe(2);
  });

  it('should be idle at once when nothing was sent', async () => {
    await expect(queueWith(async () => undefined).idle()).resolves.toBeUndefined();
  });
});
