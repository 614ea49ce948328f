/** The workers: queue consumers (see platform/queues.ts) and the table stream consumers. */
export const workers = ['mail', 'aggregates', 'member-directory', 'import', 'export', 'mirror'] as const;
export type Worker = (typeof workers)[number];

/** The workers fed by the table's stream, each through its own event source mapping. */
export const streamWorkers = ['aggregates', 'member-directory'] as const satisfies readonly Worker[];
export type StreamWorker = (typeof streamWorkers)[number];

/**
 * The stream records each stream worker needs, by the entity type of their new image (undefined:
 * all). CDK writes it as the mapping's filter, so the worker is not even invoked for the others; the
 * local poller applies the same filter.
 */
export const streamEntityTypes: Record<StreamWorker, readonly string[] | undefined> = {
  aggregates: undefined,
  'member-directory': ['MEMBER', 'MEMBER_REMOVED'],
};

/** Where each worker's Lambda entry lives, relative to functions/. */
export const workerEntry = (worker: Worker): string => `src/workers/${worker}/handler.ts`;
