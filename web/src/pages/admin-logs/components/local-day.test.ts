import { describe, expect, it } from 'vitest';
import { dayAfter, dayBounds, dayText, localDayOf } from './local-day.ts';

describe('a local day', () => {
  it('should read a typed day, and refuse one that does not exist', () => {
    expect(localDayOf('29/11/2026')?.getDate()).toBe(29);
    expect(localDayOf(' 1/2/2026 ')?.getMonth()).toBe(1);
    expect(localDayOf('30/02/2026')).toBeUndefined();
    expect(localDayOf('2026-11-29')).toBeUndefined();
  });

  it('should run from its midnight to the last millisecond before the next', () => {
    const day = new Date(2026, 10, 29);
    const { from, to } = dayBounds(day);
    expect(Date.parse(to) - Date.parse(from)).toBe(24 * 3600 * 1000 - 1);
    expect(new Date(from).getDate()).toBe(29);
    expect(dayText(dayAfter(day, 2))).toBe('01/12/2026');
    expect(dayText(dayAfter(day, -29))).toBe('31/10/2026');
  });
});
