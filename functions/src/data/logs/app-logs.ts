import { MAX_LOG_MESSAGE_LENGTH, type LogLevel } from '@cpbo/schemas/operations.ts';
import { clippedText } from '#domain/clipped-text.ts';
import { redactLogMessage } from '#domain/log-redaction.ts';
import { dayOf, expiresAtOf, logViewsOf, retentionDaysOf, retentionWindow } from '#domain/numbered-pages.ts';
import { readOptionalEnvironment } from '#platform/environment.ts';
import { appendNumbered, numberedPage } from './numbered-lists.ts';

/*
 * The application's log (spec 3, Log): one numbered list per level view, LOG#<view>; a line at level
 * L is written to the views of L and of every level below it, so "at or above the level" is one list,
 * newest first, paged by number (data/logs/numbered-lists.ts). Kept by whole days for the environment's
 * retention (LOG_RETENTION_DAYS, default 90), then removed by the table's TTL.
 */

export interface LogLine {
  timestamp: string;
  level: LogLevel;
  message: string;
}

/** Every partition of the log starts so (its lines, counters and days); CDK scopes the log writers' grant by it. */
export const LOG_PARTITION_PREFIX = 'LOG#';

const logList = (view: LogLevel) => `${LOG_PARTITION_PREFIX}${view}`;

const retentionDays = () => retentionDaysOf(readOptionalEnvironment('logRetentionDays'));

/**
 * Stores one line, its message redacted (no password, token, link or bank number is ever stored) and
 * clipped to MAX_LOG_MESSAGE_LENGTH (the function's own log has it whole).
 */
export const storeLogLine = async (level: LogLevel, message: string, now = new Date()): Promise<void> => {
  const day = dayOf(now);
  const line: LogLine & { entityType: string } = {
    entityType: 'LOG',
    timestamp: now.toISOString(),
    level,
    message: clippedText(redactLogMessage(message), MAX_LOG_MESSAGE_LENGTH),
  };
  const retained = { day, expiresAt: expiresAtOf(day, retentionDays()) };
  await Promise.all(logViewsOf(level).map((view) => appendNumbered(logList(view), line, retained)));
};

/** Page `page` of the lines at or above `level`, newest first, and how many there are. */
export const logsPage = async (
  level: LogLevel,
  page: number,
  pageSize: number,
  now = new Date(),
): Promise<{ logs: LogLine[]; count: number }> => {
  const { count, items } = await numberedPage(logList(level), {
    page,
    pageSize,
    firstDay: retentionWindow(now, retentionDays()).firstDay,
  });
  return {
    count,
    logs: items.map((item) => ({
      timestamp: String(item.timestamp),
      level: item.level as LogLevel,
      message: String(item.message),
    })),
  };
};
