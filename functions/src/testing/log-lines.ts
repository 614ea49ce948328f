import { vi } from 'vitest';

/**
 * Captures what the functions write to stdout and stderr (Powertools' logger and metrics write to
 * the streams, not through console.*): every JSON line, parsed, and the raw text.
 */
export const captureOutput = () => {
  const chunks: string[] = [];
  const record = (chunk: unknown) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
    return true;
  };
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(record),
    vi.spyOn(process.stderr, 'write').mockImplementation(record),
  ];
  const text = () => chunks.join('');
  return {
    text,
    /** Every line that is a JSON object. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any field of a log line
    lines: (): any[] =>
      text()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line)),
    restore: () => spies.forEach((spy) => spy.mockRestore()),
  };
};
