import { sendFromOutbox, type OutboxMessage } from '#data/jobs/outbox.ts';
import { jobRunner, type JobKind, type JobMessage } from './job-runner.ts';
import { timeBudget, type TimeBudget } from './time-budget.ts';

/** What a step answers: the job is done, with what `finish` needs, or goes on from a checkpoint. */
export type StepOutcome<Result, Checkpoint> =
  { done: true; result: Result } | { done: false; checkpoint: Checkpoint };

/** A job in steps, one per message, each from the checkpoint the step before saved (job-runner.ts). */
export interface SteppedJob<Message extends JobMessage, Job, Result, Checkpoint> extends JobKind<
  Message,
  Job,
  Result
> {
  /** How much of the Lambda's time a step keeps back, given what it had at its start. */
  reserveMs(remainingAtStartMs: number): number;
  /** One step's work: from where the job's checkpoint says, until the job is done or the time is up. */
  step(job: Job, budget: TimeBudget): Promise<StepOutcome<Result, Checkpoint>>;
  /**
   * Saves the checkpoint where the next step reads it and moves the job from its step to the next, with
   * the next step's message recorded in the move's transaction (data/jobs/outbox.ts): that message, or
   * undefined when another delivery of the step moved it first.
   */
  save(job: Job, checkpoint: Checkpoint): Promise<OutboxMessage | undefined>;
}

/**
 * The Lambda handler of the queue of a job in steps: a step within its time budget, then the job ended
 * or the next step queued, by the one delivery that moved the job on.
 */
export const steppedJobRunner = <Message extends JobMessage, Job, Result, Checkpoint>(
  kind: SteppedJob<Message, Job, Result, Checkpoint>,
) =>
  jobRunner(kind, async (job, context) => {
    const outcome = await kind.step(job, timeBudget(context, kind.reserveMs));
    if (outcome.done) return kind.finish(job, outcome.result);
    const next = await kind.save(job, outcome.checkpoint);
    // A send that fails now is the outbox relay's to make: the job never waits for a lost message.
    if (next !== undefined) await sendFromOutbox(next);
  });
