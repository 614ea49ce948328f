import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBRecord, SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { rebuildAggregates } from '@cpbo/functions/data/aggregates/aggregates.ts';
import { createDataJob, getDataJob } from '@cpbo/functions/data/jobs/data-jobs.ts';
import { mirrorJob, mirrorTableName, startMirrorJob } from '@cpbo/functions/data/jobs/mirror.ts';
import { createMoneyRecord } from '@cpbo/functions/data/money/money-create.ts';
import { getMemberDeletion } from '@cpbo/functions/data/members/member-deletions.ts';
import { readMemberPartition } from '@cpbo/functions/data/members/member-page.ts';
import { deleteMember } from '@cpbo/functions/data/members/members.ts';
import { createRebuildJob, getRebuildJob } from '@cpbo/functions/data/jobs/rebuild-jobs.ts';
import { isMirrored } from '@cpbo/functions/domain/mirror.ts';
import { dynamo } from '@cpbo/functions/platform/aws-clients.ts';
import { environmentVariables, readEnvironment } from '@cpbo/functions/platform/environment.ts';
import { useMailTransport, type MailMessage } from '@cpbo/functions/platform/mail.ts';
import { useQueueTransport } from '@cpbo/functions/platform/queue.ts';
import { queueDefinitions, type QueueName } from '@cpbo/functions/domain/queues.ts';
import { getS3Object, putS3Object, s3 } from '@cpbo/functions/platform/s3.ts';
import { newEmptyTable } from '@cpbo/functions/testing/empty-table.ts';
import { givenEnabler } from '@cpbo/functions/testing/fixtures.ts';
import { givenMember } from '@cpbo/functions/testing/member-fixtures.ts';
import { givenAdministeredEnabler } from '@cpbo/functions/testing/signed-in-users.ts';
import { storedAggregatesOf } from '@cpbo/functions/testing/stored-aggregates.ts';
import { scanTable, writeItems } from '@cpbo/functions/testing/table-items.ts';
import { handler as rebuildWorker } from '@cpbo/functions/workers/aggregates-rebuild/handler.ts';
import { handler as aggregatesWorker } from '@cpbo/functions/workers/aggregates/handler.ts';
import { handler as exportWorker } from '@cpbo/functions/workers/export/handler.ts';
import { handler as importWorker } from '@cpbo/functions/workers/import/handler.ts';
import { handler as mailWorker } from '@cpbo/functions/workers/mail/handler.ts';
import { handler as memberDeletionWorker } from '@cpbo/functions/workers/member-deletion/handler.ts';
import { handler as mirrorWorker } from '@cpbo/functions/workers/mirror/handler.ts';
import { handler as benefitRunWorker } from '@cpbo/functions/workers/benefit-run/handler.ts';
import {
  getBenefitRun,
  resumeBenefitRun,
  reviewBenefitRun,
  type BenefitRun,
} from '@cpbo/functions/data/benefit-runs/benefit-runs.ts';
import { enablerMembers } from '@cpbo/functions/data/benefit-runs/benefit-inputs.ts';
import { benefitStepMessage, givenBenefitRun } from '@cpbo/functions/testing/benefit-runs.ts';
import { expectTotalsMatchRecords } from '@cpbo/functions/testing/money-totals-check.ts';
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
  dies: true,
  /** The Lambdas killed since the fault was armed. */
  kills: 0,
  /** The calls every invocation made that counted (how far a sweep must go). */
  seen: 0,
};

/** Kills the Lambda at the killAt-th counted call; or, with `dies` false, only fails that call. */
const arm = (killAt: number, counts: (call: string) => boolean, dies = true) => {
  Object.assign(fault, { killAt, counts, dies, calls: 0, killed: false, seen: 0, kills: 0 });
};
const disarm = () => arm(Number.POSITIVE_INFINITY, () => false);

