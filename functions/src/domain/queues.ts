import {
  benefitRunMessageSchema,
  dataJobMessageSchema,
  mailMessageSchema,
  memberDeletionMessageSchema,
  mirrorMessageSchema,
  rebuildMessageSchema,
  snapshotRefreshMessageSchema,
} from '@cpbo/schemas';

/**
 * The application's queues, each with a dead-letter queue, a worker under functions/src/workers/<worker>
 * and the schema its worker checks every message against. CDK creates them from this list; the local
 * runtime builds its in-process queues from it too. The sending is platform/queue.ts's.
 */
export const queueDefinitions = {
  mail: {
    worker: 'mail',
    messageSchema: mailMessageSchema,
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    batchSize: 10,
  },
  /*
   * One job per message: a whole import or export, resumable. The worker gets 15 minutes (Lambda's
   * most, a sixth of the visibility timeout); a job cut short is delivered again and resumes.
   */
  import: {
    worker: 'import',
    messageSchema: dataJobMessageSchema,
    visibilityTimeoutSeconds: 5400,
    maxReceiveCount: 3,
    batchSize: 1,
  },
  export: {
    worker: 'export',
    messageSchema: dataJobMessageSchema,
    visibilityTimeoutSeconds: 5400,
    maxReceiveCount: 3,
    batchSize: 1,
  },
  /*
   * One step of a mirror refresh per message: the worker (15 minutes, a sixth of the visibility
   * timeout) stops before its time is up and sends the next step, so a refresh has no length limit.
   */
  mirror: {
    worker: 'mirror',
    messageSchema: mirrorMessageSchema,
    visibilityTimeoutSeconds: 5400,
    maxReceiveCount: 3,
    batchSize: 1,
  },
  /*
   * One step of an enabler's aggregates rebuild per message, like the mirror: the worker (15 minutes)
   * saves where it stopped before its time is up and sends the next step.
   */
  rebuild: {
    worker: 'aggregates-rebuild',
    messageSchema: rebuildMessageSchema,
    visibilityTimeoutSeconds: 5400,
    maxReceiveCount: 3,
    batchSize: 1,
  },
  /*
   * One step of a member's deletion per message, like the rebuild: the worker (15 minutes) deletes the
   * records of a member too large for one transaction until its time is short, then sends the next step.
   */
  memberDeletion: {
    worker: 'member-deletion',
    messageSchema: memberDeletionMessageSchema,
    visibilityTimeoutSeconds: 5400,
    maxReceiveCount: 3,
    batchSize: 1,
  },
  /*
   * One step of a benefit run per message: its preview, or a part of its payment (the worker, 15
   * minutes, stops paying before its time is up and sends the next step).
   */
  benefit: {
    worker: 'benefit-run',
    messageSchema: benefitRunMessageSchema,
    visibilityTimeoutSeconds: 5400,
    maxReceiveCount: 3,
    batchSize: 1,
  },
  /*
   * One list's snapshot of one enabler per message (the lists worker, 5 minutes, a sixth of
   * the visibility timeout): the schedule's refreshes spread over instances, a few at a time, instead
   * of every enabler's rebuilds in one Lambda's time and memory.
   */
  snapshots: {
    worker: 'lists',
    messageSchema: snapshotRefreshMessageSchema,
    visibilityTimeoutSeconds: 1800,
    maxReceiveCount: 3,
    batchSize: 1,
    maxConcurrency: 4,
  },
} as const;

export type QueueName = keyof typeof queueDefinitions;

export const queueNames = Object.keys(queueDefinitions) as QueueName[];
