import type { adminMemberRequestSchema, FromSchema } from '@cpbo/schemas';
import { dateOfUnixSeconds, isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { forgetMember, rememberMember } from '#data/member-directory.ts';
import { createMember, deleteMember, getMember, updateMember } from '#data/members.ts';
import { memberSummaryOf, type Member } from '#data/member-items.ts';
import {
  created,
  noContent,
  type IdempotentRequest,
  type SessionRequest,
} from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { idempotency } from '#http/middleware/idempotency.ts';
import { memberFieldsOfBody } from '../members/member-fields.ts';
import { memberInScope } from '../members/member-scope.ts';
import { appLog } from '#data/app-log.ts';

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
    { receipt: idempotency.receipt(memberCreated) },
  );
  rememberMember(member.enablerId, memberSummaryOf(member));
  return memberCreated(member);
};

/** POST /admin/members/{id}: every field; the onboarding date keeps its value when absent. */
const edit = async ({ body, params, session }: SessionRequest<AdminMemberBody, 'id'>) => {
  const member = await memberInScope(session, params.id);
  await updateMember(member, {
    ...memberFieldsOfBody(body),
    onboardingDate:
      body.onboardingDate === undefined ? member.onboardingDate : dateOfUnixSeconds(body.onboardingDate),
  });
  const changed = await getMember(member.id);
  if (changed) rememberMember(session.enabler, memberSummaryOf(changed));
  return noContent();
};

/** DELETE /admin/members/{id}: the member and everything of it, in one transaction, or nothing. */
const remove = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
  const removedAt = await deleteMember(session.enabler, params.id, session.email);
  forgetMember(session.enabler, params.id, removedAt);
  await appLog.info(`Member ${params.id} of enabler ${session.enabler} deleted by ${session.email}`);
  return noContent();
};

export const handler = httpHandler(
  'admin-members',
  {
    'POST /admin/members': add,
    'POST /admin/members/{id}': edit,
    'DELETE /admin/members/{id}': remove,
  },
  { idempotency, validators: () => import('#generated/validators/admin-members.generated.ts') },
);
