import type { FromSchema, newMemberRequestSchema } from '@cpbo/schemas';
import type { MemberFields } from '#data/members/member-items.ts';

/** A member's fields as the forms send them: texts trimmed, empty optional texts as none. */
export const memberFieldsOfBody = (body: FromSchema<typeof newMemberRequestSchema>): MemberFields => ({
  name: body.name.trim(),
  village: body.village.trim(),
  number: body.number.trim(),
  federation: body.federation?.trim() || null,
  gender: body.gender ?? null,
  phone: body.phone?.trim() || null,
  bankName: body.bankName?.trim() || null,
  bankBranchName: body.bankBranchName?.trim() || null,
  bankIFSC: body.bankIFSC?.trim() || null,
  bankAccount: body.bankAccount?.trim() || null,
});
