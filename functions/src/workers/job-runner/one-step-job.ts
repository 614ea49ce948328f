import { jobRunner, type JobKind, type JobMessage } from './job-runner.ts';

/** A job that one message runs whole, resuming from the progress its item holds (import, export). */
export interface OneStepJob<Message extends JobMessage, Job, Result> extends JobKind<Message, Job, Result> {
  /** The whole job's work: what `finish` needs. */
  step(job: Job): Promise<Result>;
}

/** The Lambda handler of a one-step job's queue (job-runner.ts). */
export const oneStepJobRunner = <Message extends JobMessage, Job, Result>(
  kind: OneStepJob<Message, Job, Result>,
) => jobRunner(kind, async (job) => kind.finish(job, await kind.step(job)));