/** Passes a call of the worker, or dies at it. */
const step = (call: string) => {
  if (fault.killed) throw new LambdaKilled();
  if (!fault.counts(call)) return;
  fault.calls += 1;
  fault.seen += 1;
  if (fault.calls !== fault.killAt) return;
  if (!fault.dies) throw new Error(`${call} failed`);
  fault.killed = true;
  fault.kills += 1;
  throw new LambdaKilled();
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
  s3().middlewareStack.add(middleware as never, { step: 'initialize', name: FAULTS_MIDDLEWARE });
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
      // A new Lambda takes the next delivery: the fault struck once. The count goes on over the
      // invocations of a job of several steps, so that a later step can be the one killed.
      if (fault.killed) Object.assign(fault, { killed: false, killAt: Number.POSITIVE_INFINITY });
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
let forward: ((queue: string, message: unknown) => void) | undefined;
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
  s3().middlewareStack.remove(FAULTS_MIDDLEWARE);
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

/**
 * Contribution records of an enabler written straight to the table (each of a member of its own, or
 * all of one member), and their INSERT stream records.
 */
const givenContributions = async (enablerId: string, count: number, ofMember?: string) => {
  const items = Array.from({ length: count }, (_, index) => {
    const memberId = ofMember ?? randomUUID();
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
  await writeItems(items);
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
      const kept = await storedAggregatesOf(enablerId);
      expect(Object.keys(kept).length).toBeGreaterThan(0);
      await rebuildAggregates(enablerId);
      expect(await storedAggregatesOf(enablerId), `killed at write ${killAt}`).toEqual(kept);
    }
    // One write at least per record: every record's application was cut short in one round.
    expect(killAt).toBeGreaterThan(6);
  });
});

describe('the aggregates rebuild worker', () => {
  it('writes the aggregates of a clean rebuild when killed at any write of its step and delivered again', async () => {
    let killAt = 1;
    for (; ; killAt += 1) {
      const enablerId = randomUUID();
      await givenContributions(enablerId, 6);
      const { job } = await createRebuildJob(enablerId, 'admin@example.org');
      arm(killAt, isWrite);
      const dead = await run('rebuild', dying(rebuildWorker), { jobId: job.id, step: 0 });
      const kills = fault.kills;
      disarm();
      expect(dead).toEqual([]);
      expect(await getRebuildJob(job.id)).toMatchObject({ state: 'DONE', records: 6 });
      const rebuilt = await storedAggregatesOf(enablerId);
      expect(Object.keys(rebuilt).length).toBeGreaterThan(0);
      await rebuildAggregates(enablerId);
      expect(await storedAggregatesOf(enablerId), `killed at write ${killAt}`).toEqual(rebuilt);
      if (kills === 0) break;
    }
    // The job's marks, the aggregates' writes and the lock's release were each cut short once.
    expect(killAt).toBeGreaterThan(3);
  });

  it('dead-letters a poisoned step after its receive count', async () => {
    // Also tested there with a step whose checkpoint is gone (its job FAILED, its enabler freed).
    const dead = await run('rebuild', rebuildWorker, { jobId: 'not-a-job', step: -1 });
    expect(dead.map((letter) => letter.receiveCount)).toEqual([queueDefinitions.rebuild.maxReceiveCount]);
  });
});

/** An enabler with three members, their plots and contributions, created as the API would. */
const givenEnablerWithMembers = async () => {
  const { enablerId } = await givenAdministeredEnabler();
  for (let index = 0; index < 3; index += 1) {
    const { member, plotIds } = await givenMember(
      enablerId,
      2,
      `Member ${index} ${randomUUID().slice(0, 6)}`,
    );
    for (const month of ['02', '03'])
      await createMoneyRecord({
        type: 'CONTRIBUTION',
        member,
        plot: { id: plotIds[0] as string, name: 'Field 1' },
        values: {
          amountCents: 1250,
          protectionType: 'DROUGHT',
          contributionDate: `2026-${month}-01T10:00:00.000Z`,
        },
        by: 'agent@example.org',
      });
  }
  return enablerId;
};

/**
 * Runs an export job of the enabler's members through the export queue (the fault armed once the job
 * is created, for the worker's calls only, disarmed after); answers the file.
 */
