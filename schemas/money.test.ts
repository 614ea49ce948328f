import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCents, pendingBenefitsEffect, sumOfAmounts, toCents } from './money.ts';

describe('money', () => {
  it('keeps amounts with up to two decimals exactly', () => {
    expect(toCents(0.1)).toBe(10);
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(1.005)).toBeUndefined();
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0)).toBe(0);
  });

  it('keeps every amount up to the largest one, whose hundredfold is not exact in floating point', () => {
    expect(toCents(333333333.34)).toBe(33333333334);
    expect(toCents(999999999.99)).toBe(99999999999);
    expect(toCents(1_000_000_000)).toBe(100_000_000_000);
    expect(toCents(999999999.999)).toBeUndefined();
    expect(toCents(0.01)).toBe(1);
    expect(toCents(-12.34)).toBe(-1234);
  });

  it('refuses what is not an amount', () => {
    expect(toCents(Number.NaN)).toBeUndefined();
    expect(toCents(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(toCents(2e9)).toBeUndefined();
  });

  it('sums a thousand contributions of 0.1 to exactly 100', () => {
    let total = 0;
    for (let i = 0; i < 1000; i += 1) total += toCents(0.1) as number;
    expect(fromCents(total)).toBe(100);
    let floating = 0;
    for (let i = 0; i < 1000; i += 1) floating += 0.1;
    expect(floating).not.toBe(100);
  });

  it('sums amounts exactly', () => {
    expect(sumOfAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumOfAmounts([1234.56, 0.01, 100])).toBe(1334.57);
    expect(sumOfAmounts([])).toBe(0);
  });

  it('leaves as pending benefits the payouts less the cash-outs, whatever the records and their order', () => {
    const record = fc.record({
      kind: fc.constantFrom('CONTRIBUTION', 'PAYOUT', 'CASHOUT' as const),
      cents: fc.integer({ min: 1, max: 100_000_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(record), (records) => {
        const sumOf = (kind: string) =>
          records.filter((each) => each.kind === kind).reduce((total, { cents }) => total + cents, 0);
        const pending = (order: typeof records) =>
          order.reduce((total, { kind, cents }) => total + pendingBenefitsEffect(kind, cents), 0);
        expect(pending(records)).toBe(sumOf('PAYOUT') - sumOf('CASHOUT'));
        expect(pending([...records].reverse())).toBe(pending(records));
      }),
    );
  });
});
