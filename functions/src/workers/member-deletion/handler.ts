import type { FromSchema } from '@cpbo/schemas';
import {
  advanceMemberDeletion,
  deleteMemberRecords,
  finishMemberDeletion,
  getMemberDeletion,
  memberDeletionToRun,
  recordMemberDeletionProgress,
} from '#data/members/member-deletions.ts';
import { outboxMessage } from '#data/jobs/outbox.ts';
import { appLog } from '#data/logs/app-log.ts';
import { queueDefinitions } from '#domain/queues.ts';
import { steppedJobRunner } from '../job-runner/stepped-job.ts';

type MemberDeletionMessage = FromSchema<typeof queueDefinitions.memberDeletion.messageSchema>;

/** A step stops deleting when less than this is left of the Lambda's time: enough to save its count. */
const RESERVE_MS = 30_000;

/**
 * The records of a removed member deleted in steps (the member itself went in the transaction of
 * DELETE /admin/members/{id}, data/members/members.ts). A step deletes its partition page after page, its
 * count on the job after each page for the screen, until it is empty (DONE) or the time runs short:
 * the count goes to the job, which moves to the next step (one delivery only can) and a message asks
 * for it. What is left is read again at each step, so a step run again after a crash, or twice at
 * once, deletes each record once. At its last delivery a failing step ends the job FAILED (the screen
 * stops waiting).
 */
export const handler = steppedJobRunner({
  name: 'member deletion',
  queue: 'memberDeletion',
  validators: () => import('#generated/validators/queue-memberDeletion.generated.ts'),
  load: ({ jobId, step }: MemberDeletionMessage) => memberDeletionToRun(jobId, step),
  reserveMs: (remainingAtStartMs) => Math.min(RESERVE_MS, remainingAtStartMs / 4),
  step: async (job, budget) => {
    const { deleted, finished } = await deleteMemberRecords(job.memberId, budget.timeUp, (soFar) =>
      recordMemberDeletionProgress(job, job.deleted + soFar),
    );
    return finished ? { done: true, result: undefined } : { done: false, checkpoint: job.deleted + deleted };
  },
  save: async (job, deleted) => {
    const next = outboxMessage('memberDeletion', { jobId: job.id, step: job.step + 1 });
    return (await advanceMemberDeletion(job, deleted, next)) ? next : undefined;
  },
  finish: async (job) => {
    if (await finishMemberDeletion(job, job.step, 'DONE'))
      await appLog.info(
        `Member deletion ${job.id} of member ${job.memberId} done in ${job.step + 1} steps: ` +
          `${job.total} records deleted`,
      );
  },
  fail: async ({ jobId, step }) => {
    const job = await getMemberDeletion(jobId);
    return job && (await finishMemberDeletion(job, step, 'FAILED'))
      ? `Member deletion ${job.id} of member ${job.memberId}`
      : undefined;
  },
});
