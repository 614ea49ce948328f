import {
  defaultMemberListQuery,
  memberSortFields,
  sortDirections,
  type MemberListQuery,
} from '@cpbo/schemas/member-list-query.ts';
import type { MemberSummary } from '#domain/lists/member-list.ts';

/** The day the member-list tests take as today (the filters' periods count from it). */
export const today = '2026-11-21';

/** A member as the list knows it: plain, but for the fields given. */
export const memberSummary = (id: string, fields: Partial<MemberSummary> = {}): MemberSummary => ({
  id,
  name: `Member ${id}`,
  village: 'Village',
  number: id,
  federation: null,
  onboardingDate: '2026-01-01',
  contributionTotalCents: 0,
  cashoutBalanceCents: 0,
  plotCount: 1,
  lastContributionDate: null,
  lastPayoutDate: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

/** A list query: what the API does without parameters, but for the parts given. */
export const listQuery = (fields: Partial<MemberListQuery> = {}): MemberListQuery => ({
  ...defaultMemberListQuery,
  ...fields,
});

/** One query per sort field and direction, the other parts as given. */
export const everyOrder = (fields: Partial<MemberListQuery> = {}): MemberListQuery[] =>
  memberSortFields.flatMap((field) =>
    sortDirections.map((direction) => listQuery({ ...fields, sort: { field, direction } })),
  );
