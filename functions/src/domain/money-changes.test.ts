import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashout, contribution, moneyFiguresArbitrary, payout } from '../testing/money-figures.ts';
import {
  changesDeltas,
  memberDatesAfter,
  moneyDeltas,
  pendingBenefitNeeded,
  refusalOf,
} from './money-changes.ts';
import {
  addPlotTotals,
  addSums,
  memberTotals,
  NO_PLOT_TOTALS,
  NO_SUMS,
  plotTotals,
  type MemberSums,
} from './money-totals.ts';

describe('moneyDeltas', () => {
  it('adds a created contribution to the member and its plot', () => {
    expect(moneyDeltas(null, contribution(1500, '2026-03-01T10:00:00.000Z'))).toEqual({
      member: {
        contributionTotalCents: 1500,
        payoutTotalCents: 0,
        cashoutTotalCents: 0,
        cashoutBalanceCents: 0,
      },
      plots: [
        {
          plotId: 'p1',
          contributionCount: 1,
          payoutCount: 0,
          contributionTotalCents: 1500,
          payoutTotalCents: 0,
        },
      ],
    });
  });

  it('adds a payout to the pending benefit and takes a deleted one away', () => {
    const created = moneyDeltas(null, payout(9000, '2026-03-01'));
    expect(created.member).toEqual({
      contributionTotalCents: 0,
      payoutTotalCents: 9000,
      cashoutTotalCents: 0,
      cashoutBalanceCents: 9000,
    });
    const deleted = moneyDeltas(payout(9000, '2026-03-01'), null);
    expect(deleted.member.cashoutBalanceCents).toBe(-9000);
    expect(deleted.plots).toEqual([
      {
        plotId: 'p1',
        contributionCount: 0,
        payoutCount: -1,
        contributionTotalCents: 0,
        payoutTotalCents: -9000,
      },
    ]);
  });

  it('moves a cashout between paid and pending, and touches no plot', () => {
    const edited = moneyDeltas(
      cashout(1000, '2026-03-01T00:00:00.000Z'),
      cashout(2500, '2026-03-02T00:00:00.000Z'),
    );
    expect(edited).toEqual({
      member: {
        contributionTotalCents: 0,
        payoutTotalCents: 0,
        cashoutTotalCents: 1500,
        cashoutBalanceCents: -1500,
      },
      plots: [],
    });
    expect(moneyDeltas(cashout(1000, '2026-03-01'), null).member.cashoutBalanceCents).toBe(1000);
  });

  it('moves the amount from one plot to the other when the plot changes, counts unchanged in total', () => {
    const { member, plots } = moneyDeltas(
      contribution(1000, '2026-03-01', 'p1'),
      contribution(1200, '2026-03-01', 'p2'),
    );
    expect(member.contributionTotalCents).toBe(200);
    expect(plots).toEqual([
      {
        plotId: 'p1',
        contributionCount: -1,
        payoutCount: 0,
        contributionTotalCents: -1000,
        payoutTotalCents: 0,
      },
      {
        plotId: 'p2',
        contributionCount: 1,
        payoutCount: 0,
        contributionTotalCents: 1200,
        payoutTotalCents: 0,
      },
    ]);
  });

  it('leaves the plot out when only the date changes', () => {
    expect(moneyDeltas(payout(500, '2026-01-01'), payout(500, '2026-02-01')).plots).toEqual([]);
  });

  it('refuses to turn a record into another kind', () => {
    expect(() => moneyDeltas(payout(500, '2026-01-01'), contribution(500, '2026-01-01'))).toThrow();
  });
});

describe('pendingBenefitNeeded and refusalOf', () => {
  it('asks for the benefit a change takes away, nothing when it adds', () => {
    expect(pendingBenefitNeeded(moneyDeltas(payout(9000, '2026-03-01'), null))).toBe(9000);
    expect(pendingBenefitNeeded(moneyDeltas(payout(9000, '2026-03-01'), payout(7000, '2026-03-01')))).toBe(
      2000,
    );
    expect(pendingBenefitNeeded(moneyDeltas(null, cashout(300, '2026-03-01')))).toBe(300);
    expect(pendingBenefitNeeded(moneyDeltas(cashout(300, '2026-03-01'), null))).toBeUndefined();
    expect(pendingBenefitNeeded(moneyDeltas(null, contribution(300, '2026-03-01')))).toBeUndefined();
  });

  it('answers a new cashout above the benefit as the user side does, an edit or deletion with its own code', () => {
    expect(refusalOf(null)).toBe('ERR_BALANCE_TOO_LOW');
    expect(refusalOf(payout(1, '2026-01-01'))).toBe('ERR_PENDING_BENEFIT_NEGATIVE');
  });
});

