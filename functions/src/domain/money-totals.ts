import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import { pendingBenefitsEffect, type Cents } from '@cpbo/schemas/money.ts';

/*
 * The one rule of money totals: what one contribution, payout or cashout does to its member's sums
 * and dates and to its plot's counts and sums (recordEffect). Every figure is built on it: a change's
 * deltas (money-changes.ts), a member's and a plot's totals from its records (the folds below), and
 * so every writer (the field and admin calls, the import, the demo data, the benefit run).
 */

export type MoneyType = 'CONTRIBUTION' | 'PAYOUT' | 'CASHOUT';

/** A money record as the totals see it: kind, amount, date and (contributions, payouts) plot. */
export interface MoneyFigures {
  type: MoneyType;
  amountCents: Cents;
  /** The record's date (an ISO date or instant; its day counts). */
  date: string;
  plotId: string | null;
}

/** What a member's profile sums up of its money records. */
export interface MemberSums {
  contributionTotalCents: Cents;
  payoutTotalCents: Cents;
  cashoutTotalCents: Cents;
  /** Pending benefit: payouts not yet paid out in cash. */
  cashoutBalanceCents: Cents;
}

/** The member's first and last contribution and payout days, null when it has none of the kind. */
export interface MemberMoneyDates {
  firstContributionDate: IsoDate | null;
  lastContributionDate: IsoDate | null;
  firstPayoutDate: IsoDate | null;
  lastPayoutDate: IsoDate | null;
}

/** What a member's profile sums up of its plots and money records. */
export interface MemberTotals extends MemberSums, MemberMoneyDates {
  plotCount: number;
}

/** A plot's money figures (plot items carry them; a plot with counts above 0 cannot be deleted). */
export interface PlotTotals {
  contributionCount: number;
  payoutCount: number;
  contributionTotalCents: Cents;
  payoutTotalCents: Cents;
}

/** The member's pair of dates that the records of one kind bound. */
export interface DateFields {
  first: keyof MemberMoneyDates;
  last: keyof MemberMoneyDates;
}

/** What one record does to its member and its plot (taken away: every figure negated). */
export interface RecordEffect {
  sums: MemberSums;
  /** Its plot's counts and sums (contributions and payouts). */
  plot: (PlotTotals & { plotId: string }) | undefined;
  /** The member's first and last dates of its kind and the record's day (contributions and payouts). */
  dates: (DateFields & { day: IsoDate }) | undefined;
}

const dateFields: Record<MoneyType, DateFields | undefined> = {
  CONTRIBUTION: { first: 'firstContributionDate', last: 'lastContributionDate' },
  PAYOUT: { first: 'firstPayoutDate', last: 'lastPayoutDate' },
  CASHOUT: undefined,
};

/**
 * The rule: a contribution adds to the contributions; a payout to the payouts and the pending
 * benefit; a cashout to the cashouts, taken from the pending benefit. Contributions and payouts count
 * on their plot and bound their kind's first and last dates. `sign` -1 takes the record away.
 */
export const recordEffect = (record: MoneyFigures, sign: 1 | -1 = 1): RecordEffect => {
  const amount = sign * record.amountCents;
  const contribution = record.type === 'CONTRIBUTION' ? 1 : 0;
  const payout = record.type === 'PAYOUT' ? 1 : 0;
  const cashout = record.type === 'CASHOUT' ? 1 : 0;
  const fields = dateFields[record.type];
  return {
    sums: {
      contributionTotalCents: contribution * amount,
      payoutTotalCents: payout * amount,
      cashoutTotalCents: cashout * amount,
      cashoutBalanceCents: pendingBenefitsEffect(record.type, amount),
    },
    plot:
      cashout || record.plotId === null
        ? undefined
        : {
            plotId: record.plotId,
            contributionCount: contribution * sign,
            payoutCount: payout * sign,
            contributionTotalCents: contribution * amount,
            payoutTotalCents: payout * amount,
          },
    dates: fields && { ...fields, day: record.date.slice(0, 10) },
  };
};

export const NO_SUMS: MemberSums = {
  contributionTotalCents: 0,
  payoutTotalCents: 0,
  cashoutTotalCents: 0,
  cashoutBalanceCents: 0,
};

export const NO_PLOT_TOTALS: PlotTotals = {
  contributionCount: 0,
  payoutCount: 0,
  contributionTotalCents: 0,
  payoutTotalCents: 0,
};

export const addSums = (held: MemberSums, added: MemberSums): MemberSums => ({
  contributionTotalCents: held.contributionTotalCents + added.contributionTotalCents,
  payoutTotalCents: held.payoutTotalCents + added.payoutTotalCents,
  cashoutTotalCents: held.cashoutTotalCents + added.cashoutTotalCents,
  cashoutBalanceCents: held.cashoutBalanceCents + added.cashoutBalanceCents,
});

export const addPlotTotals = (held: PlotTotals, added: PlotTotals): PlotTotals => ({
  contributionCount: held.contributionCount + added.contributionCount,
  payoutCount: held.payoutCount + added.payoutCount,
  contributionTotalCents: held.contributionTotalCents + added.contributionTotalCents,
  payoutTotalCents: held.payoutTotalCents + added.payoutTotalCents,
});

const earlier = (held: IsoDate | null, day: IsoDate): IsoDate => (held !== null && held <= day ? held : day);
const later = (held: IsoDate | null, day: IsoDate): IsoDate => (held !== null && held >= day ? held : day);

/** A member's totals with one more record: its sums added, its day within its kind's first and last. */
export const withRecord = (totals: MemberTotals, record: MoneyFigures): MemberTotals => {
  const { sums, dates } = recordEffect(record);
  const next: MemberTotals = { ...totals, ...addSums(totals, sums) };
  if (dates) {
    next[dates.first] = earlier(totals[dates.first], dates.day);
    next[dates.last] = later(totals[dates.last], dates.day);
  }
  return next;
};

/** A member's totals from all its records at once (the import, the demo data): each record in turn. */
export const memberTotals = (plotCount: number, records: readonly MoneyFigures[]): MemberTotals =>
  records.reduce(withRecord, {
    plotCount,
    ...NO_SUMS,
    firstContributionDate: null,
    lastContributionDate: null,
    firstPayoutDate: null,
    lastPayoutDate: null,
  });

/** A plot's figures from its member's records at once: each record of the plot in turn. */
export const plotTotals = (records: readonly MoneyFigures[], plotId: string): PlotTotals =>
  records.reduce((totals, record) => {
    const { plot } = recordEffect(record);
    return plot?.plotId === plotId ? addPlotTotals(totals, plot) : totals;
  }, NO_PLOT_TOTALS);
