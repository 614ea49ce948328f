import { randomUUID } from 'node:crypto';
import type { FromSchema } from '@cpbo/schemas';
import {
  readRebuildPages,
  rebuildStart,
  writeRebuiltAggregates,
  type RebuildProgress,
} from '#data/aggregates/aggregates.ts';
import {
  advanceRebuildStep,
  finishRebuildJob,
  getRebuildJob,
  rebuildJobToRun,
  type RebuildJob,
} from '#data/jobs/rebuild-jobs.ts';
import { readEnvironment } from '#platform/environment.ts';
import { outboxMessage } from '#data/jobs/outbox.ts';
import { appLog } from '#data/logs/app-log.ts';
import { queueDefinitions } from '#domain/queues.ts';
import { getS3Object, putS3Object } from '#platform/s3.ts';
import { steppedJobRunner } from '../job-runner/stepped-job.ts';

type RebuildMessage = FromSchema<typeof queueDefinitions.rebuild.messageSchema>;

const rebuildValidators = () => import('#generated/validators/queue-rebuild.generated.ts');

/**
 * A step stops reading when less than this is left of the Lambda's time (a quarter of what it had
 * at its start, at most 3 minutes): enough to save its checkpoint, or to write the aggregates when the
 * reading is over (they grow with periods and federations, not with records).
 */
const RESERVE_MS = 3 * 60 * 1000;

const loadCheckpoint = async (job: RebuildJob): Promise<RebuildProgress> => {
  if (!job.checkpointKey) return rebuildStart();
  const object = await getS3Object(readEnvironment('filesBucket'), job.checkpointKey);
  if (!object) throw new Error(`The checkpoint ${job.checkpointKey} of rebuild ${job.id} is missing`);
  return JSON.parse(new TextDecoder().decode(object.body)) as RebuildProgress;
};

/**
 * An enabler's aggregates rebuilt in steps. A step reads from where the step before stopped until the
 * records are all read or time runs short. Short: the progress goes to an S3 checkpoint of this
 * delivery's own, the job moves to the next step (one delivery only can) and a message asks for it.
 * All read: the aggregates are written (absolute values) and the job is DONE. A step delivered again
 * after its job moved on, or of a finished job, does nothing; one delivered twice at once computes the
 * same aggregates. At its last delivery a failing step ends the job FAILED (the screen stops waiting).
 */
export const handler = steppedJobRunner({
  name: 'aggregates rebuild',
  queue: 'rebuild',
  validators: rebuildValidators,
  load: ({ jobId, step }: RebuildMessage) => rebuildJobToRun(jobId, step),
  reserveMs: (remainingAtStartMs) => Math.min(RESERVE_MS, remainingAtStartMs / 4),
  step: async (job, budget) => {
    const progress = await readRebuildPages(job.enablerId, await loadCheckpoint(job), budget.timeUp);
    const { finished, ...checkpoint } = progress;
    if (!finished) return { done: false, checkpoint };
    return { done: true, result: await writeRebuiltAggregates(job.enablerId, progress) };
  },
  save: async (job, checkpoint) => {
    const checkpointKey = `rebuilds/${job.id}/step-${job.step + 1}-${randomUUID()}.json`;
    await putS3Object(readEnvironment('filesBucket'), checkpointKey, JSON.stringify(checkpoint));
    const next = outboxMessage('rebuild', { jobId: job.id, step: job.step + 1 });
    return (await advanceRebuildStep(job, job.step, checkpoint.records, checkpointKey, next))
      ? next
      : undefined;
  },
  finish: async (job, result) => {
    if (await finishRebuildJob(job, job.step, 'DONE', result))
      await appLog.info(
        `Aggregates rebuild ${job.id} of ${job.enablerId} done in ${job.step + 1} steps: ` +
          `${result.records} records read, ${result.aggregates} aggregates` +
          (result.malformed ? `, ${result.malformed} malformed records left out (logged)` : ''),
      );
  },
  fail: async ({ jobId, step }) => {
    const job = await getRebuildJob(jobId);
    return job && (await finishRebuildJob(job, step, 'FAILED')) ? `Aggregates rebuild ${job.id}` : undefined;
  },
});
