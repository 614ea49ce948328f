import { describe, expect, it } from 'vitest';
import { periodLabel, seriesBars } from './periods.ts';

describe('dashboard periods', () => {
  it('should name a day and a week by their first day, DD/MM/YYYY, and a month MM/YYYY', () => {
    expect(periodLabel('2026-11-23', 'daily')).toBe('23/11/2026');
    expect(periodLabel('2026-11-23', 'weekly')).toBe('23/11/2026');
    expect(periodLabel('2026-11-01', 'monthly')).toBe('11/2026');
    // The API's day is read as a day, not as UTC midnight (the month before, west of Greenwich).
    expect(periodLabel('2026-01-01', 'monthly')).toBe('01/2026');
  });

  it('should label each point of a series with its period, in order', () => {
    expect(
      seriesBars(
        [
          { date: '2026-10-01', amount: 3 },
          { date: '2026-11-01', amount: 0 },
        ],
        'monthly',
      ),
    ).toEqual([
      { label: '10/2026', value: 3 },
      { label: '11/2026', value: 0 },
    ]);
  });
});
