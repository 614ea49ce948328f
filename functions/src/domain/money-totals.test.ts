import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashout, contribution, moneyFiguresArbitrary, payout } from '../testing/money-figures.ts';
import {
  addPlotTotals,
  addSums,
  memberTotals,
  NO_PLOT_TOTALS,
  NO_SUMS,
  plotTotals,
  recordEffect,
  withRecord,
} from './money-totals.ts';

describe('recordEffect', () => {
  it('should add a contribution to the contributions, its plot and its kind’s dates', () => {
    expect(recordEffect(contribution(1500, '2026-03-01T10:00:00.000Z', 'p2'))).toEqual({
      sums: { ...NO_SUMS, contributionTotalCents: 1500 },
      plot: { plotId: 'p2', ...NO_PLOT_TOTALS, contributionCount: 1, contributionTotalCents: 1500 },
      dates: { first: 'firstContributionDate', last: 'lastContributionDate', day: '2026-03-01' },
    });
  });

  it('should add a payout to the pending benefit, and take a cashout from it without a plot or date', () => {
    expect(recordEffect(payout(9000, '2026-10-01')).sums).toEqual({
      ...NO_SUMS,
      payoutTotalCents: 9000,
      cashoutBalanceCents: 9000,
    });
    expect(recordEffect(cashout(4000, '2026-11-20T09:00:00.000Z'))).toEqual({
      sums: { ...NO_SUMS, cashoutTotalCents: 4000, cashoutBalanceCents: -4000 },
      plot: undefined,
      dates: undefined,
    });
  });

  it('should undo a record’s effect when taken away', () => {
    fc.assert(
      fc.property(moneyFiguresArbitrary, (record) => {
        const added = recordEffect(record);
        const removed = recordEffect(record, -1);
        expect(addSums(added.sums, removed.sums)).toEqual(NO_SUMS);
        if (added.plot && removed.plot)
          expect(addPlotTotals(added.plot, removed.plot)).toEqual(NO_PLOT_TOTALS);
        else expect(added.plot ?? removed.plot).toBeUndefined();
      }),
    );
  });
});

describe('member totals', () => {
  it('are zero with no record', () => {
    expect(memberTotals(0, [])).toEqual({
      plotCount: 0,
      contributionTotalCents: 0,
      payoutTotalCents: 0,
      cashoutTotalCents: 0,
      cashoutBalanceCents: 0,
      firstContributionDate: null,
      lastContributionDate: null,
      firstPayoutDate: null,
      lastPayoutDate: null,
    });
  });

  it('sum each kind, keep the pending benefit and the first and last days, in any order', () => {
    expect(
      memberTotals(2, [
        contribution(1500, '2026-03-01T10:00:00.000Z'),
        payout(9000, '2026-10-01'),
        contribution(1500, '2026-01-01T10:00:00.000Z'),
        cashout(4000, '2026-11-20T09:00:00.000Z'),
        payout(3000, '2026-04-01'),
        contribution(10, '2026-02-01T10:00:00.000Z'),
      ]),
    ).toEqual({
      plotCount: 2,
      contributionTotalCents: 3010,
      payoutTotalCents: 12000,
      cashoutTotalCents: 4000,
      cashoutBalanceCents: 8000,
      firstContributionDate: '2026-01-01',
      lastContributionDate: '2026-03-01',
      firstPayoutDate: '2026-04-01',
      lastPayoutDate: '2026-10-01',
    });
  });

  it('do not depend on the order of the records', () => {
    fc.assert(
      fc.property(
        fc
          .array(moneyFiguresArbitrary, { maxLength: 30 })
          .chain((records) =>
            fc.tuple(fc.constant(records), fc.shuffledSubarray(records, { minLength: records.length })),
          ),
        ([records, shuffled]) => {
          expect(memberTotals(1, shuffled)).toEqual(memberTotals(1, records));
          for (const plotId of ['p1', 'p2', 'p3'])
            expect(plotTotals(shuffled, plotId)).toEqual(plotTotals(records, plotId));
        },
      ),
    );
  });

  it('keep the first date and make the day the last when a record is at or after its kind’s dates (the fast create)', () => {
    fc.assert(
      fc.property(
        fc.array(moneyFiguresArbitrary, { maxLength: 20 }),
        moneyFiguresArbitrary,
        (records, drawn) => {
          const held = memberTotals(0, records);
          const { dates } = recordEffect(drawn);
          if (!dates) {
            expect(withRecord(held, drawn)).toEqual({ ...held, ...addSums(held, recordEffect(drawn).sums) });
            return;
          }
          // The drawn record moved at or after the dates held of its kind.
          const day = [held[dates.first], held[dates.last], dates.day]
            .filter((date) => date !== null)
            .sort()
            .at(-1) as string;
          const record = { ...drawn, date: day };
          expect(withRecord(held, record)).toMatchObject({
            [dates.first]: held[dates.first] ?? day,
            [dates.last]: day,
          });
        },
      ),
    );
  });
});

describe('plot totals', () => {
  it('sum each plot apart', () => {
    const records = [
      contribution(100, '2026-01-01', 'p1'),
      contribution(250, '2026-02-01', 'p2'),
      payout(900, '2026-02-10', 'p1'),
      cashout(50, '2026-03-01'),
    ];
    expect(plotTotals(records, 'p1')).toEqual({
      contributionCount: 1,
      payoutCount: 1,
      contributionTotalCents: 100,
      payoutTotalCents: 900,
    });
    expect(plotTotals(records, 'p2')).toEqual({
      ...NO_PLOT_TOTALS,
      contributionCount: 1,
      contributionTotalCents: 250,
    });
    expect(plotTotals(records, 'p3')).toEqual(NO_PLOT_TOTALS);
  });
});
