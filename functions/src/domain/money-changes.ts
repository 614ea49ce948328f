import { memberTotals, type MoneyMovement } from './member-totals.ts';
import type { Cents } from '@cpbo/schemas/money.ts';

/*
 * What creating, editing or deleting a contribution, payout or cashout does to the member's and the
 * plot's totals. A change is a record as it was (null: created) and as it becomes (null: deleted).
 */

export type MoneyType = MoneyMovement['type'];

/** A money record as the totals see it: kind, amount, date and (contributions, payouts) plot. */
export interface MoneyFigures extends MoneyMovement {
  plotId: string | null;
}

/** What a change adds to the member's sums (negative: takes away). */
export interface MemberSumsDelta {
  contributionTotalCents: Cents;
  payoutTotalCents: Cents;
  cashoutTotalCents: Cents;
  cashoutBalanceCents: Cents;
}

/** What a change adds to one plot's counts and sums. */
export interface PlotDelta {
  plotId: string;
  contributionCount: number;
  payoutCount: number;
  contributionTotalCents: Cents;
  payoutTotalCents: Cents;
}

export interface MoneyDeltas {
  member: MemberSumsDelta;
  /** One entry per plot whose figures move, none for a plot the change leaves as it is. */
  plots: PlotDelta[];
}

const memberSumsOf = (record: MoneyFigures | null, sign: 1 | -1): MemberSumsDelta => {
  const sums = {
    contributionTotalCents: 0,
    payoutTotalCents: 0,
    cashoutTotalCents: 0,
    cashoutBalanceCents: 0,
  };
  if (!record) return sums;
  const amount = sign * record.amountCents;
  if (record.type === 'CONTRIBUTION') sums.contributionTotalCents = amount;
  else if (record.type === 'PAYOUT') {
    sums.payoutTotalCents = amount;
    sums.cashoutBalanceCents = amount;
  } else {
    sums.cashoutTotalCents = amount;
    sums.cashoutBalanceCents = -amount;
  }
  return sums;
};

const plotDeltaOf = (record: MoneyFigures | null, sign: 1 | -1): PlotDelta | undefined => {
  if (!record || record.type === 'CASHOUT' || record.plotId === null) return undefined;
  const contribution = record.type === 'CONTRIBUTION';
  return {
    plotId: record.plotId,
    contributionCount: contribution ? sign : 0,
    payoutCount: contribution ? 0 : sign,
    contributionTotalCents: contribution ? sign * record.amountCents : 0,
    payoutTotalCents: contribution ? 0 : sign * record.amountCents,
  };
};

const isZero = (delta: PlotDelta): boolean =>
  delta.contributionCount === 0 &&
  delta.payoutCount === 0 &&
  delta.contributionTotalCents === 0 &&
  delta.payoutTotalCents === 0;

/** The member's and plots' deltas of one change (before → after, either null). */
export const moneyDeltas = (before: MoneyFigures | null, after: MoneyFigures | null): MoneyDeltas => {
  if (before && after && before.type !== after.type) throw new Error('A record keeps its type');
  const removed = memberSumsOf(before, -1);
  const added = memberSumsOf(after, 1);
  const member: MemberSumsDelta = {
    contributionTotalCents: removed.contributionTotalCents + added.contributionTotalCents,
    payoutTotalCents: removed.payoutTotalCents + added.payoutTotalCents,
    cashoutTotalCents: removed.cashoutTotalCents + added.cashoutTotalCents,
    cashoutBalanceCents: removed.cashoutBalanceCents + added.cashoutBalanceCents,
  };
  const byPlot = new Map<string, PlotDelta>();
  for (const delta of [plotDeltaOf(before, -1), plotDeltaOf(after, 1)]) {
    if (!delta) continue;
    const held = byPlot.get(delta.plotId);
    byPlot.set(
      delta.plotId,
      held
        ? {
            plotId: delta.plotId,
            contributionCount: held.contributionCount + delta.contributionCount,
            payoutCount: held.payoutCount + delta.payoutCount,
            contributionTotalCents: held.contributionTotalCents + delta.contributionTotalCents,
            payoutTotalCents: held.payoutTotalCents + delta.payoutTotalCents,
          }
        : delta,
    );
  }
  return { member, plots: [...byPlot.values()].filter((delta) => !isZero(delta)) };
};

/**
 * The smallest pending benefit the member must hold for the change to leave it at zero or above,
 * or undefined when the change cannot lower it (the transaction's condition).
 */
export const pendingBenefitNeeded = (deltas: MoneyDeltas): Cents | undefined =>
  deltas.member.cashoutBalanceCents < 0 ? -deltas.member.cashoutBalanceCents : undefined;

/**
 * Why a change that would lower the pending benefit below zero is refused: a new cashout above it
 * is the user side's ERR_BALANCE_TOO_LOW; an edit or deletion (a payout deleted after being paid out,
 * a cashout raised) leaves the benefit negative.
 */
export const refusalOf = (
  before: MoneyFigures | null,
): 'ERR_BALANCE_TOO_LOW' | 'ERR_PENDING_BENEFIT_NEGATIVE' =>
  before === null ? 'ERR_BALANCE_TOO_LOW' : 'ERR_PENDING_BENEFIT_NEGATIVE';

/** The member's first and last contribution and payout days, null when it has none of the kind. */
export type MemberMoneyDates = Pick<
  ReturnType<typeof memberTotals>,
  'firstContributionDate' | 'lastContributionDate' | 'firstPayoutDate' | 'lastPayoutDate'
>;

/**
 * The member's dates once the change is made, from all its records as read (`records`, each with
 * an id): the changed record (by `id`) is taken out and its new figures (if any) put in.
 */
export const memberDatesAfter = (
  records: readonly (MoneyFigures & { id: string })[],
  id: string,
  after: MoneyFigures | null,
): MemberMoneyDates => {
  const kept: MoneyMovement[] = records.filter((record) => record.id !== id);
  const totals = memberTotals(0, after ? [...kept, after] : kept);
  return {
    firstContributionDate: totals.firstContributionDate,
    lastContributionDate: totals.lastContributionDate,
    firstPayoutDate: totals.firstPayoutDate,
    lastPayoutDate: totals.lastPayoutDate,
  };
};

/** A plot's money figures (plot items carry them; a plot with counts above 0 cannot be deleted). */
export interface PlotTotals {
  contributionCount: number;
  payoutCount: number;
  contributionTotalCents: Cents;
  payoutTotalCents: Cents;
}

/** A plot's figures from its records at once (the demo seed): the same as recording them one by one. */
export const plotTotals = (records: readonly MoneyFigures[], plotId: string): PlotTotals => {
  const totals: PlotTotals = {
    contributionCount: 0,
    payoutCount: 0,
    contributionTotalCents: 0,
    payoutTotalCents: 0,
  };
  for (const record of records) {
    const delta = plotDeltaOf(record, 1);
    if (!delta || delta.plotId !== plotId) continue;
    totals.contributionCount += delta.contributionCount;
    totals.payoutCount += delta.payoutCount;
    totals.contributionTotalCents += delta.contributionTotalCents;
    totals.payoutTotalCents += delta.payoutTotalCents;
  }
  return totals;
};
