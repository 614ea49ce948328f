import type { Cents } from '@cpbo/schemas/money.ts';
import {
  addPlotTotals,
  addSums,
  memberTotals,
  NO_PLOT_TOTALS,
  NO_SUMS,
  recordEffect,
  type MemberMoneyDates,
  type MemberSums,
  type MoneyFigures,
  type PlotTotals,
} from './money-totals.ts';

/*
 * What creating, editing or deleting a contribution, payout or cashout does to the member's and the
 * plot's totals. A change is a record as it was (null: created) and as it becomes (null: deleted).
 */

/** A money record changed when it was last modified, or created (its change instant). */
export const changedAt = (record: { createdAt: string; modifiedAt: string | null }): string =>
  record.modifiedAt ?? record.createdAt;

/** What a change adds to one plot's counts and sums. */
export interface PlotDelta extends PlotTotals {
  plotId: string;
}

export interface MoneyDeltas {
  /** What the change adds to the member's sums (negative: takes away). */
  member: MemberSums;
  /** One entry per plot whose figures move, none for a plot the change leaves as it is. */
  plots: PlotDelta[];
}

const isZero = (delta: PlotTotals): boolean =>
  delta.contributionCount === 0 &&
  delta.payoutCount === 0 &&
  delta.contributionTotalCents === 0 &&
  delta.payoutTotalCents === 0;

/** A change of one money record: as it was and as it becomes (either null: created or deleted). */
export interface MoneyChange {
  before: MoneyFigures | null;
  after: MoneyFigures | null;
}

/**
 * The member's and plots' deltas of changes of one member's records made together (one transaction):
 * each change's effects by the rule, before's taken away, added up per plot.
 */
export const changesDeltas = (changes: readonly MoneyChange[]): MoneyDeltas => {
  const effects = changes.flatMap(({ before, after }) => {
    if (before && after && before.type !== after.type) throw new Error('A record keeps its type');
    return [...(before ? [recordEffect(before, -1)] : []), ...(after ? [recordEffect(after)] : [])];
  });
  const byPlot = new Map<string, PlotDelta>();
  for (const { plot } of effects) {
    if (!plot) continue;
    byPlot.set(plot.plotId, {
      plotId: plot.plotId,
      ...addPlotTotals(byPlot.get(plot.plotId) ?? NO_PLOT_TOTALS, plot),
    });
  }
  return {
    member: effects.reduce((sums, effect) => addSums(sums, effect.sums), NO_SUMS),
    plots: [...byPlot.values()].filter((delta) => !isZero(delta)),
  };
};

/** The member's and plots' deltas of one change (before → after, either null). */
export const moneyDeltas = (before: MoneyFigures | null, after: MoneyFigures | null): MoneyDeltas =>
  changesDeltas([{ before, after }]);

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

/**
 * The member's dates once the change is made, from all its records as read (`records`, each with
 * an id): the changed record (by `id`) is taken out and its new figures (if any) put in.
 */
export const memberDatesAfter = (
  records: readonly (MoneyFigures & { id: string })[],
  id: string,
  after: MoneyFigures | null,
): MemberMoneyDates => {
  const kept: MoneyFigures[] = records.filter((record) => record.id !== id);
  const totals = memberTotals(0, after ? [...kept, after] : kept);
  return {
    firstContributionDate: totals.firstContributionDate,
    lastContributionDate: totals.lastContributionDate,
    firstPayoutDate: totals.firstPayoutDate,
    lastPayoutDate: totals.lastPayoutDate,
  };
};
