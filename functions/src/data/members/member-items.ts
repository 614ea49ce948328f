import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import type { MemberSummary } from '#domain/lists/member-list.ts';
import { MEMBER_PROFILE, changeKey, memberPartition, membersOfEnabler } from './member-keys.ts';
import { summaryOfProfile } from '../lists/member-timeline.ts';
import { orNull } from '../table/item-values.ts';

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
  name: item.name as string,
  village: item.village as string,
  number: item.number as string,
  federation: orNull(item.federation),
  gender: orNull(item.gender),
  phone: orNull(item.phone),
  bankName: orNull(item.bankName),
  bankBranchName: orNull(item.bankBranchName),
  bankIFSC: orNull(item.bankIFSC),
  bankAccount: orNull(item.bankAccount),
});

export const toMember = (item: Record<string, unknown>): Member => ({
  ...memberFieldsOf(item),
  id: item.id as string,
  enablerId: item.enablerId as string,
  onboardingDate: item.onboardingDate as string,
  contributionTotalCents: (item.contributionTotalCents as number | undefined) ?? 0,
  payoutTotalCents: (item.payoutTotalCents as number | undefined) ?? 0,
  cashoutTotalCents: (item.cashoutTotalCents as number | undefined) ?? 0,
  cashoutBalanceCents: (item.cashoutBalanceCents as number | undefined) ?? 0,
  plotCount: (item.plotCount as number | undefined) ?? 0,
  firstContributionDate: orNull(item.firstContributionDate),
  lastContributionDate: orNull(item.lastContributionDate),
  firstPayoutDate: orNull(item.firstPayoutDate),
  lastPayoutDate: orNull(item.lastPayoutDate),
  createdAt: item.createdAt as string,
  updatedAt: item.updatedAt as string,
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
