import middy from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { getDataJob, saveDataJob, type DataJob } from '#data/data-jobs.ts';
import { assertMatches, loadValidators, type ValidatorsLoader } from '#platform/validator.ts';
import { appLog } from '#data/app-log.ts';
import { logger } from '#platform/logger.ts';
import { observability } from '#platform/observability.ts';
import { queueDefinitions, type QueueName } from '#domain/queues.ts';

/**
 * The handler of the export or import queue: one job per message. A job already finished is left
 * alone (a message delivered twice); a job that fails is retried by SQS and resumes from its saved
 * progress; at its last delivery it is marked FAILED, so the screen stops waiting.
 */
export const dataJobHandler = (
  queue: Extract<QueueName, 'import' | 'export'>,
  validators: ValidatorsLoader,
  run: (job: DataJob) => Promise<void>,
) => {
  const processor = new BatchProcessor(EventType.SQS);
  const { messageSchema, maxReceiveCount } = queueDefinitions[queue];
  const runRecord = async (record: SQSRecord): Promise<void> => {
    const message: unknown = JSON.parse(record.body);
    assertMatches(await loadValidators(validators), messageSchema, message, 'message');
    const job = await getDataJob((message as { jobId: string }).jobId);
    if (!job || job.state === 'DONE' || job.state === 'INVALID' || job.state === 'FAILED') return;
    try {
      await run(job);
    } catch (error) {
      const last = Number(record.attributes.ApproximateReceiveCount) >= maxReceiveCount;
      await logger.error(`The ${queue} job failed`, { jobId: job.id, kind: job.kind, last, error });
      if (last) {
        await appLog.error(`The ${queue} job ${job.id} (${job.kind}) failed: ${(error as Error).message}`);
        const latest = (await getDataJob(job.id)) ?? job;
        await saveDataJob({ ...latest, state: 'FAILED' });
      }
      throw error;
    }
  };
  return middy(async (event: SQSEvent, context: Context) =>
    processPartialResponse(event, runRecord, processor, { context }),
  ).use(observability());
};
