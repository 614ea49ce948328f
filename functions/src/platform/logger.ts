/** One JSON line per event, so CloudWatch Logs Insights (and a terminal) can filter on fields. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

const threshold = (): number =>
  order[(process.env.LOG_LEVEL as LogLevel | undefined) ?? 'info'] ?? order.info;

const write = (level: LogLevel, message: string, fields: Record<string, unknown> = {}): void => {
  if (order[level] < threshold()) return;
  const line = JSON.stringify({ timestamp: new Date().toISOString(), level, message, ...fields });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
};

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

/** Error fields for a log line: name, message and stack, never the request body. */
export const describeError = (error: unknown): Record<string, unknown> =>
  error instanceof Error
    ? { errorName: error.name, errorMessage: error.message, stack: error.stack }
    : { error };
