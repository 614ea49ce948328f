/** The workers: queue consumers (see platform/queues.ts) and the table stream consumer. */
export const workers = ['mail', 'aggregates'] as const;
export type Worker = (typeof workers)[number];

/** The worker fed by the table's stream. */
export const streamWorker: Worker = 'aggregates';

/** Where each worker's Lambda entry lives, relative to functions/. */
export const workerEntry = (worker: Worker): string => `src/workers/${worker}/handler.ts`;
