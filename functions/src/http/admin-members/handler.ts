import type { adminMemberRequestSchema, FromSchema, MemberDeletionAnswer } from '@cpbo/schemas';
import type { memberHistoryQuerySchema } from '@cpbo/schemas/activity.ts';
import { memberHistoryPage } from '#data/logs/audit.ts';
import { namedPage } from '#data/logs/audit-names.ts';
import { dateOfUnixSeconds, isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { applyListChanges } from '#data/lists/list-changes.ts';
import { createMember, deleteMember, getMember, updateMember } from '#data/members/members.ts';
import { memberSummaryOf, type Member } from '#data/members/member-items.ts';
import { getMemberDeletion, type MemberDeletion } from '#data/members/member-deletions.ts';
import { sendFromOutbox } from '#data/jobs/outbox.ts';
import { AppError } from '#platform/app-error.ts';
import {
  created,
  noContent,
  ok,
  type IdempotentRequest,
  type SessionRequest,
} from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { idempotency } from '#http/middleware/idempotency.ts';
import { memberFieldsOfBody } from '../members/member-fields.ts';
import { memberInScope } from '../members/member-scope.ts';
import { appLog } from '#data/logs/app-log.ts';
import { actorOf } from '../actor.ts';

/*
 * The administrator's members, in the administrator's current enabler only: another enabler's member
 * answers ERR_FORBIDDEN_ADMIN with that enabler (change the view). The list and the detail are the user
 * side's calls.
 */

type AdminMemberBody = FromSchema<typeof adminMemberRequestSchema>;

const memberCreated = (member: Member) => created({ id: member.id });

/** POST /admin/members: a member with its onboarding date (today when absent); the duplicate rule holds. */
const add = async ({ body, session, idempotency }: IdempotentRequest<AdminMemberBody>) => {
  const member = await createMember(
    {
      ...memberFieldsOfBody(body),
      enablerId: session.enabler,
      onboardingDate:
        body.onboardingDate === undefined ? isoDateOf(new Date()) : dateOfUnixSeconds(body.onboardingDate),
    },
    { receipt: idempotency.receipt(memberCreated), actor: actorOf(session) },
  );
  await applyListChanges({ enablerId: member.enablerId, member: { summary: memberSummaryOf(member) } });
  return memberCreated(member);
};

/** POST /admin/members/{id}: every field; the onboarding date keeps its value when absent. */
const edit = async ({ body, params, session }: SessionRequest<AdminMemberBody, 'id'>) => {
  const member = await memberInScope(session, params.id);
  await updateMember(
    member,
    {
      ...memberFieldsOfBody(body),
      onboardingDate:
        body.onboardingDate === undefined ? member.onboardingDate : dateOfUnixSeconds(body.onboardingDate),
    },
    actorOf(session),
  );
  const changed = await getMember(member.id);
  if (changed)
    await applyListChanges({ enablerId: session.enabler, member: { summary: memberSummaryOf(changed) } });
  return noContent();
};

const deletionAnswer = (job: MemberDeletion): MemberDeletionAnswer => ({
  job: {
    id: job.id,
    memberId: job.memberId,
    state: job.state,
    total: job.total,
    deleted: Math.min(job.deleted, job.total),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  },
});

/**
 * DELETE /admin/members/{id}: the member is gone from every list and read at once, with its records
 * when one transaction holds them all; a job deletes the others after it (202, the job to follow),
 * queued through the outbox, so that a queue that fails delays the job but never fails the call.
 */
const remove = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
  await memberInScope(session, params.id);
  const { removedAt, deletion, queued } = await deleteMember(session.enabler, params.id, actorOf(session));
  await applyListChanges({ enablerId: session.enabler, member: { removed: params.id, at: removedAt } });
  await appLog.info(
    `Member ${params.id} of enabler ${session.enabler} deleted by ${session.email}` +
      (deletion.state === 'DONE' ? '' : `: ${deletion.total} records left to job ${deletion.id}`),
  );
  // Recorded with the removal: a send that fails now is the outbox relay's to make (data/jobs/outbox.ts).
  if (queued) await sendFromOutbox(queued);
  return { status: 202, body: deletionAnswer(deletion) };
};

/** GET /admin/members/deletions/{id}: a deletion of the caller's current enabler; any other is not found. */
const deletionStatus = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
  const job = await getMemberDeletion(params.id);
  if (!job || job.enablerId !== session.enabler) throw new AppError('ERR_NOT_FOUND');
  return ok(deletionAnswer(job));
};

/**
 * GET /admin/members/{id}/history: the member's changes (its profile, plots and money records, and who
 * made each), newest first, named.
 */
const history = async ({
  params,
  query,
  session,
}: SessionRequest<unknown, 'id', FromSchema<typeof memberHistoryQuerySchema>>) => {
  const member = await memberInScope(session, params.id);
  const page = await memberHistoryPage(member.id, {
    before: query.before ?? null,
    count: Number(query.pageSize ?? '25'),
  });
  return ok(await namedPage(page));
};

export const handler = httpHandler(
  'admin-members',
  {
    'POST /admin/members': add,
    'POST /admin/members/{id}': edit,
    'DELETE /admin/members/{id}': remove,
    'GET /admin/members/deletions/{id}': deletionStatus,
    'GET /admin/members/{id}/history': history,
  },
  { idempotency, validators: () => import('#generated/validators/admin-members.generated.ts') },
);
