import { storedLog } from '#platform/logger.ts';

/**
 * The events the administrators read in the application's log (GET /admin/logs): written like any
 * line, and stored with the message alone, redacted (data/logs/app-logs.ts). The message must say what
 * happened without the fields, which are not stored.
 */
export const appLog = storedLog(async (level, message) => {
  // Loaded by the first stored line only: most invocations store none.
  const { storeLogLine } = await import('./app-logs.ts');
  await storeLogLine(level, message);
});
