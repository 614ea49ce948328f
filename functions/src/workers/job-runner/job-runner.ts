import middy, { type MiddyfiedHandler } from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { assertMessageMatches, loadValidators, type ValidatorsLoader } from '#platform/validator.ts';
import { appLog } from '#data/logs/app-log.ts';
import { logger } from '#platform/logger.ts';
import { observability } from '#platform/observability.ts';
import { queueDefinitions, type QueueName } from '#domain/queues.ts';

/*
 * The one runner of the queued jobs: import, export, aggregates rebuild, mirror refresh, member deletion,
 * benefit run, and every job to come. For each message of its queue (a failed one is reported alone,
 * through Powertools' BatchProcessor) it:
 *
 * 1. parses the message and checks it against its queue's schema: a message that does not match fails
 *    (there is no job to mark) and ends in the dead-letter queue after its deliveries;
 * 2. `load`s its job: nothing is done, and the message is acknowledged, when the job is finished,
 *    replaced, or already past the message's step (so a message delivered again does nothing twice);
 * 3. runs one step of it:
 *    - a job of one step (one-step-job.ts: import, export) runs whole at each delivery, resuming from the
 *      progress its item holds, and `finish` ends it with what its `step` answers;
 *    - a job in steps (stepped-job.ts: rebuild, mirror, member deletion, benefit run) gets a time budget from the Lambda's context:
 *      its `step` stops taking new work once `budget.timeUp()` (less than its `reserveMs` is left) and
 *      answers `{ done: true, result }`, ended by `finish`, or `{ done: false, checkpoint }`, given to
 *      `save`, which stores the checkpoint and moves the job from its step to the next with a
 *      conditional write (data/jobs/job-steps.ts): only one delivery of a step answers the next step's
 *      message, and the runner queues it;
 * 4. a step that throws is logged and delivered again by SQS. At the queue's last delivery
 *    (ApproximateReceiveCount ≥ maxReceiveCount) `fail` marks the job FAILED, the application's log says
 *    why, and the error goes on so that SQS moves the message to the dead-letter queue.
 *
 * A job in steps, e.g. a benefit run (workers/benefit-run/handler.ts): its item, the run, holds its
 * `step` and its checkpoint (`written`, the accepted rows paid), which the screen shows as progress;
 * `load` finds the run at the message's step, `step` pays rows until `budget.timeUp()`, `save` moves
 * the run to its next step with `advanceJob` (data/jobs/job-steps.ts), `finish` writes its report and
 * `fail` marks it FAILED, each only while the run is where the delivery found it.
 */

/** What every job message names: its job, and the step it asks for (none for a job of one step). */
export interface JobMessage {
  jobId: string;
  step?: number;
}

/** What every kind of job gives the runner. */
export interface JobKind<Message extends JobMessage, Job, Result> {
  /** The job's name in the function's log: "The <name> step failed". */
  name: string;
  /** The queue of its messages: their schema, their deliveries, where the next step goes. */
  queue: QueueName;
  /** The queue's validators: `() => import('#generated/validators/queue-<queue>.generated.ts')`. */
  validators: ValidatorsLoader;
  /** The job the message asks a step of; undefined when it is finished, replaced or past that step. */
  load(message: Message): Promise<Job | undefined>;
  /** Ends the job with its step's result (its final state and its line in the application's log). */
  finish(job: Job, result: Result): Promise<void>;
  /** Marks the job FAILED if it still runs: its name in the application's log, or undefined when not. */
  fail(message: Message): Promise<string | undefined>;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

type JobHandler = MiddyfiedHandler<SQSEvent, SQSBatchResponse, Error, Context>;

/**
 * The Lambda handler of a job queue: `runStep` runs the step of a job that a message asks for (a job of
 * one step and a job in steps each have theirs, beside this module).
 */
export const jobRunner = <Message extends JobMessage, Job, Result>(
  kind: JobKind<Message, Job, Result>,
  runStep: (job: Job, context: Context) => Promise<void>,
): JobHandler => {
  const { messageSchema, maxReceiveCount } = queueDefinitions[kind.queue];

  const runRecord = async (record: SQSRecord, context: Context): Promise<void> => {
    const body: unknown = JSON.parse(record.body);
    assertMessageMatches(await loadValidators(kind.validators), messageSchema, body);
    const message = body as Message;
    const { jobId, step } = message;
    try {
      const job = await kind.load(message);
      if (job !== undefined) await runStep(job, context);
    } catch (error) {
      const last = Number(record.attributes.ApproximateReceiveCount) >= maxReceiveCount;
      await logger.error(`The ${kind.name} step failed`, { jobId, step, last, error });
      const failed = last ? await kind.fail(message) : undefined;
      if (failed) await appLog.error(`${failed} failed: ${errorMessage(error)}`);
      throw error;
    }
  };

  return middy(async (event: SQSEvent, context: Context) =>
    processPartialResponse(
      event,
      (record: SQSRecord) => runRecord(record, context),
      // One per invocation: a processor holds its batch, and the local runtime and tests may run two at once.
      new BatchProcessor(EventType.SQS),
      // A failed step is reported, never thrown: SQS delivers it again either way, and the alarm that
      // matters is its dead letter (a job retried by design is no function error).
      { context, throwOnFullBatchFailure: false },
    ),
  ).use(observability());
};
