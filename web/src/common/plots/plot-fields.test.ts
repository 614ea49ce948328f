import { describe, expect, it } from 'vitest';
import { dateOfUnixSeconds } from '@cpbo/schemas/coverage-dates.ts';
import {
  amountProblem,
  coordinateProblem,
  formatIsoDate,
  parseDayMonthYear,
  parseDecimal,
  startDateProblem,
  todayIso,
  unixSecondsOf,
} from './plot-fields.ts';

describe('plot form fields', () => {
  it.each([
    ['12.5', 12.5],
    ['12,5', 12.5],
    [' -1.25 ', -1.25],
    ['.5', 0.5],
    ['10', 10],
    ['', undefined],
    ['1e3', undefined],
    ['12.5.1', undefined],
    ['1 000', undefined],
    ['abc', undefined],
  ])('should read %j as %s', (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });

  it('should accept the coordinates the API accepts, and no others', () => {
    expect(coordinateProblem('90', 'latitude')).toBeUndefined();
    expect(coordinateProblem('-90', 'latitude')).toBeUndefined();
    expect(coordinateProblem('90.0001', 'latitude')?.key).toBe('plots.errors.latitudeInvalid');
    expect(coordinateProblem('180', 'longitude')).toBeUndefined();
    expect(coordinateProblem('-180.5', 'longitude')?.key).toBe('plots.errors.longitudeInvalid');
    expect(coordinateProblem(' ', 'longitude')?.key).toBe('plots.errors.longitudeRequired');
  });

  it('should accept amounts of at most two decimals, from 0', () => {
    expect(amountProblem('0')).toBeUndefined();
    expect(amountProblem('10.25')).toBeUndefined();
    expect(amountProblem('10.255')?.key).toBe('plots.errors.droughtMonthlyContribInvalid');
    expect(amountProblem('-1')?.key).toBe('plots.errors.droughtMonthlyContribInvalid');
    expect(amountProblem('1000000001')?.key).toBe('plots.errors.droughtMonthlyContribInvalid');
    expect(amountProblem('')?.key).toBe('plots.errors.droughtMonthlyContribRequired');
  });

  it('should read DD/MM/YYYY dates that exist', () => {
    expect(parseDayMonthYear('15/03/2026')).toBe('2026-03-15');
    expect(parseDayMonthYear('5/3/2026')).toBe('2026-03-05');
    expect(parseDayMonthYear('29/02/2028')).toBe('2028-02-29');
    expect(parseDayMonthYear('29/02/2026')).toBeUndefined();
    expect(parseDayMonthYear('31/04/2026')).toBeUndefined();
    expect(parseDayMonthYear('2026-03-15')).toBeUndefined();
    expect(parseDayMonthYear('15/13/2026')).toBeUndefined();
    expect(startDateProblem('01/01/1969')?.key).toBe('plots.errors.startCoverageDateInvalid');
    expect(startDateProblem('01/01/1970')).toBeUndefined();
  });

  it('should send a start date the server reads back as the same day', () => {
    for (const date of ['2026-01-01', '2026-08-31', '2028-02-29', '2026-12-31']) {
      expect(dateOfUnixSeconds(unixSecondsOf(date))).toBe(date);
    }
  });

  it("should write a calendar date as DD/MM/YYYY whatever the browser's time zone", () => {
    expect(formatIsoDate('2027-02-28')).toBe('28/02/2027');
    expect(formatIsoDate('2026-01-01')).toBe('01/01/2026');
    expect(formatIsoDate(null)).toBe('');
    expect(todayIso(new Date(2026, 0, 1, 0, 30))).toBe('2026-01-01');
    expect(todayIso(new Date(2026, 11, 31, 23, 30))).toBe('2026-12-31');
  });
});
