import { logLevels, type LogLevel } from '@cpbo/schemas/operations.ts';

/*
 * Paging by number without reading the pages before: each line of a list (a log view, the reports)
 * gets the next number of its list's counter, and its sort key is that number. The newest line has
 * the counter's value, so page p of size s is the range of numbers (last - p·s, last - (p-1)·s]: one
 * Query, whatever p. Lines older than the retention are below `first`, the first number still kept.
 */

export interface NumberedRange {
  /** The lines kept: last - first + 1 (0 when none). */
  count: number;
  /** The page's numbers, inclusive, newest first; undefined for a page past the end. */
  numbers?: { low: number; high: number };
}

/**
 * The numbers of page `page` (1-based) of `pageSize` lines, newest first, when the list's counter is at
 * `last` and the oldest line kept has the number `first` (1 for a list that keeps everything).
 */
export const numberedRange = ({
  last,
  first,
  page,
  pageSize,
}: {
  last: number;
  first: number;
  page: number;
  pageSize: number;
}): NumberedRange => {
  const count = Math.max(0, last - first + 1);
  const high = last - (page - 1) * pageSize;
  if (count === 0 || high < first) return { count };
  return { count, numbers: { low: Math.max(first, high - pageSize + 1), high } };
};

/** Width of a line's number in its sort key, so that the keys sort as the numbers do. */
const NUMBER_DIGITS = 15;

export const numberedSortKey = (number: number): string => `N#${String(number).padStart(NUMBER_DIGITS, '0')}`;

/** The lists a line at `level` belongs to: one per level at or below it (a list shows "at or above"). */
export const logViewsOf = (level: LogLevel): LogLevel[] => logLevels.slice(0, logLevels.indexOf(level) + 1);

/** 'YYYY-MM-DD' of a time, in UTC. */
export const dayOf = (time: Date): string => time.toISOString().slice(0, 10);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The retention by whole days: on `now`, the lines of the days from `now` - retentionDays are shown,
 * and a line of day d expires (TTL, in epoch seconds) the day after the last one it is shown on, so
 * that DynamoDB never removes a line the counts still include.
 */
export const retentionWindow = (now: Date, retentionDays: number) => ({
  firstDay: dayOf(new Date(now.getTime() - retentionDays * DAY_MS)),
});

export const expiresAtOf = (day: string, retentionDays: number): number =>
  Math.floor((Date.parse(`${day}T00:00:00.000Z`) + (retentionDays + 2) * DAY_MS) / 1000);

/** The retention when the environment sets none (spec: logs kept 90 days by default). */
export const DEFAULT_LOG_RETENTION_DAYS = 90;

/** The environment's setting, when it is a whole number of days from 1 to 3650; the default otherwise. */
export const retentionDaysOf = (setting: string | undefined): number => {
  const days = Number(setting);
  return setting && Number.isInteger(days) && days >= 1 && days <= 3650 ? days : DEFAULT_LOG_RETENTION_DAYS;
};
