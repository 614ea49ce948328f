import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { MemberDeletionState } from '@cpbo/schemas';
import { dynamo } from '#platform/aws-clients.ts';
import { advanceJob, updateJobAt, type JobAt } from '../jobs/job-steps.ts';
import type { OutboxMessage } from '../jobs/outbox.ts';
import { memberPartition } from './member-keys.ts';
import { readItem } from '../table/item-values.ts';
import { batchWriteAll, epochSeconds, tableName } from '../table/table.ts';

/*
 * Keys of the members' deletions: MEMBERDELETION#<id> / JOB, one removal of a member (its enabler,
 * member, state, step, and its records: how many, how many deleted), removed by the table's TTL
 * MEMBER_DELETION_JOB_DAYS after it was created. The member's own removal (profile, claims,
 * tombstone, count, audit) is one transaction that puts this item (data/members/members.ts); the records a
 * transaction cannot also hold are deleted after it, step by step (workers/member-deletion/).
 */
export const memberDeletionKey = (jobId: string) => ({ pk: `MEMBERDELETION#${jobId}`, sk: 'JOB' });
export const MEMBER_DELETION_JOB_DAYS = 7;

export interface MemberDeletion {
  id: string;
  enablerId: string;
  memberId: string;
  createdBy: string;
  state: MemberDeletionState;
  step: number;
  /** The member's records (plots, contributions, payouts, cashouts) when it was removed. */
  total: number;
  /** Those deleted so far. */
  deleted: number;
  createdAt: string;
  updatedAt: string;
}

/** The job's item, put by the removal's transaction: DONE when the records went with it. */
export const memberDeletionItem = (
  deletion: Omit<MemberDeletion, 'step' | 'createdAt' | 'updatedAt'>,
  at: string,
) => ({
  ...memberDeletionKey(deletion.id),
  entityType: 'MEMBER_DELETION',
  ...deletion,
  step: 0,
  createdAt: at,
  updatedAt: at,
  expiresAt: epochSeconds(new Date(at)) + MEMBER_DELETION_JOB_DAYS * 86_400,
});

const toMemberDeletion = (item: Record<string, unknown>): MemberDeletion => ({
  ...readItem(item, {
    text: ['id', 'enablerId', 'memberId', 'createdBy', 'createdAt', 'updatedAt'],
    number: ['step', 'total', 'deleted'],
  }),
  state: item.state as MemberDeletionState,
});

export const getMemberDeletion = async (jobId: string): Promise<MemberDeletion | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: memberDeletionKey(jobId), ConsistentRead: true }),
  );
  return Item?.entityType === 'MEMBER_DELETION' ? toMemberDeletion(Item) : undefined;
};

/** The job at a step, queued or running: where a step's delivery may write. */
const deletionAt = (jobId: string, step: number): JobAt & { step: number } => ({
  key: memberDeletionKey(jobId),
  state: { attribute: 'state', running: ['QUEUED', 'RUNNING'] },
  step,
});

/**
 * The job at `step`, marked RUNNING: the step a message asks for, still to run. Undefined for an unknown
 * job, one that moved past the step (the message was delivered again) or one that is finished.
 */
export const memberDeletionToRun = async (
  jobId: string,
  step: number,
): Promise<MemberDeletion | undefined> => {
  const job = await getMemberDeletion(jobId);
  if (!job || job.step !== step || job.state === 'DONE' || job.state === 'FAILED') return undefined;
  return (await updateJobAt(deletionAt(jobId, step), { state: 'RUNNING' })) ? job : undefined;
};

/**
 * The job's progress within its step, for the screen: how many records are deleted so far. Written
 * while the job is at the step, so a late delivery cannot move it back.
 */
export const recordMemberDeletionProgress = (job: MemberDeletion, deleted: number): Promise<boolean> =>
  updateJobAt(deletionAt(job.id, job.step), { deleted });

/** Moves the job to its next step with its progress: only one delivery of a step can. */
export const advanceMemberDeletion = (
  job: MemberDeletion,
  deleted: number,
  next?: OutboxMessage,
): Promise<boolean> => advanceJob(deletionAt(job.id, job.step), { deleted }, new Date(), next);

/** Ends the job: DONE with every record deleted, or FAILED (its last delivery failed). */
export const finishMemberDeletion = (
  job: Pick<MemberDeletion, 'id' | 'total'>,
  step: number,
  state: 'DONE' | 'FAILED',
): Promise<boolean> =>
  updateJobAt(deletionAt(job.id, step), state === 'DONE' ? { state, deleted: job.total } : { state });

/** Keys read and deleted at a time: four batch writes, sent at once. */
const PAGE_ITEMS = 100;

/**
 * Deletes the items left in a removed member's partition, a page at a time, until there are none or
 * `timeUp` says stop: how many it deleted and whether the partition is empty. `deletedSoFar` hears the
 * count after each page but the last. A page deleted twice (two deliveries at once, or a step run
 * again after a crash) deletes nothing the second time; each record's delete reaches the dashboard's
 * aggregates through the table's stream, as any record's does.
 */
export const deleteMemberRecords = async (
  memberId: string,
  timeUp: () => boolean,
  deletedSoFar: (deleted: number) => Promise<unknown>,
): Promise<{ deleted: number; finished: boolean }> => {
  let deleted = 0;
  for (;;) {
    const { Items = [] } = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': memberPartition(memberId) },
        ProjectionExpression: 'pk, sk',
        ConsistentRead: true,
        Limit: PAGE_ITEMS,
      }),
    );
    if (Items.length === 0) return { deleted, finished: true };
    await batchWriteAll(
      Items.map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } })),
      Math.ceil(PAGE_ITEMS / 25),
    );
    deleted += Items.length;
    if (timeUp()) return { deleted, finished: false };
    // A page short of a full one was the last: the next look finds the partition empty.
    if (Items.length === PAGE_ITEMS) await deletedSoFar(deleted);
  }
};
