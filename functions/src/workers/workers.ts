import { aggregatedEntityTypes } from '#domain/aggregates.ts';

/** The workers: queue consumers (see domain/queues.ts) and the table stream consumers. */
export const workers = [
  'mail',
  'aggregates',
  'lists',
  'import',
  'export',
  'mirror',
  'aggregates-rebuild',
  'member-deletion',
  'benefit-run',
  'snapshot-schedule',
  'outbox-relay',
] as const;
export type Worker = (typeof workers)[number];

/**
 * The workers run on a schedule (an EventBridge rule each in AWS; the local runtime runs them at its
 * start, then at the same rate): how often, and how long one run may take.
 */
export const scheduledWorkers = {
  // Queues a refresh of every list snapshot of every enabler (the snapshots queue).
  'snapshot-schedule': { everyMinutes: 6 * 60, timeoutSeconds: 120 },
  // Sends the queue messages their writers could not (data/jobs/outbox.ts): a job waits a minute or two at most.
  'outbox-relay': { everyMinutes: 1, timeoutSeconds: 50 },
} as const satisfies Partial<Record<Worker, { everyMinutes: number; timeoutSeconds: number }>>;
export type ScheduledWorker = keyof typeof scheduledWorkers;

/** The workers fed by the table's stream, each through its own event source mapping. */
export const streamWorkers = ['aggregates', 'lists'] as const satisfies readonly Worker[];
export type StreamWorker = (typeof streamWorkers)[number];

/**
 * The stream records each stream worker needs, by the entity type of their new image (undefined:
 * all). CDK writes it as the mapping's filter, so the worker is not even invoked for the others; the
 * local poller applies the same filter.
 */
export const streamEntityTypes: Record<StreamWorker, readonly string[] | undefined> = {
  aggregates: aggregatedEntityTypes,
  // The member list, and the administrators' tables of plots and money records (their names too).
  lists: ['MEMBER', 'MEMBER_REMOVED', 'PLOT', 'CONTRIBUTION', 'PAYOUT', 'CASHOUT', 'RECORD_REMOVED'],
};

/**
 * The stream workers that also need the records whose old image has one of their entity types: the
 * deletions, which have no new image (the aggregates take a deleted record's figures back).
 */
export const streamOldImageWorkers: readonly StreamWorker[] = ['aggregates'];

/** Whether a stream record with these entity types (new and old image) reaches the worker. */
export const streamRecordWanted = (
  worker: StreamWorker,
  newType: string | undefined,
  oldType: string | undefined,
): boolean => {
  const types = streamEntityTypes[worker];
  if (!types) return true;
  return (
    types.includes(newType ?? '') || (streamOldImageWorkers.includes(worker) && types.includes(oldType ?? ''))
  );
};

/** Where each worker's Lambda entry lives, relative to functions/. */
export const workerEntry = (worker: Worker): string => `src/workers/${worker}/handler.ts`;