const exportMembers = async (
  enablerId: string,
  worker: WorkerHandler<SQSEvent> = exportWorker,
  armed = disarm,
) => {
  const id = randomUUID();
  const fileKey = `exports/${id}.json`;
  await createDataJob({ id, kind: 'EXPORT_MEMBERS', enablerId, createdBy: 'admin@example.org', fileKey });
  armed();
  const dead = await run('export', worker, { jobId: id });
  const kills = fault.kills;
  disarm();
  const job = await getDataJob(id);
  const file = await getS3Object(readEnvironment('filesBucket'), fileKey);
  return { dead, kills, job, text: file && new TextDecoder().decode(file.body) };
};

describe('the member deletion worker', () => {
  /** A member of `records` contributions removed: the member at once, its records left to a job. */
  const givenRemovedMember = async (records: number) => {
    const enablerId = (await givenEnabler()).id;
    const { memberId } = await givenMember(enablerId, 0);
    await givenContributions(enablerId, records, memberId);
    const { deletion } = await deleteMember(enablerId, memberId, { email: 'admin@example.org', name: null });
    expect(deletion).toMatchObject({ state: 'QUEUED', total: records });
    return deletion;
  };
  /** Each step short of time after one page: a job of several steps, each of which can be killed. */
  const pageAStep = (event: SQSEvent, context: Context) => {
    let looks = 0;
    const remaining = context.getRemainingTimeInMillis();
    return memberDeletionWorker(event, {
      ...context,
      getRemainingTimeInMillis: () => (looks++ < 2 ? remaining : 1000),
    });
  };

  /** Kills the worker at its 1st, 2nd… write of a removed member's deletion: the last kill point reached. */
  const killedAtEachWrite = async (worker: WorkerHandler<SQSEvent>) => {
    let killAt = 1;
    for (; ; killAt += 1) {
      const deletion = await givenRemovedMember(250);
      arm(killAt, isWrite);
      const dead = await run('memberDeletion', dying(worker), { jobId: deletion.id, step: 0 });
      const kills = fault.kills;
      disarm();
      expect(dead, `killed at write ${killAt}`).toEqual([]);
      expect(await getMemberDeletion(deletion.id)).toMatchObject({ state: 'DONE', total: 250, deleted: 250 });
      expect(await readMemberPartition(deletion.memberId)).toEqual([]);
      if (kills === 0) return killAt;
    }
  };

  it('deletes every record once when killed at any write of any step and delivered again', async () => {
    // Three pages and the last look: the marks, the batches and the moves of four steps were each cut short.
    expect(await killedAtEachWrite(pageAStep)).toBeGreaterThan(15);
  }, 300_000);

  it('deletes every record once when killed at any write of a step that shows its progress', async () => {
    // One step of three pages: its mark, its batches, its progress after each full page and its end.
    expect(await killedAtEachWrite(memberDeletionWorker)).toBeGreaterThan(12);
  }, 300_000);

  it('deletes a member of 2 000 records in steps, killed in the middle of one', async () => {
    const deletion = await givenRemovedMember(2_000);
    arm(40, isWrite);
    const dead = await run('memberDeletion', dying(pageAStep), { jobId: deletion.id, step: 0 });
    expect(fault.kills).toBe(1);
    disarm();
    expect(dead).toEqual([]);
    const done = await getMemberDeletion(deletion.id);
    expect(done).toMatchObject({ state: 'DONE', total: 2_000, deleted: 2_000 });
    expect(done?.step).toBeGreaterThanOrEqual(20);
    expect(await readMemberPartition(deletion.memberId)).toEqual([]);
  }, 120_000);

  it('dead-letters a poisoned step after its receive count', async () => {
    const dead = await run('memberDeletion', memberDeletionWorker, { jobId: 'not-a-job', step: -1 });
    expect(dead.map((letter) => letter.receiveCount)).toEqual([
      queueDefinitions.memberDeletion.maxReceiveCount,
    ]);
  });
});

