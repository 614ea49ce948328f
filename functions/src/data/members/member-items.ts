import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import type { MemberSummary } from '#domain/lists/member-list.ts';
import { MEMBER_PROFILE, changeKey, memberPartition, membersOfEnabler } from './member-keys.ts';
import { summaryOfProfile } from '../lists/member-timeline.ts';
import { orNull, readItem } from '../table/item-values.ts';

/* A member's profile: its fields, its item in the table and the member as the API sees it. */

export interface MemberFields {
  name: string;
  village: string;
  number: string;
  federation: string | null;
  gender: boolean | null;
  phone: string | null;
  bankName: string | null;
  bankBranchName: string | null;
  bankIFSC: string | null;
  bankAccount: string | null;
}

export interface Member extends MemberFields {
  id: string;
  enablerId: string;
  onboardingDate: IsoDate;
  contributionTotalCents: Cents;
  payoutTotalCents: Cents;
  cashoutTotalCents: Cents;
  /** Pending benefit: payouts not yet paid out in cash. */
  cashoutBalanceCents: Cents;
  plotCount: number;
  firstContributionDate: IsoDate | null;
  lastContributionDate: IsoDate | null;
  firstPayoutDate: IsoDate | null;
  lastPayoutDate: IsoDate | null;
  createdAt: string;
  updatedAt: string;
}

const memberFieldsOf = (item: Record<string, unknown>): MemberFields => ({
  ...readItem(item, {
    text: ['name', 'village', 'number'],
    optional: ['federation', 'phone', 'bankName', 'bankBranchName', 'bankIFSC', 'bankAccount'],
  }),
  gender: orNull(item.gender),
});

export const toMember = (item: Record<string, unknown>): Member => ({
  ...memberFieldsOf(item),
  ...readItem(item, {
    text: ['id', 'enablerId', 'onboardingDate', 'createdAt', 'updatedAt'],
    count: [
      'contributionTotalCents',
      'payoutTotalCents',
      'cashoutTotalCents',
      'cashoutBalanceCents',
      'plotCount',
    ],
    optional: ['firstContributionDate', 'lastContributionDate', 'firstPayoutDate', 'lastPayoutDate'],
  }),
});

/** What the member list shows of a member (the same mapping as the directory's reads). */
export const memberSummaryOf = (member: Member): MemberSummary => summaryOfProfile({ ...member });

export interface NewMember extends MemberFields {
  enablerId: string;
  onboardingDate: IsoDate;
}

/** A new member's profile item, with nothing recorded yet (createMember; wholeMemberItems adds its totals). */
export const memberItem = (fields: NewMember, id: string, updatedAt: string) => ({
  pk: memberPartition(id),
  sk: MEMBER_PROFILE,
  entityType: 'MEMBER',
  gsi1pk: membersOfEnabler(fields.enablerId),
  gsi1sk: changeKey(updatedAt, id),
  id,
  ...fields,
  contributionTotalCents: 0,
  payoutTotalCents: 0,
  cashoutTotalCents: 0,
  cashoutBalanceCents: 0,
  plotCount: 0,
  createdAt: updatedAt,
  updatedAt,
});
