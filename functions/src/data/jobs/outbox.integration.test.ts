import { randomUUID } from 'node:crypto';
import type { ScheduledEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { queueNames, type QueueName } from '#domain/queues.ts';
import { useQueueTransport } from '#platform/queue.ts';
import { handler as outboxRelay } from '../../workers/outbox-relay/handler.ts';
import { outboxMessage, outboxPut, RELAY_AFTER_MS, unsentMessages, type OutboxMessage } from './outbox.ts';
import { transactedIf } from '../table/table.ts';

/*
 * The outbox relay (data/jobs/outbox.ts, workers/outbox-relay/): what a writer recorded with its write and
 * could not send goes to its queue at the relay's next run, once, and is then forgotten.
 */

const sent: { queue: string; message: unknown }[] = [];
let queueDown = false;
useQueueTransport({
  async send(queue, message) {
    if (queueDown) throw Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailable' });
    sent.push({ queue, message });
  },
});

const relay = () =>
  outboxRelay({ 'detail-type': 'Scheduled Event' } as ScheduledEvent, lambdaContext('relay'));

/** Messages of these queues recorded as a writer does, `ageMs` ago, and never sent. */
const recorded = async (queues: readonly QueueName[], ageMs: number): Promise<OutboxMessage[]> => {
  const at = new Date(Date.now() - ageMs);
  const messages = queues.map((queue) => outboxMessage(queue, { probe: randomUUID() }, at));
  expect(await transactedIf(messages.map(outboxPut))).toBe(true);
  return messages;
};

const stillThere = async (messages: readonly OutboxMessage[]) => {
  const unsent = new Set((await unsentMessages(new Date(Date.now() + 1000))).map(({ id }) => id));
  return messages.filter(({ id }) => unsent.has(id));
};

describe('the outbox relay', () => {
  // Every queue a write may record a message for: the jobs' and the mail's, not the snapshots' schedule.
  const outboxQueues = queueNames.filter((queue) => queue !== 'snapshots');

  it("sends every queue's messages left older than a minute, once, and forgets them", async () => {
    const old = await recorded(outboxQueues, RELAY_AFTER_MS + 5000);
    const fresh = await recorded(['mail'], 1000);
    await relay();
    for (const message of old)
      expect(sent).toContainEqual({ queue: message.queue, message: message.message });
    // A message put a moment ago is its writer's to send.
    expect(sent).not.toContainEqual({ queue: 'mail', message: fresh[0]?.message });
    expect(await stillThere(old)).toEqual([]);
    expect(await stillThere(fresh)).toEqual(fresh);

    const before = sent.length;
    await relay();
    const again = sent.slice(before).map(({ message }) => JSON.stringify(message));
    expect(old.filter((each) => again.includes(JSON.stringify(each.message)))).toEqual([]);
  });

  it('leaves what the queue refuses for its next run', async () => {
    const old = await recorded(['memberDeletion'], RELAY_AFTER_MS + 5000);
    queueDown = true;
    try {
      await relay();
    } finally {
      queueDown = false;
    }
    expect(await stillThere(old)).toEqual(old);
    await relay();
    expect(sent).toContainEqual({ queue: 'memberDeletion', message: old[0]?.message });
    expect(await stillThere(old)).toEqual([]);
  });
});