describe('the export worker', () => {
  it('writes the same file when killed at any call of its job and delivered again', async () => {
    const enablerId = await givenEnablerWithMembers();
    const clean = await exportMembers(enablerId);
    expect(clean.job).toMatchObject({ state: 'DONE', done: 3 });
    let killAt = 1;
    for (; ; killAt += 1) {
      const again = await exportMembers(enablerId, dying(exportWorker), () => arm(killAt, () => true));
      const { kills } = again;
      expect(again.dead).toEqual([]);
      expect(again.job, `killed at call ${killAt}`).toMatchObject({ state: 'DONE', done: 3, total: 3 });
      expect(again.text, `killed at call ${killAt}`).toBe(clean.text);
      if (kills === 0) break;
    }
    // Every read of the members and the file's upload were cut short once.
    expect(killAt).toBeGreaterThan(5);
  });

  it('dead-letters a poisoned message after its receive count', async () => {
    const dead = await run('export', exportWorker, { jobId: 'not-a-uuid', extra: true });
    expect(dead.map((letter) => letter.receiveCount)).toEqual([queueDefinitions.export.maxReceiveCount]);
  });

  it('ends a job whose every delivery fails FAILED, its message dead-lettered, no file written', async () => {
    const enablerId = await givenEnablerWithMembers();
    // The upload fails at each delivery (the Lambda lives on): the fault is armed again for every one.
    const failingUpload: WorkerHandler<SQSEvent> = async (event, context) => {
      arm(1, (call) => call === 'PutObjectCommand' || call === 'CreateMultipartUploadCommand', false);
      return exportWorker(event, context);
    };
    const { dead, job, text } = await exportMembers(enablerId, failingUpload);
    expect(dead.map((letter) => letter.receiveCount)).toEqual([queueDefinitions.export.maxReceiveCount]);
    expect(job?.state).toBe('FAILED');
    expect(text).toBeUndefined();
  });
});

describe('the import worker', () => {
  const originalTable = process.env[environmentVariables.tableName] as string;
  afterEach(() => {
    process.env[environmentVariables.tableName] = originalTable;
  });

  it('imports a file as one clean run does when killed at any write and delivered again', async () => {
    const enablerId = await givenEnablerWithMembers();
    const exported = (await exportMembers(enablerId)).text as string;
    let killAt = 1;
    for (; ; killAt += 1) {
      process.env[environmentVariables.tableName] = await newEmptyTable('import-faults');
      const id = randomUUID();
      const fileKey = `imports/${id}.json`;
      await putS3Object(readEnvironment('filesBucket'), fileKey, exported);
      await createDataJob({ id, kind: 'IMPORT_ALL', enablerId, createdBy: 'importer@example.org', fileKey });
      arm(killAt, isWrite);
      const dead = await run('import', dying(importWorker), { jobId: id });
      const kills = fault.kills;
      disarm();
      expect(dead).toEqual([]);
      expect(await getDataJob(id), `killed at write ${killAt}`).toMatchObject({
        state: 'DONE',
        done: 3,
        errorCount: 0,
      });
      // What was imported exports as the file imported: nothing twice, nothing missing.
      expect((await exportMembers(enablerId)).text, `killed at write ${killAt}`).toBe(exported);
      process.env[environmentVariables.tableName] = originalTable;
      if (kills === 0) break;
    }
    expect(killAt).toBeGreaterThan(5);
  }, 120_000);

  it('dead-letters a poisoned message after its receive count, writing nothing', async () => {
    process.env[environmentVariables.tableName] = await newEmptyTable('import-poison');
    const dead = await run('import', importWorker, '{"jobId": 12}', 'not json');
    expect(dead.map((letter) => letter.receiveCount)).toEqual([
      queueDefinitions.import.maxReceiveCount,
      queueDefinitions.import.maxReceiveCount,
    ]);
    expect(await scanTable()).toEqual([]);
  });
});

