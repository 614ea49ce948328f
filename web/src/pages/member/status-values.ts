import type { MemberDetail } from '../../api/members.ts';
import { toDate, type DateInput } from '../../common/format/format.ts';

/** Whole months from a day to another (a month is complete on the same day of the month). */
export function monthsBetween(from: Date, to: Date): number {
  const months = (to.getFullYear() - from.getFullYear()) * 12 + (to.getMonth() - from.getMonth());
  return Math.max(0, to.getDate() < from.getDate() ? months - 1 : months);
}

/** What the status cards show of a member. */
export type StatusMember = Pick<
  MemberDetail,
  'contributionTotal' | 'firstPayoutDate' | 'cashoutBalance' | 'firstContributionDate'
>;

export interface StatusFormats {
  amount: (amount: number | null | undefined) => string;
  date: (value: DateInput | null | undefined) => string;
}

/**
 * Spec section 2: total contributions, first benefit, pending benefits, months since the first contribution,
 * as labels and values. The member's page draws them, and the outline before its code has come
 * (app/shell/outline.ts), from the member's early read.
 */
export function statusCards(
  member: StatusMember,
  formats: StatusFormats,
  t: (key: string) => string,
  today = new Date(),
): { label: string; value: string }[] {
  const firstContribution = toDate(member.firstContributionDate);
  return [
    { key: 'contributionTotal', value: formats.amount(member.contributionTotal) },
    {
      key: 'firstBenefit',
      value: member.firstPayoutDate
        ? formats.date(member.firstPayoutDate)
        : t('members.member.status.noBenefit'),
    },
    { key: 'pendingBenefits', value: formats.amount(member.cashoutBalance) },
    {
      key: 'monthsSinceFirstContribution',
      value: firstContribution
        ? String(monthsBetween(firstContribution, today))
        : t('members.member.status.noContribution'),
    },
  ].map(({ key, value }) => ({ label: t(`members.member.status.${key}`), value }));
}
