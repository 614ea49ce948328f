import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DashboardRebuildState } from '@cpbo/schemas';
import { dynamo } from '#platform/aws-clients.ts';
import { AppError } from '#platform/app-error.ts';
import { queueDefinitions } from '#domain/queues.ts';
import { extendLease, leasePut, releaseLease } from './job-leases.ts';
import { advanceJob, updateJobAt } from './job-steps.ts';
import { outboxMessage, outboxPut, type OutboxMessage } from './outbox.ts';
import { readItem } from '../table/item-values.ts';
import { epochSeconds, isConditionFailure, nowIso, sendTransaction, tableName } from '../table/table.ts';

/*
 * Keys of the queued aggregates rebuilds:
 * - REBUILDJOB#<id> / JOB: one job (its enabler, state, step, counts, the S3 key of the checkpoint the
 *   current step resumes from), removed by the table's TTL REBUILD_JOB_DAYS after it was created;
 * - REBUILDLOCK#<enablerId> / LOCK: present while a job of the enabler is queued or running, so that a
 *   second trigger is refused; it names the job and lapses (lockedUntil) if that job was lost.
 */
export const rebuildJobKey = (jobId: string) => ({ pk: `REBUILDJOB#${jobId}`, sk: 'JOB' });
export const rebuildLockKey = (enablerId: string) => ({ pk: `REBUILDLOCK#${enablerId}`, sk: 'LOCK' });
export const REBUILD_JOB_DAYS = 7;

/** A step may be delivered maxReceiveCount times, each for up to the visibility timeout: a lock lasts that long past its last step. */
const LOCK_SECONDS =
  queueDefinitions.rebuild.visibilityTimeoutSeconds * queueDefinitions.rebuild.maxReceiveCount;

export interface RebuildJob {
  id: string;
  enablerId: string;
  createdBy: string;
  state: DashboardRebuildState;
  step: number;
  records: number;
  aggregates: number;
  /** Where the current step resumes (written by the step before it); none at step 0. */
  checkpointKey?: string;
  createdAt: string;
  updatedAt: string;
}

const toRebuildJob = (item: Record<string, unknown>): RebuildJob => ({
  ...readItem(item, {
    text: ['id', 'enablerId', 'createdBy', 'createdAt', 'updatedAt'],
    number: ['step', 'records', 'aggregates'],
  }),
  state: item.state as DashboardRebuildState,
  ...(typeof item.checkpointKey === 'string' && { checkpointKey: item.checkpointKey }),
});

/**
 * Creates a QUEUED job and the enabler's lock in one transaction: while another job of the enabler
 * holds the lock, ERR_REBUILD_IN_PROGRESS and nothing is written (of two triggers at once, one wins).
 */
export const createRebuildJob = async (
  enablerId: string,
  createdBy: string,
  now = new Date(),
): Promise<{ job: RebuildJob; queued: OutboxMessage }> => {
  const id = randomUUID();
  // Its first step's message, in the job's own transaction (data/jobs/outbox.ts).
  const queued = outboxMessage('rebuild', { jobId: id, step: 0 }, now);
  const item = {
    ...rebuildJobKey(id),
    entityType: 'REBUILD_JOB',
    id,
    enablerId,
    createdBy,
    state: 'QUEUED',
    step: 0,
    records: 0,
    aggregates: 0,
    createdAt: nowIso(now),
    updatedAt: nowIso(now),
    expiresAt: epochSeconds(now) + REBUILD_JOB_DAYS * 86_400,
  };
  try {
    await sendTransaction(() =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: leasePut(rebuildLockKey(enablerId), 'REBUILD_LOCK', id, LOCK_SECONDS, now) },
            { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
            outboxPut(queued),
          ],
        }),
      ),
    );
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (isConditionFailure(error) && reasons?.[0]?.Code === 'ConditionalCheckFailed')
      throw new AppError('ERR_REBUILD_IN_PROGRESS', { cause: error });
    throw error;
  }
  return { job: toRebuildJob(item), queued };
};

/** The job at a step, queued or running: where a step's delivery may write. */
const rebuildJobAt = (jobId: string, step: number) => ({
  key: rebuildJobKey(jobId),
  state: { attribute: 'state', running: ['QUEUED', 'RUNNING'] },
  step,
});

export const getRebuildJob = async (jobId: string): Promise<RebuildJob | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: rebuildJobKey(jobId), ConsistentRead: true }),
  );
  return Item?.entityType === 'REBUILD_JOB' ? toRebuildJob(Item) : undefined;
};

/**
 * The job at `step`, marked RUNNING: the step a message asks for, still to run. Undefined for an unknown
 * job, one that moved past the step (the message was delivered again) or one that is finished.
 */
export const rebuildJobToRun = async (jobId: string, step: number): Promise<RebuildJob | undefined> => {
  const job = await getRebuildJob(jobId);
  if (!job || job.step !== step || job.state === 'DONE' || job.state === 'FAILED') return undefined;
  return (await updateJobAt(rebuildJobAt(jobId, step), { state: 'RUNNING' })) ? job : undefined;
};

/**
 * Moves the job to the next step, resuming from `checkpointKey`, and extends the enabler's lock. Only
 * one delivery of a step can do it; the others' checkpoints are never read.
 */
export const advanceRebuildStep = async (
  job: Pick<RebuildJob, 'id' | 'enablerId'>,
  step: number,
  records: number,
  checkpointKey: string,
  next?: OutboxMessage,
): Promise<boolean> => {
  const advanced = await advanceJob(rebuildJobAt(job.id, step), { records, checkpointKey }, new Date(), next);
  if (advanced) await extendLease(rebuildLockKey(job.enablerId), job.id, LOCK_SECONDS);
  return advanced;
};

/** Ends the job (DONE with its counts, or FAILED) and frees its enabler's lock if the job still holds it. */
export const finishRebuildJob = async (
  job: Pick<RebuildJob, 'id' | 'enablerId'>,
  step: number,
  state: 'DONE' | 'FAILED',
  counts: { records?: number; aggregates?: number } = {},
): Promise<boolean> => {
  const finished = await updateJobAt(rebuildJobAt(job.id, step), { state, ...counts });
  await releaseLease(rebuildLockKey(job.enablerId), job.id);
  return finished;
};
