import { readEnvironment } from '#platform/environment.ts';

/** The table every data module reads and writes (see table-definition.ts for its keys and indexes). */
export const tableName = (): string => readEnvironment('tableName');

export const nowIso = (now: Date = new Date()): string => now.toISOString();
export const epochSeconds = (now: Date = new Date()): number => Math.floor(now.getTime() / 1000);

/** True when a write was refused because its condition did not hold. */
export const isConditionFailure = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'ConditionalCheckFailedException' || error.name === 'TransactionCanceledException');
