import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBRecord, SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { rebuildAggregates } from '@cpbo/functions/data/aggregates.ts';
import { createDataJob, getDataJob } from '@cpbo/functions/data/data-jobs.ts';
import { mirrorJob, mirrorTableName, startMirrorJob } from '@cpbo/functions/data/mirror.ts';
import { recordContribution } from '@cpbo/functions/data/money-records.ts';
import { createRebuildJob, getRebuildJob } from '@cpbo/functions/data/rebuild-jobs.ts';
import { queryAll, tableName } from '@cpbo/functions/data/table.ts';
import { isMirrored } from '@cpbo/functions/domain/mirror.ts';
import { dynamo, s3 } from '@cpbo/functions/platform/aws-clients.ts';
import { environmentVariables, readEnvironment } from '@cpbo/functions/platform/environment.ts';
import { useMailTransport, type MailMessage } from '@cpbo/functions/platform/mail.ts';
import { useQueueTransport } from '@cpbo/functions/platform/queue.ts';
import { queueDefinitions, type QueueName } from '@cpbo/functions/platform/queues.ts';
import { getS3Object, putS3Object } from '@cpbo/functions/platform/s3-object-reads.ts';
import { newEmptyTable } from '@cpbo/functions/testing/empty-table.ts';
import { givenAdministeredEnabler, givenMember } from '@cpbo/functions/testing/money-fixtures.ts';
import { handler as rebuildWorker } from '@cpbo/functions/workers/aggregates-rebuild/handler.ts';
import { handler as aggregatesWorker } from '@cpbo/functions/workers/aggregates/handler.ts';
import { handler as exportWorker } from '@cpbo/functions/workers/export/handler.ts';
import { handler as importWorker } from '@cpbo/functions/workers/import/handler.ts';
import { handler as mailWorker } from '@cpbo/functions/workers/mail/handler.ts';
import { handler as mirrorWorker } from '@cpbo/functions/workers/mirror/handler.ts';
import type { WorkerHandler } from '../functions-code.ts';
import { outboxTransport, readOutbox } from '../mail/outbox.ts';
import { InProcessQueue } from './in-process-queue.ts';

/*
 * Every worker killed in the middle of its work, then delivered its message again, as SQS (or the
 * stream's event source mapping) does when a Lambda dies: the effects must be those of one clean run.
 * A Lambda "dies" at the n-th call its worker makes of the kind a test names: that call and every later
 * one fail (nothing after the kill point takes effect), and the invocation fails whole, so its whole
 * batch comes back. The tests sweep the kill point over the worker's calls. A poisoned message (one
 * no delivery can handle) ends in the queue's dead-letter list after the queue's receive count.
 */

class LambdaKilled extends Error {
  constructor() {
    super('Lambda killed');
  }
}

/** The fault of the running invocation: which calls count, at which one the Lambda dies. */
const fault = {
  killAt: Number.POSITIVE_INFINITY,
  counts: (_call: string): boolean => false,
  calls: 0,
  killed: false,
  /** The calls every invocation made that counted (how far a sweep must go). */
  seen: 0,
};

const arm = (killAt: number, counts: (call: string) => boolean) => {
  Object.assign(fault, { killAt, counts, calls: 0, killed: false, seen: 0 });
};
const disarm = () => arm(Number.POSITIVE_INFINITY, () => false);

/** Passes a call of the worker, or dies at it. */
const step = (call: string) => {
  if (fault.killed) throw new LambdaKilled();
  if (!fault.counts(call)) return;
  fault.calls += 1;
  fault.seen += 1;
  if (fault.calls === fault.killAt) {
    fault.killed = true;
    throw new LambdaKilled();
  }
};

const FAULTS_MIDDLEWARE = 'worker-faults';

/** Every DynamoDB and S3 call of the functions goes through `step` (by its command's name). */
const installFaults = async () => {
  const middleware =
    (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) =>
    async (args: unknown) => {
      step(context.commandName ?? '');
      return next(args);
    };
  dynamo().middlewareStack.add(middleware as never, { step: 'initialize', name: FAULTS_MIDDLEWARE });
  (await s3()).middlewareStack.add(middleware as never, { step: 'initialize', name: FAULTS_MIDDLEWARE });
};

