import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from './money.ts';

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
});
