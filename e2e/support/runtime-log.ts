import { readFile, stat } from 'node:fs/promises';

/**
 * What the local runtime writes to its log file from now on: a failing test prints the lines its
 * calls made the functions write, and a passing one nothing (the run stays quiet).
 */
export const runtimeLogFrom = async (logFile: string) => {
  const start = logFile ? (await stat(logFile)).size : 0;
  return {
    written: async (): Promise<string> =>
      logFile ? (await readFile(logFile)).subarray(start).toString('utf8') : '',
  };
};
