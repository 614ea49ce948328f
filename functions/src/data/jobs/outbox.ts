import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { QueueName } from '#domain/queues.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { logger } from '#platform/logger.ts';
import { sendToQueue } from '#platform/queue.ts';
import { nowIso, queryAll, tableName } from '../table/table.ts';
import type { TransactItem } from '../table/transaction-items.ts';

/*
 * The transactional outbox (docs/architecture.md, "No job lost between two writes"). A write that must
 * be followed by a queued job puts the job's message, OUTBOX#<id> / MESSAGE, in its own transaction:
 * the message exists exactly when the write does. The writer then sends it and deletes it; a send that
 * fails (or a function that dies first) leaves it, and the outbox-relay worker sends it a minute later,
 * and every minute after until the queue takes it. Every job's worker takes a message delivered twice
 * as nothing new (job-runner.ts), so a message sent by both is harmless.
 * Access pattern: the messages not sent yet, oldest first (gsi2 OUTBOX, by when they were put).
 */

/** The partitions of the outbox: the writers' roles may put and delete there only. */
export const OUTBOX_PARTITION_PREFIX = 'OUTBOX#';
const OUTBOX_INDEX = { name: 'gsi2', partition: 'OUTBOX' } as const;

/** How old a message must be before the relay sends it: its writer had its chance (API calls stop at 29 s). */
export const RELAY_AFTER_MS = 60_000;

/** A queue message recorded with the write that it must follow. */
export interface OutboxMessage {
  id: string;
  queue: QueueName;
  message: unknown;
  createdAt: string;
}

export const outboxMessage = (queue: QueueName, message: unknown, now = new Date()): OutboxMessage => ({
  id: randomUUID(),
  queue,
  message,
  createdAt: nowIso(now),
});

const outboxKey = (id: string) => ({ pk: `${OUTBOX_PARTITION_PREFIX}${id}`, sk: 'MESSAGE' });

/** The item that records the message, for the transaction of the write it must follow. */
export const outboxPut = (outbox: OutboxMessage): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...outboxKey(outbox.id),
      entityType: 'OUTBOX',
      id: outbox.id,
      queue: outbox.queue,
      body: JSON.stringify(outbox.message),
      createdAt: outbox.createdAt,
      gsi2pk: OUTBOX_INDEX.partition,
      gsi2sk: `${outbox.createdAt}#${outbox.id}`,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** Forgets a message the queue took. */
export const deleteOutboxMessage = async (id: string): Promise<void> => {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: outboxKey(id) }));
};

/**
 * Sends a recorded message and forgets it; never throws: a message not sent (or not forgotten) stays
 * for the relay, and the write it follows stands. True when the queue took it.
 */
export const sendFromOutbox = async (outbox: OutboxMessage): Promise<boolean> => {
  try {
    await sendToQueue(outbox.queue, outbox.message);
  } catch (error) {
    await logger.warn('Queued message left to the outbox relay', {
      outboxId: outbox.id,
      queue: outbox.queue,
      error,
    });
    return false;
  }
  try {
    await deleteOutboxMessage(outbox.id);
  } catch (error) {
    // The relay sends it again: a job's worker passes over a message it already ran.
    await logger.warn('Sent message left in the outbox', { outboxId: outbox.id, error });
  }
  return true;
};

const toOutboxMessage = (item: Record<string, unknown>): OutboxMessage => ({
  id: item.id as string,
  queue: item.queue as QueueName,
  message: JSON.parse(item.body as string) as unknown,
  createdAt: item.createdAt as string,
});

/** The messages put before `before` and not sent yet, oldest first. */
export const unsentMessages = async (before: Date): Promise<OutboxMessage[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: OUTBOX_INDEX.name,
      KeyConditionExpression: 'gsi2pk = :outbox AND gsi2sk < :before',
      ExpressionAttributeValues: { ':outbox': OUTBOX_INDEX.partition, ':before': nowIso(before) },
    })
  ).map(toOutboxMessage);

/**
 * The relay: sends every message older than RELAY_AFTER_MS, one after the other, in the order they
 * were put. Answers how many the queues took and how many are left for its next run.
 */
export const relayOutbox = async (now = new Date()): Promise<{ sent: number; left: number }> => {
  const unsent = await unsentMessages(new Date(now.getTime() - RELAY_AFTER_MS));
  let sent = 0;
  for (const outbox of unsent) if (await sendFromOutbox(outbox)) sent += 1;
  return { sent, left: unsent.length - sent };
};
