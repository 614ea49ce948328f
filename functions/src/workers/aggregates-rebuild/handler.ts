import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import type { FromSchema } from '@cpbo/schemas';
import {
  readRebuildPages,
  rebuildStart,
  writeRebuiltAggregates,
  type RebuildProgress,
} from '#data/aggregates.ts';
import {
  advanceRebuildStep,
  finishRebuildJob,
  getRebuildJob,
  markRebuildRunning,
  type RebuildJob,
} from '#data/rebuild-jobs.ts';
import { readEnvironment } from '#platform/environment.ts';
import { assertMatches, loadValidators } from '#platform/validator.ts';
import { appLog } from '#data/app-log.ts';
import { logger } from '#platform/logger.ts';
import { observability } from '#platform/observability.ts';
import { sendToQueue } from '#platform/queue.ts';
import { queueDefinitions } from '#domain/queues.ts';
import { getS3Object, putS3Object } from '#platform/s3.ts';

const { messageSchema, maxReceiveCount } = queueDefinitions.rebuild;
type RebuildMessage = FromSchema<typeof messageSchema>;

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
 * One step of a rebuild: reads from where the step before stopped until the records are all read or
 * time runs short. Short: the progress goes to an S3 checkpoint of this delivery's own, the job moves
 * to the next step (one delivery only can) and a message asks for it. All read: the aggregates are
 * written (absolute values) and the job is DONE. A step delivered again after its job moved on, or
 * of a finished job, does nothing; one delivered twice at once computes the same aggregates.
 */
const runStep = async (message: RebuildMessage, context: Context): Promise<void> => {
  const job = await getRebuildJob(message.jobId);
  if (!job || job.step !== message.step || job.state === 'DONE' || job.state === 'FAILED') return;
  if (!(await markRebuildRunning(job.id, message.step))) return;
  const reserve = Math.min(RESERVE_MS, context.getRemainingTimeInMillis() / 4);
  const progress = await readRebuildPages(
    job.enablerId,
    await loadCheckpoint(job),
    () => context.getRemainingTimeInMillis() < reserve,
  );
  if (!progress.finished) {
    const checkpointKey = `rebuilds/${job.id}/step-${message.step + 1}-${randomUUID()}.json`;
    const { finished: _finished, ...saved } = progress;
    await putS3Object(readEnvironment('filesBucket'), checkpointKey, JSON.stringify(saved));
    if (await advanceRebuildStep(job, message.step, progress.records, checkpointKey))
      await sendToQueue('rebuild', { jobId: job.id, step: message.step + 1 } satisfies RebuildMessage);
    return;
  }
  const result = await writeRebuiltAggregates(job.enablerId, progress);
  if (await finishRebuildJob(job, message.step, 'DONE', result))
    await appLog.info(
      `Aggregates rebuild ${job.id} of ${job.enablerId} done in ${message.step + 1} steps: ` +
        `${result.records} records read, ${result.aggregates} aggregates` +
        (result.malformed ? `, ${result.malformed} malformed records left out (logged)` : ''),
    );
};

const processor = new BatchProcessor(EventType.SQS);

/** At its last delivery a failing step ends the job FAILED (the screen stops waiting) and goes to the DLQ. */
const runRecord = async (record: SQSRecord, context: Context): Promise<void> => {
  const message: unknown = JSON.parse(record.body);
  assertMatches(await loadValidators(rebuildValidators), messageSchema, message, 'message');
  const step = message as RebuildMessage;
  try {
    await runStep(step, context);
  } catch (error) {
    const last = Number(record.attributes.ApproximateReceiveCount) >= maxReceiveCount;
    await logger.error('The aggregates rebuild step failed', { ...step, last, error });
    const job = last ? await getRebuildJob(step.jobId) : undefined;
    if (job && (await finishRebuildJob(job, step.step, 'FAILED')))
      await appLog.error(`Aggregates rebuild ${job.id} failed: ${(error as Error).message}`);
    throw error;
  }
};

export const handler = middy(async (event: SQSEvent, context: Context) =>
  processPartialResponse(event, (record: SQSRecord) => runRecord(record, context), processor, { context }),
).use(observability());