/**
 * The worker as its Lambda runs it: an invocation during which the Lambda died fails whole, whatever
 * the worker answered (a dead Lambda answers nothing); the next delivery finds a new Lambda.
 */
const dying =
  <Event>(worker: (event: Event, context: Context) => Promise<unknown>): WorkerHandler<Event> =>
  async (event, context) => {
    try {
      const answer = (await worker(event, context).catch((error: unknown) => {
        if (fault.killed) throw new LambdaKilled();
        throw error;
      })) as Awaited<ReturnType<WorkerHandler<Event>>>;
      if (fault.killed) throw new LambdaKilled();
      return answer;
    } finally {
      fault.killed = false;
      fault.killAt = Number.POSITIVE_INFINITY;
      fault.calls = 0;
    }
  };

const queueOf = (name: QueueName, worker: WorkerHandler<SQSEvent>) =>
  new InProcessQueue({
    name,
    batchSize: queueDefinitions[name].batchSize,
    maxReceiveCount: queueDefinitions[name].maxReceiveCount,
    handler: worker,
    log: () => undefined,
    retryDelayMs: 0,
  });

/** The queue a worker sends its next step to, delivered by `run` (mirror and rebuild steps). */
let forward: ((queue: QueueName, message: unknown) => void) | undefined;
useQueueTransport({
  send: async (queue, message) => {
    if (!forward) throw new Error(`Nothing receives the ${queue} queue here`);
    forward(queue, message);
  },
});

/** Sends a message to a new queue of the worker and waits until it is handled or dead-lettered. */
const run = async (name: QueueName, worker: WorkerHandler<SQSEvent>, ...messages: unknown[]) => {
  const queue = queueOf(name, worker);
  forward = (to, message) => {
    expect(to).toBe(name);
    queue.send(JSON.stringify(message));
  };
  try {
    for (const message of messages)
      queue.send(typeof message === 'string' ? message : JSON.stringify(message));
    await queue.idle();
    return queue.deadLetters;
  } finally {
    queue.stop();
    forward = undefined;
  }
};

const isWrite = (call: string) => /^(Put|Update|Delete|BatchWrite|TransactWrite)/.test(call);

beforeAll(installFaults);
afterEach(disarm);
afterAll(async () => {
  dynamo().middlewareStack.remove(FAULTS_MIDDLEWARE);
  (await s3()).middlewareStack.remove(FAULTS_MIDDLEWARE);
});

describe('the mail worker', () => {
  let outbox: string;
  const mails = (tag: string) =>
    Array.from({ length: 10 }, (_, index) => ({
      to: [`member-${index}@example.org`],
      subject: `${tag} ${index}`,
      text: `Your link: https://app.example.org/register/${tag}-${index}`,
    }));

  beforeAll(async () => {
    outbox = await mkdtemp(join(tmpdir(), 'outbox-faults-'));
    const delivered = outboxTransport(outbox, () => undefined);
    // SES as the worker's Lambda sees it: a call that dies with the rest.
    useMailTransport({
      deliver: async (message: MailMessage) => {
        step('SendEmail');
        await delivered.deliver(message);
      },
    });
  });
  afterAll(() => rm(outbox, { recursive: true, force: true }));

  const subjectsOf = async (tag: string) =>
    (await readOutbox(outbox)).map((mail) => mail.subject).filter((subject) => subject.startsWith(tag));

  it.each([1, 4, 10])(
    'sends each mail of a batch once when the Lambda dies at its mail %i and the batch comes back',
    async (killAt) => {
      const tag = `killed-at-${killAt}-${randomUUID()}`;
      arm(killAt, (call) => call === 'SendEmail');
      const dead = await run('mail', dying(mailWorker), ...mails(tag));
      expect(dead).toEqual([]);
      expect((await subjectsOf(tag)).sort()).toEqual(mails(tag).map((mail) => mail.subject));
    },
  );

  it('sends each mail once when the Lambda dies after a mail went out, before its mark was written', async () => {
    const tag = `killed-at-mark-${randomUUID()}`;
    // The third write is the third mail's mark: that mail alone may go out twice (SES has no idempotency key).
    arm(3, isWrite);
    await run('mail', dying(mailWorker), ...mails(tag));
    const subjects = await subjectsOf(tag);
    expect(new Set(subjects).size).toBe(10);
    expect(subjects.length).toBe(11);
  });

  it('dead-letters a poisoned message after its receive count, sending nothing', async () => {
    const tag = `poisoned-${randomUUID()}`;
    const [first, second] = mails(tag);
    const dead = await run('mail', mailWorker, { ...first, to: 'not a list' }, 'not json', second);
    expect(dead.map((letter) => letter.receiveCount)).toEqual([
      queueDefinitions.mail.maxReceiveCount,
      queueDefinitions.mail.maxReceiveCount,
    ]);
    expect(await subjectsOf(tag)).toEqual([second?.subject]);
  });
});

