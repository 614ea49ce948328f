import { describe, expect, it } from 'vitest';
import { readAmount } from './amount-input.ts';

describe('readAmount', () => {
  it.each([
    ['150', 150],
    [' 150.5 ', 150.5],
    ['150,50', 150.5],
    ['0.01', 0.01],
    ['12.300', 12.3],
  ])('should read %j as %d', (text, amount) => {
    expect(readAmount(text)).toEqual({ amount, cents: Math.round(amount * 100) });
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['abc', 'format'],
    ['-5', 'format'],
    ['1e3', 'format'],
    ['1.2.3', 'format'],
    ['0', 'notPositive'],
    ['0,00', 'notPositive'],
    ['1.234', 'decimals'],
    ['1000000000.01', 'tooLarge'],
  ])('should refuse %j (%s)', (text, problem) => {
    expect(readAmount(text)).toEqual({ problem });
  });

  it('should ask for a whole number in a currency without cents', () => {
    expect(readAmount('100.5', 0)).toEqual({ problem: 'wholeNumber' });
    expect(readAmount('100.00', 0)).toEqual({ amount: 100, cents: 10000 });
  });
});
