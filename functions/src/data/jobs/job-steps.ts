import { outboxPut, type OutboxMessage } from './outbox.ts';
import { nowIso, tableName, transactedIf, updateItem, written } from '../table/table.ts';

/*
 * What the items of the queued jobs share (the runner: workers/job-runner/). SQS delivers a message at
 * least once, so two deliveries of one step may run: a delivery writes to its job only while the job is
 * still where the delivery found it (at its step, running, and for an item that each new job takes over,
 * the same job). Of two deliveries, only the first moves the job on or ends it. Each job keeps its own
 * fields and the names of its states.
 */

/** Where a delivery found its job. */
export interface JobAt {
  key: { pk: string; sk: string };
  /** The attribute of the job's state, and its values while the job runs. */
  state: { attribute: string; running: readonly string[] };
  /** The step the delivery runs; none for a job of one step, or a write that holds at any step. */
  step?: number;
  /** The job the delivery runs, for an item that each new job takes over (the mirror's). */
  jobId?: string;
}

/** The condition that the job is still where the delivery found it. */
const stillAt = (at: JobAt) => {
  const running = at.state.running.map((_, index) => `:running${index}`);
  return {
    conditions: [
      `#state IN (${running.join(', ')})`,
      ...(at.step === undefined ? [] : ['#step = :step']),
      ...(at.jobId === undefined ? [] : ['jobId = :jobId']),
    ],
    names: { '#state': at.state.attribute, ...(at.step !== undefined && { '#step': 'step' }) },
    values: {
      ...Object.fromEntries(at.state.running.map((state, index) => [running[index], state])),
      ...(at.step !== undefined && { ':step': at.step }),
      ...(at.jobId !== undefined && { ':jobId': at.jobId }),
    },
  };
};

/** The update that sets `fields` (and updatedAt) on the job's item while it is where the delivery found it. */
const updateAt = (at: JobAt, fields: Record<string, unknown>, now: Date) => {
  const set = Object.entries({ ...fields, updatedAt: nowIso(now) });
  const { conditions, names, values } = stillAt(at);
  return {
    Key: at.key,
    UpdateExpression: `SET ${set.map((_, index) => `#set${index} = :set${index}`).join(', ')}`,
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: {
      ...names,
      ...Object.fromEntries(set.map(([name], index) => [`#set${index}`, name])),
    },
    ExpressionAttributeValues: {
      ...values,
      ...Object.fromEntries(set.map(([, value], index) => [`:set${index}`, value])),
    },
  };
};

/**
 * Sets `fields` (and updatedAt) on the job's item while the job is where the delivery found it: false
 * when it is not (another delivery moved it on or ended it, or a newer job took the item).
 */
export const updateJobAt = (at: JobAt, fields: Record<string, unknown>, now = new Date()): Promise<boolean> =>
  written(updateItem(updateAt(at, fields, now)));

/**
 * Moves the job from the delivery's step to the next, with `fields` (its progress, where the next step
 * resumes): only one delivery of a step can; false for the others. The next step's message, `next`, is
 * recorded in the same transaction (data/jobs/outbox.ts): a job never moves on without it.
 */
export const advanceJob = (
  at: JobAt & { step: number },
  fields: Record<string, unknown>,
  now = new Date(),
  next?: OutboxMessage,
): Promise<boolean> => {
  const update = updateAt(at, { ...fields, step: at.step + 1 }, now);
  if (!next) return written(updateItem(update));
  return transactedIf([{ Update: { TableName: tableName(), ...update } }, outboxPut(next)]);
};
