import fc from 'fast-check';
import type { MoneyFigures } from '#domain/money-totals.ts';

/** Money records as the totals see them, to build by hand or to draw at random (the property tests). */

export const contribution = (amountCents: number, date: string, plotId = 'p1'): MoneyFigures => ({
  type: 'CONTRIBUTION',
  amountCents,
  date,
  plotId,
});
export const payout = (amountCents: number, date: string, plotId = 'p1'): MoneyFigures => ({
  type: 'PAYOUT',
  amountCents,
  date,
  plotId,
});
export const cashout = (amountCents: number, date: string): MoneyFigures => ({
  type: 'CASHOUT',
  amountCents,
  date,
  plotId: null,
});

/** A day of 2025 to 2027, as a date or as an instant of that day. */
export const moneyDateArbitrary = fc
  .tuple(
    fc.date({
      min: new Date('2025-01-01T00:00:00Z'),
      max: new Date('2027-12-31T23:59:59Z'),
      noInvalidDate: true,
    }),
    fc.boolean(),
  )
  .map(([date, instant]) => (instant ? date.toISOString() : date.toISOString().slice(0, 10)));

/** Any contribution, payout or cashout of a member with plots p1 to p3. */
export const moneyFiguresArbitrary: fc.Arbitrary<MoneyFigures> = fc
  .record({
    type: fc.constantFrom('CONTRIBUTION' as const, 'PAYOUT' as const, 'CASHOUT' as const),
    amountCents: fc.integer({ min: 1, max: 1_000_000 }),
    date: moneyDateArbitrary,
    plotId: fc.constantFrom('p1', 'p2', 'p3'),
  })
  .map((record) => (record.type === 'CASHOUT' ? { ...record, plotId: null } : record));
