import { describe, expect, it } from 'vitest';
import { timeBudget } from './time-budget.ts';

describe('a step time budget', () => {
  it('should keep back the reserve computed from the time left at its start', () => {
    let remainingMs = 10_000;
    const asked: number[] = [];
    const budget = timeBudget({ getRemainingTimeInMillis: () => remainingMs }, (atStart) => {
      asked.push(atStart);
      return atStart / 4;
    });
    expect(asked).toEqual([10_000]);
    remainingMs = 2500;
    expect(budget.timeUp()).toBe(false);
    remainingMs = 2499;
    expect(budget.timeUp()).toBe(true);
  });

  it('should be up at once when less than the reserve is left at its start', () => {
    const budget = timeBudget({ getRemainingTimeInMillis: () => 60_000 }, () => 120_000);
    expect(budget.timeUp()).toBe(true);
  });
});
