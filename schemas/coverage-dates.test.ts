import { describe, expect, it } from 'vitest';
import {
  addMonths,
  coverageDates,
  dateOfUnixSeconds,
  givenCoverageDates,
  monthsBetween,
} from './coverage-dates.ts';

describe('coverage dates', () => {
  it('add calendar months, clamping to the end of shorter months', () => {
    expect(addMonths('2026-01-15', 1)).toBe('2026-02-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-06-01', 12)).toBe('2027-06-01');
  });

  it('compute the end of season and of coverage from the config', () => {
    expect(coverageDates('2026-06-10', { lengthOfSeasonInMonth: 4, lengthOfCoverageInMonth: 6 })).toEqual({
      startCoverageDate: '2026-06-10',
      endOfSeasonDate: '2026-10-10',
      endCoverageDate: '2026-12-10',
    });
  });

  it('read unix seconds as a UTC date', () => {
    expect(dateOfUnixSeconds(Date.UTC(2026, 10, 21, 23, 59) / 1000)).toBe('2026-11-21');
  });

  it('count whole months between two dates', () => {
    expect(monthsBetween('2026-01-15', '2026-01-31')).toBe(0);
    expect(monthsBetween('2026-01-15', '2026-02-14')).toBe(0);
    expect(monthsBetween('2026-01-15', '2026-02-15')).toBe(1);
    expect(monthsBetween('2025-11-21', '2026-11-21')).toBe(12);
    expect(monthsBetween('2026-12-01', '2026-11-01')).toBe(0);
  });
});

describe('coverage dates given by an administrator', () => {
  const rule = { lengthOfSeasonInMonth: 4, lengthOfCoverageInMonth: 6 };
  it('compute each end that is not given from the config', () => {
    expect(givenCoverageDates('2026-06-10', {}, rule)).toEqual(coverageDates('2026-06-10', rule));
    expect(givenCoverageDates('2026-06-10', { endCoverageDate: '2027-01-31' }, rule)).toEqual({
      startCoverageDate: '2026-06-10',
      endOfSeasonDate: '2026-10-10',
      endCoverageDate: '2027-01-31',
    });
    expect(givenCoverageDates('2026-06-10', { endOfSeasonDate: '2026-06-10' }, rule)?.endOfSeasonDate).toBe(
      '2026-06-10',
    );
  });

  it('refuse an end before the start', () => {
    expect(givenCoverageDates('2026-06-10', { endOfSeasonDate: '2026-06-09' }, rule)).toBeUndefined();
    expect(givenCoverageDates('2026-06-10', { endCoverageDate: '2025-12-31' }, rule)).toBeUndefined();
  });
});