describe('the mirror worker', () => {
  const originalTables = {
    source: process.env[environmentVariables.tableName] as string,
    mirror: process.env[environmentVariables.mirrorTableName] as string,
  };
  const tag = randomUUID();

  beforeAll(async () => {
    process.env[environmentVariables.tableName] = await newEmptyTable('mirror-faults-source');
    process.env[environmentVariables.mirrorTableName] = await newEmptyTable('mirror-faults-target');
    // Over one scan page (1 000 items), with people's details to pseudonymise and a session left out.
    const items = [
      ...Array.from({ length: 1100 }, (_, index) => ({
        pk: `MEMBER#faults-${tag}-${index}`,
        sk: 'PROFILE',
        entityType: 'MIRROR_TEST',
        name: `Member ${index}`,
        phone: `+91 98765 ${String(43000 + index)}`,
      })),
      { pk: `USER#faults-${tag}@example.org`, sk: `SESSION#${tag}`, entityType: 'SESSION' },
    ];
    await writeItems(items);
  }, 120_000);
  afterAll(() => {
    process.env[environmentVariables.tableName] = originalTables.source;
    process.env[environmentVariables.mirrorTableName] = originalTables.mirror;
  });

  const refresh = async (worker: WorkerHandler<SQSEvent>, armed = disarm) => {
    const { jobId } = await startMirrorJob('admin@example.org');
    armed();
    const dead = await run('mirror', worker, { jobId, step: 0, phase: 'clear' });
    const { kills, seen } = fault;
    disarm();
    return { dead, kills, seen, job: await mirrorJob() };
  };

  it('leaves the mirror of a clean refresh when killed at a write of a step and delivered again', async () => {
    expect((await refresh(mirrorWorker)).job.status).toBe('DONE');
    const clean = await scanTable(mirrorTableName());
    expect(clean.length).toBe(1100);
    expect(clean.every((item) => isMirrored({ pk: item.pk, sk: item.sk }))).toBe(true);
    // A clean refresh's writes (over a mirror already full: its clearing too), then kill points over them.
    const { kills, seen: writes } = await refresh(mirrorWorker, () => arm(Number.POSITIVE_INFINITY, isWrite));
    expect({ kills, writes: writes > 40 }).toEqual({ kills: 0, writes: true });
    const points = [1, 2, 0.25, 0.5, 0.75, 0.9].map((at) => (at < 1 ? Math.round(writes * at) : at));
    let killed = 0;
    for (const killAt of [...points, writes - 1]) {
      // Something stale in the mirror, which the refresh must remove.
      await dynamo().send(
        new PutCommand({ TableName: mirrorTableName(), Item: { pk: `STALE#${killAt}`, sk: 'OLD' } }),
      );
      const { dead, kills, seen, job } = await refresh(dying(mirrorWorker), () => arm(killAt, isWrite));
      // A refresh's writes vary a little with what the mirror held: a point past them kills nothing.
      expect(kills, `killed at write ${killAt} of ${seen}`).toBe(killAt <= seen ? 1 : 0);
      killed += kills;
      expect(dead).toEqual([]);
      expect(job.status, `killed at write ${killAt}`).toBe('DONE');
      expect(await scanTable(mirrorTableName()), `killed at write ${killAt}`).toEqual(clean);
    }
    expect(killed).toBeGreaterThanOrEqual(5);
  }, 120_000);

  it('dead-letters a poisoned step after its receive count', async () => {
    const dead = await run('mirror', mirrorWorker, { jobId: 'x', step: 'first' });
    expect(dead.map((letter) => letter.receiveCount)).toEqual([queueDefinitions.mirror.maxReceiveCount]);
  });
});