describe('memberDatesAfter', () => {
  const records = [
    { id: 'a', ...contribution(100, '2026-01-05T10:00:00.000Z') },
    { id: 'b', ...contribution(100, '2026-02-05T10:00:00.000Z') },
    { id: 'c', ...contribution(100, '2026-03-05T10:00:00.000Z') },
    { id: 'd', ...payout(900, '2026-02-10') },
    { id: 'e', ...cashout(100, '2026-04-01T09:00:00.000Z') },
  ];

  it('drops the first date to the next record when the first is deleted', () => {
    expect(memberDatesAfter(records, 'a', null)).toEqual({
      firstContributionDate: '2026-02-05',
      lastContributionDate: '2026-03-05',
      firstPayoutDate: '2026-02-10',
      lastPayoutDate: '2026-02-10',
    });
  });

  it('clears the payout dates when the only payout goes', () => {
    expect(memberDatesAfter(records, 'd', null)).toMatchObject({
      firstPayoutDate: null,
      lastPayoutDate: null,
    });
  });

  it('moves the last date when a record is moved later', () => {
    expect(memberDatesAfter(records, 'b', contribution(100, '2026-06-01T00:00:00.000Z'))).toMatchObject({
      firstContributionDate: '2026-01-05',
      lastContributionDate: '2026-06-01',
    });
  });

  it('counts a created record (an id not among the records)', () => {
    expect(memberDatesAfter(records, 'new', payout(1, '2025-12-31'))).toMatchObject({
      firstPayoutDate: '2025-12-31',
      lastPayoutDate: '2026-02-10',
    });
  });
});

describe('the deltas and the totals', () => {
  const plots = ['p1', 'p2', 'p3'];
  const sumsOf = (totals: MemberSums) => addSums(NO_SUMS, totals);

  it('agree: the totals of the records are their creations’ deltas added up', () => {
    fc.assert(
      fc.property(fc.array(moneyFiguresArbitrary, { maxLength: 30 }), (records) => {
        const deltas = records.map((record) => moneyDeltas(null, record));
        expect(sumsOf(memberTotals(0, records))).toEqual(
          deltas.reduce((sums, delta) => addSums(sums, delta.member), NO_SUMS),
        );
        for (const plotId of plots)
          expect(plotTotals(records, plotId)).toEqual(
            deltas
              .flatMap((delta) => delta.plots)
              .filter((delta) => delta.plotId === plotId)
              .reduce(addPlotTotals, NO_PLOT_TOTALS),
          );
      }),
    );
  });

  it('agree for records created together: one set of deltas is their totals (a run pays a member’s plots in one write)', () => {
    fc.assert(
      fc.property(fc.array(moneyFiguresArbitrary, { maxLength: 30 }), (records) => {
        const deltas = changesDeltas(records.map((after) => ({ before: null, after })));
        expect(sumsOf(memberTotals(0, records))).toEqual(deltas.member);
        expect(new Set(deltas.plots.map((delta) => delta.plotId)).size).toBe(deltas.plots.length);
        for (const plotId of plots) {
          const delta = deltas.plots.find((candidate) => candidate.plotId === plotId);
          expect(plotTotals(records, plotId)).toEqual(addPlotTotals(NO_PLOT_TOTALS, delta ?? NO_PLOT_TOTALS));
        }
      }),
    );
  });

  it('agree on any edit or deletion: the totals after are the totals before plus the change’s deltas', () => {
    fc.assert(
      fc.property(
        fc.array(moneyFiguresArbitrary, { minLength: 1, maxLength: 20 }),
        fc.nat(),
        moneyFiguresArbitrary,
        fc.boolean(),
        (drawn, position, replacement, deleted) => {
          const records = drawn.map((record, index) => ({ ...record, id: `r${index}` }));
          const before = records[position % records.length] as (typeof records)[number];
          const after = deleted
            ? null
            : {
                ...replacement,
                type: before.type,
                plotId: before.type === 'CASHOUT' ? null : (replacement.plotId ?? 'p1'),
              };
          const kept = records.filter((record) => record.id !== before.id);
          const changed = after ? [...kept, after] : kept;
          const deltas = moneyDeltas(before, after);
          expect(sumsOf(memberTotals(0, changed))).toEqual(
            addSums(sumsOf(memberTotals(0, records)), deltas.member),
          );
          for (const plotId of plots) {
            const delta = deltas.plots.find((candidate) => candidate.plotId === plotId);
            expect(plotTotals(changed, plotId)).toEqual(
              addPlotTotals(plotTotals(records, plotId), delta ?? NO_PLOT_TOTALS),
            );
          }
          const totals = memberTotals(0, changed);
          expect(memberDatesAfter(records, before.id, after)).toEqual({
            firstContributionDate: totals.firstContributionDate,
            lastContributionDate: totals.lastContributionDate,
            firstPayoutDate: totals.firstPayoutDate,
            lastPayoutDate: totals.lastPayoutDate,
          });
        },
      ),
    );
  });
});
