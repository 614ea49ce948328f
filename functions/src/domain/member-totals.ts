import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { Cents } from '@cpbo/schemas/money.ts';

/** A money record as the member's totals see it: its kind, amount and day. */
export interface MoneyMovement {
  type: 'CONTRIBUTION' | 'PAYOUT' | 'CASHOUT';
  amountCents: Cents;
  /** The record's date (an ISO date or instant; its day counts). */
  date: string;
}

/** What a member's profile sums up of its plots and money records. */
export interface MemberTotals {
  plotCount: number;
  contributionTotalCents: Cents;
  payoutTotalCents: Cents;
  cashoutTotalCents: Cents;
  /** Pending benefit: payouts not yet paid out in cash. */
  cashoutBalanceCents: Cents;
  firstContributionDate: IsoDate | null;
  lastContributionDate: IsoDate | null;
  firstPayoutDate: IsoDate | null;
  lastPayoutDate: IsoDate | null;
}

const earlier = (held: IsoDate | null, day: IsoDate): IsoDate => (held !== null && held <= day ? held : day);
const later = (held: IsoDate | null, day: IsoDate): IsoDate => (held !== null && held >= day ? held : day);

/**
 * A member's totals from all its records at once (the demo seed writes them this way): the same
 * figures as recording the records one by one in date order.
 */
export const memberTotals = (plotCount: number, movements: readonly MoneyMovement[]): MemberTotals => {
  const totals: MemberTotals = {
    plotCount,
    contributionTotalCents: 0,
    payoutTotalCents: 0,
    cashoutTotalCents: 0,
    cashoutBalanceCents: 0,
    firstContributionDate: null,
    lastContributionDate: null,
    firstPayoutDate: null,
    lastPayoutDate: null,
  };
  for (const { type, amountCents, date } of movements) {
    const day = date.slice(0, 10);
    if (type === 'CONTRIBUTION') {
      totals.contributionTotalCents += amountCents;
      totals.firstContributionDate = earlier(totals.firstContributionDate, day);
      totals.lastContributionDate = later(totals.lastContributionDate, day);
    } else if (type === 'PAYOUT') {
      totals.payoutTotalCents += amountCents;
      totals.cashoutBalanceCents += amountCents;
      totals.firstPayoutDate = earlier(totals.firstPayoutDate, day);
      totals.lastPayoutDate = later(totals.lastPayoutDate, day);
    } else {
      totals.cashoutTotalCents += amountCents;
      totals.cashoutBalanceCents -= amountCents;
    }
  }
  return totals;
};