describe('the benefit-run worker', () => {
  /*
   * An enabler of three members, each with a plot given 12.50 on 1 February (and 12.50 on 1 March,
   * after the assessment) and a plot given nothing; a run of their village at an index of 0.5 on
   * 20 February pays each first plot its Maximum 100 × 1 × 0.5 × 12.50 of 20.00 due (0.625) = 31.25,
   * 31 F CFA, and refuses the others (nothing to pay).
   */
  const givenRun = async (enablerId: string) =>
    givenBenefitRun(enablerId, {
      assessmentId: `DRY-${randomUUID().slice(0, 8)}`,
      assessmentDate: '2026-02-20',
      rows: [{ village: 'Fissel', damageIndex: 0.5 }],
    });
  const previewOf = { accepted: { plots: 3, members: 3, amountCents: 9300 }, refused: 3 };

  const approvedRun = async () => {
    const enablerId = await givenEnablerWithMembers();
    const started = await givenRun(enablerId);
    expect(await run('benefit', benefitRunWorker, benefitStepMessage(started))).toEqual([]);
    const previewed = (await getBenefitRun(started.id)) as BenefitRun;
    expect(previewed).toMatchObject({ state: 'PENDING_APPROVAL', preview: previewOf });
    return reviewBenefitRun(previewed, 'APPROVED', 'reviewer@example.org', 'Checked');
  };

  /** Each member paid once for its first plot, its totals as its records add up. */
  const expectPaidOnce = async (ended: BenefitRun, where: string) => {
    expect(ended, where).toMatchObject({
      state: 'PAID',
      payment: { paid: previewOf.accepted, notPaid: 0 },
      written: 3,
    });
    for (const memberId of (await enablerMembers(ended.enablerId)).keys()) {
      const { records } = await expectTotalsMatchRecords(memberId);
      const payouts = records.filter((record) => record.type === 'PAYOUT');
      expect(
        payouts.map((payout) => payout.amountCents),
        `${where}: ${memberId}`,
      ).toEqual([3100]);
    }
  };

  it('previews as one clean run does when killed at any write and delivered again', async () => {
    let killAt = 1;
    for (; ; killAt += 1) {
      const started = await givenRun(await givenEnablerWithMembers());
      arm(killAt, isWrite);
      const dead = await run('benefit', dying(benefitRunWorker), benefitStepMessage(started));
      const kills = fault.kills;
      disarm();
      expect(dead).toEqual([]);
      expect(await getBenefitRun(started.id), `killed at write ${killAt}`).toMatchObject({
        state: 'PENDING_APPROVAL',
        progress: null,
        preview: previewOf,
      });
      if (kills === 0) break;
    }
    // Its progress marks and its end were each cut short once.
    expect(killAt).toBeGreaterThan(5);
  }, 120_000);

  it('pays each plot once, every total exact, when killed at any write of its payment and delivered again', async () => {
    let killAt = 1;
    for (; ; killAt += 1) {
      const approved = await approvedRun();
      arm(killAt, isWrite);
      const dead = await run('benefit', dying(benefitRunWorker), benefitStepMessage(approved));
      const kills = fault.kills;
      disarm();
      expect(dead).toEqual([]);
      await expectPaidOnce((await getBenefitRun(approved.id)) as BenefitRun, `killed at write ${killAt}`);
      if (kills === 0) break;
    }
    // The move to PAYING, the campaign, the payouts' write and the run's end were cut short once.
    expect(killAt).toBeGreaterThan(6);
  }, 180_000);

  it('ends FAILED when every delivery of a payment step fails, and resumed pays the rest once', async () => {
    const approved = await approvedRun();
    // The payment's write of each delivery fails (the Lambda lives on): one write pays the three members.
    const failingPayout: WorkerHandler<SQSEvent> = async (event, context) => {
      arm(1, (call) => call.startsWith('TransactWrite'), false);
      return benefitRunWorker(event, context);
    };
    const dead = await run('benefit', failingPayout, benefitStepMessage(approved));
    disarm();
    expect(dead.map((letter) => letter.receiveCount)).toEqual([queueDefinitions.benefit.maxReceiveCount]);
    const failed = (await getBenefitRun(approved.id)) as BenefitRun;
    expect(failed).toMatchObject({ state: 'FAILED', failure: { in: 'PAYMENT' }, payment: null });
    const resumed = await resumeBenefitRun(failed, 'admin@example.org');
    expect(resumed).toMatchObject({ state: 'PAYING', step: failed.step + 1, failure: null });
    expect(await run('benefit', benefitRunWorker, benefitStepMessage(resumed))).toEqual([]);
    await expectPaidOnce((await getBenefitRun(approved.id)) as BenefitRun, 'resumed');
  }, 60_000);

  it('dead-letters a poisoned step after its receive count', async () => {
    const dead = await run('benefit', benefitRunWorker, { jobId: 'not-a-run', step: 0 });
    expect(dead.map((letter) => letter.receiveCount)).toEqual([queueDefinitions.benefit.maxReceiveCount]);
  });
});