/** Contribution records of an enabler written straight to the table, and their INSERT stream records. */
const givenContributions = async (enablerId: string, count: number) => {
  const items = Array.from({ length: count }, (_, index) => {
    const memberId = randomUUID();
    const day = `2026-${String((index % 9) + 1).padStart(2, '0')}-1${index % 10}`;
    const id = randomUUID();
    return {
      pk: `MEMBER#${memberId}`,
      sk: `CONTRIB#${day}#${id}`,
      gsi1pk: `ENABLER#${enablerId}#CONTRIB`,
      gsi1sk: `${day}#${id}`,
      entityType: 'CONTRIBUTION',
      id,
      memberId,
      enablerId,
      federation: index % 2 ? 'Fatick' : 'Kaolack',
      amountCents: 100 * (index + 1),
      contributionDate: `${day}T10:00:00.000Z`,
    };
  });
  for (let index = 0; index < items.length; index += 25)
    await dynamo().send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: items.slice(index, index + 25).map((Item) => ({ PutRequest: { Item } })),
        },
      }),
    );
  const records: DynamoDBRecord[] = items.map((item, index) => ({
    eventID: randomUUID(),
    eventName: 'INSERT',
    dynamodb: {
      NewImage: marshall(item) as never,
      SequenceNumber: String(index + 1).padStart(21, '0'),
    },
  }));
  return records;
};

/** Every aggregate of an enabler, as `pk|sk` → amount, zeros left out. */
const aggregatesOf = async (enablerId: string) => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `ENABLER#${enablerId}#AGG` },
  });
  return Object.fromEntries(
    items.filter((item) => item.amount !== 0).map((item) => [`${item.pk}|${item.sk}`, item.amount]),
  );
};

describe('the aggregates stream worker', () => {
  const deliver = dying((event: { Records: DynamoDBRecord[] }, context: Context) =>
    aggregatesWorker(event as never, context),
  );

  it('leaves the aggregates a rebuild computes when killed at any write of a batch and given it again', async () => {
    // Each kill point on a batch of its own, until the batch's writes all pass.
    let killAt = 1;
    for (; ; killAt += 1) {
      const enablerId = randomUUID();
      const records = await givenContributions(enablerId, 6);
      arm(killAt, isWrite);
      const killed = await deliver({ Records: records }, lambdaContext('aggregates')).catch(
        (error: unknown) => error,
      );
      if (!(killed instanceof LambdaKilled)) break;
      // The mapping gives the whole batch again, to a new Lambda.
      disarm();
      expect(await deliver({ Records: records }, lambdaContext('aggregates'))).toEqual({
        batchItemFailures: [],
      });
      const kept = await aggregatesOf(enablerId);
      expect(Object.keys(kept).length).toBeGreaterThan(0);
      await rebuildAggregates(enablerId);
      expect(await aggregatesOf(enablerId), `killed at write ${killAt}`).toEqual(kept);
    }
    // One write at least per record: every record's application was cut short in one round.
    expect(killAt).toBeGreaterThan(6);
  });
});
