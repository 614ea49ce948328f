import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOG_RETENTION_DAYS,
  dayOf,
  expiresAtOf,
  logViewsOf,
  numberedRange,
  numberedSortKey,
  retentionDaysOf,
  retentionWindow,
} from './numbered-pages.ts';

describe('numberedRange', () => {
  it('should give the newest numbers on page 1 and older ones after', () => {
    expect(numberedRange({ last: 12, first: 1, page: 1, pageSize: 5 })).toEqual({
      count: 12,
      numbers: { low: 8, high: 12 },
    });
    expect(numberedRange({ last: 12, first: 1, page: 2, pageSize: 5 }).numbers).toEqual({ low: 3, high: 7 });
    expect(numberedRange({ last: 12, first: 1, page: 3, pageSize: 5 }).numbers).toEqual({ low: 1, high: 2 });
  });

  it('should give no numbers past the last page, with the count', () => {
    expect(numberedRange({ last: 12, first: 1, page: 4, pageSize: 5 })).toEqual({ count: 12 });
  });

  it('should stop at the first number kept (older lines are past the retention)', () => {
    expect(numberedRange({ last: 100, first: 91, page: 1, pageSize: 25 })).toEqual({
      count: 10,
      numbers: { low: 91, high: 100 },
    });
    expect(numberedRange({ last: 100, first: 91, page: 2, pageSize: 5 }).numbers).toEqual({
      low: 91,
      high: 95,
    });
  });

  it('should count nothing for an empty list', () => {
    expect(numberedRange({ last: 0, first: 1, page: 1, pageSize: 5 })).toEqual({ count: 0 });
    expect(numberedRange({ last: 10, first: 11, page: 1, pageSize: 5 })).toEqual({ count: 0 });
  });

  it('should reach page 100 000 without any other page', () => {
    expect(numberedRange({ last: 1_000_000, first: 1, page: 100_000, pageSize: 10 }).numbers).toEqual({
      low: 1,
      high: 10,
    });
  });
});

describe('numberedSortKey', () => {
  it('should sort as the numbers do', () => {
    const keys = [9, 10, 100, 99, 1_000_000_000].map(numberedSortKey);
    expect([...keys].sort()).toEqual([9, 10, 99, 100, 1_000_000_000].map(numberedSortKey));
  });
});

describe('logViewsOf', () => {
  it('should put a line in every list at or below its level', () => {
    expect(logViewsOf('error')).toEqual(['debug', 'info', 'warn', 'error']);
    expect(logViewsOf('warn')).toEqual(['debug', 'info', 'warn']);
    expect(logViewsOf('info')).toEqual(['debug', 'info']);
    expect(logViewsOf('debug')).toEqual(['debug']);
  });
});

describe('retention', () => {
  it('should show the days from now minus the retention', () => {
    expect(retentionWindow(new Date('2026-11-23T10:00:00Z'), 90).firstDay).toBe('2026-08-25');
    expect(dayOf(new Date('2026-11-23T23:59:59Z'))).toBe('2026-11-23');
  });

  it('should expire a line only after the last day it is shown', () => {
    const retention = 90;
    const expiresAt = expiresAtOf('2026-08-25', retention);
    const lastShown = new Date('2026-11-23T23:59:59Z');
    expect(retentionWindow(lastShown, retention).firstDay).toBe('2026-08-25');
    expect(expiresAt * 1000).toBeGreaterThan(lastShown.getTime());
    expect(expiresAt * 1000 - lastShown.getTime()).toBeLessThanOrEqual(24 * 60 * 60 * 1000 + 1000);
  });

  it('should read the environment setting, or default to 90 days', () => {
    expect(retentionDaysOf('30')).toBe(30);
    expect(retentionDaysOf(undefined)).toBe(DEFAULT_LOG_RETENTION_DAYS);
    expect(retentionDaysOf('')).toBe(90);
    expect(retentionDaysOf('0')).toBe(90);
    expect(retentionDaysOf('1.5')).toBe(90);
    expect(retentionDaysOf('many')).toBe(90);
  });
});
