import { randomUUID } from 'node:crypto';
import type { Context, SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { DeleteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { appLog } from '#data/logs/app-log.ts';
import { outboxMessage } from '#data/jobs/outbox.ts';
import { environmentVariables } from '#platform/environment.ts';
import { logger } from '#platform/logger.ts';
import { useQueueTransport } from '#platform/queue.ts';
import { queueDefinitions } from '#domain/queues.ts';
import { oneStepJobRunner } from './one-step-job.ts';
import { steppedJobRunner } from './stepped-job.ts';

/*
 * The runner with job kinds of plain fakes: jobs in a map, the next steps sent to a list. The fakes'
 * own conditions (a job at its step, running) stand for the conditional writes of data/jobs/job-steps.ts.
 */

interface FakeJob {
  id: string;
  step: number;
  state: 'RUNNING' | 'DONE' | 'FAILED';
  /** Pages read, over the steps. */
  pages: number;
}

const jobs = new Map<string, FakeJob>();
// The outbox's message of a next step, forgotten once sent (data/jobs/outbox.ts).
const table = mockClient(DynamoDBDocumentClient);
const sent: { queue: string; message: unknown }[] = [];
const calls = { step: 0, save: 0, finish: 0, fail: 0 };

const givenJob = (pages = 0): FakeJob => {
  const job: FakeJob = { id: randomUUID(), step: 0, state: 'RUNNING', pages };
  jobs.set(job.id, job);
  return job;
};

const stillAt = (jobId: string, step: number) => {
  const job = jobs.get(jobId);
  return job?.step === step && job.state === 'RUNNING' ? job : undefined;
};

/** A job of 5 pages, read one a second of the Lambda's time, in steps on the rebuild queue. */
const PAGES = 5;
const steppedKind = (step: (job: FakeJob, timeUp: () => boolean) => Promise<number>) =>
  steppedJobRunner({
    name: 'fake job',
    queue: 'rebuild',
    validators: () => import('#generated/validators/queue-rebuild.generated.ts'),
    load: async ({ jobId, step }: { jobId: string; step: number }) => {
      const job = stillAt(jobId, step);
      return job && { ...job };
    },
    reserveMs: (remainingAtStartMs) => remainingAtStartMs / 4,
    step: async (job, budget) => {
      calls.step += 1;
      const pages = await step(job, () => budget.timeUp());
      return pages < PAGES ? { done: false, checkpoint: pages } : { done: true, result: `${pages} pages` };
    },
    save: async (job, pages) => {
      calls.save += 1;
      const stored = stillAt(job.id, job.step);
      if (!stored) return undefined;
      Object.assign(stored, { step: job.step + 1, pages });
      return outboxMessage('rebuild', { jobId: job.id, step: job.step + 1 });
    },
    finish: async (job, result) => {
      calls.finish += 1;
      const stored = stillAt(job.id, job.step);
      if (stored) Object.assign(stored, { state: 'DONE', pages: Number.parseInt(result) });
    },
    fail: async ({ jobId, step }) => {
      calls.fail += 1;
      const stored = stillAt(jobId, step);
      if (!stored) return undefined;
      stored.state = 'FAILED';
      return `Fake job ${jobId}`;
    },
  });

/** Reads one page (a second of the Lambda's clock) until the job's pages are read or time is up. */
const onePagePerSecond = (clock: { remainingMs: number }) => async (job: FakeJob, timeUp: () => boolean) => {
  let { pages } = job;
  while (pages < PAGES) {
    pages += 1;
    clock.remainingMs -= 1000;
    if (timeUp()) break;
  }
  return pages;
};

const sqsEvent = (bodies: unknown[], receiveCount = 1): SQSEvent =>
  ({
    Records: bodies.map((body) => ({
      messageId: randomUUID(),
      body: typeof body === 'string' ? body : JSON.stringify(body),
      attributes: { ApproximateReceiveCount: String(receiveCount) },
    })),
  }) as unknown as SQSEvent;

/** A Lambda context whose clock the test moves. */
const contextWith = (clock: { remainingMs: number }): Context => ({
  ...lambdaContext('fake-worker'),
  getRemainingTimeInMillis: () => clock.remainingMs,
});

let appLogErrors: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  jobs.clear();
  sent.length = 0;
  table.reset();
  table.on(DeleteCommand).resolves({});
  process.env[environmentVariables.tableName] = 'test-table';
  Object.assign(calls, { step: 0, save: 0, finish: 0, fail: 0 });
  useQueueTransport({ send: async (queue, message) => void sent.push({ queue, message }) });
  vi.spyOn(logger, 'error').mockResolvedValue();
  appLogErrors = vi.spyOn(appLog, 'error').mockResolvedValue();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the job runner', () => {
  it('should run a step, save its checkpoint and queue the next step once, however often it is delivered', async () => {
    const job = givenJob();
    const step0 = { jobId: job.id, step: 0 };
    // Each delivery in a Lambda of its own, 3 s left: three pages, then the step stops.
    const lambda = () => {
      const clock = { remainingMs: 3000 };
      return { worker: steppedKind(onePagePerSecond(clock)), context: contextWith(clock) };
    };

    // Two deliveries of the step at the same moment: both read, one moves the job on.
    const [first, second] = [lambda(), lambda()];
    const answers = await Promise.all([
      first.worker(sqsEvent([step0]), first.context),
      second.worker(sqsEvent([step0], 2), second.context),
    ]);
    expect(answers).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    expect(calls).toMatchObject({ step: 2, save: 2 });
    expect(sent).toEqual([{ queue: 'rebuild', message: { jobId: job.id, step: 1 } }]);
    expect(jobs.get(job.id)).toMatchObject({ step: 1, pages: 3, state: 'RUNNING' });

    // Delivered again once the job moved on: nothing is read, saved or queued.
    const third = lambda();
    expect(await third.worker(sqsEvent([step0], 3), third.context)).toEqual({ batchItemFailures: [] });
    expect(calls).toMatchObject({ step: 2, save: 2, finish: 0 });
    expect(sent).toHaveLength(1);
  });

  it('should stop a step once less than its reserve (from the time at its start) is left', async () => {
    // 6.5 s at the start, a quarter kept back; a page takes 1.5 s: 6.5 → 5 → 3.5 → 2 → 0.5 s, the
    // fourth page leaves less than the reserve.
    const clock = { remainingMs: 6500 };
    const worker = steppedKind(async (job, timeUp) => {
      let { pages } = job;
      do {
        pages += 1;
        clock.remainingMs -= 1500;
      } while (!timeUp());
      return pages;
    });
    const job = givenJob();
    await worker(sqsEvent([{ jobId: job.id, step: 0 }]), contextWith(clock));
    expect(clock.remainingMs).toBe(500);
    expect(jobs.get(job.id)).toMatchObject({ step: 1, pages: 4 });
  });

  it('should finish the job with the result of its last step, and queue nothing', async () => {
    const clock = { remainingMs: 60_000 };
    const worker = steppedKind(onePagePerSecond(clock));
    const job = givenJob(3);
    expect(await worker(sqsEvent([{ jobId: job.id, step: 0 }]), contextWith(clock))).toEqual({
      batchItemFailures: [],
    });
    expect(jobs.get(job.id)).toMatchObject({ state: 'DONE', pages: PAGES });
    expect(calls).toMatchObject({ step: 1, save: 0, finish: 1 });
    expect(sent).toEqual([]);
  });

  it('should do nothing for a message of a finished job delivered again', async () => {
    const worker = steppedKind(onePagePerSecond({ remainingMs: 60_000 }));
    const job = givenJob();
    job.state = 'DONE';
    const answer = await worker(sqsEvent([{ jobId: job.id, step: 0 }], 2), lambdaContext('fake-worker'));
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(calls).toEqual({ step: 0, save: 0, finish: 0, fail: 0 });
    expect(sent).toEqual([]);
  });

  it('should report a failing step, and mark its job FAILED at the last delivery only, logging why', async () => {
    const worker = steppedKind(async () => {
      throw new Error('The table is gone');
    });
    const job = givenJob();
    const { maxReceiveCount } = queueDefinitions.rebuild;
    for (let receiveCount = 1; receiveCount <= maxReceiveCount; receiveCount += 1) {
      const event = sqsEvent([{ jobId: job.id, step: 0 }], receiveCount);
      const answer = await worker(event, lambdaContext('fake-worker'));
      // Reported, not thrown, at every delivery: SQS delivers it again, then dead-letters it.
      expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: event.Records[0]?.messageId }] });
      expect(jobs.get(job.id)?.state).toBe(receiveCount < maxReceiveCount ? 'RUNNING' : 'FAILED');
    }
    expect(calls).toMatchObject({ step: maxReceiveCount, fail: 1 });
    expect(appLogErrors.mock.calls).toEqual([[`Fake job ${job.id} failed: The table is gone`]]);
    expect(sent).toEqual([]);
  });

  it("should report a message that does not match its queue's schema, and handle the others of its batch", async () => {
    const worker = steppedKind(onePagePerSecond({ remainingMs: 60_000 }));
    const job = givenJob(PAGES - 1);
    const event = sqsEvent(
      ['not json', { jobId: job.id, step: -1 }, { jobId: job.id }, { jobId: job.id, step: 0 }],
      queueDefinitions.rebuild.maxReceiveCount,
    );
    const answer = await worker(event, lambdaContext('fake-worker'));
    expect(answer.batchItemFailures).toEqual(
      event.Records.slice(0, 3).map((record) => ({ itemIdentifier: record.messageId })),
    );
    // No job to mark for those: the one well-formed message ran its job to the end.
    expect(calls).toMatchObject({ step: 1, finish: 1, fail: 0 });
    expect(jobs.get(job.id)?.state).toBe('DONE');
  });

  it('should run a job of one step whole at each delivery, and finish it with what its step answers', async () => {
    const finished: unknown[] = [];
    const worker = oneStepJobRunner({
      name: 'fake export',
      queue: 'export',
      validators: () => import('#generated/validators/queue-export.generated.ts'),
      load: async ({ jobId }: { jobId: string }) => stillAt(jobId, 0),
      step: async (job) => {
        calls.step += 1;
        return { members: job.pages + 3 };
      },
      finish: async (job, result) => {
        finished.push({ id: job.id, ...result });
        job.state = 'DONE';
      },
      fail: async () => undefined,
    });
    const job = givenJob(2);
    const message = { jobId: job.id };
    expect(await worker(sqsEvent([message]), lambdaContext('fake-worker'))).toEqual({
      batchItemFailures: [],
    });
    expect(await worker(sqsEvent([message], 2), lambdaContext('fake-worker'))).toEqual({
      batchItemFailures: [],
    });
    expect(finished).toEqual([{ id: job.id, members: 5 }]);
    expect(calls.step).toBe(1);
    expect(sent).toEqual([]);
  });
});
