import middy from '@middy/core';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import type { FromSchema } from '@cpbo/schemas';
import {
  advanceStep,
  clearMirrorPage,
  copyPage,
  currentStep,
  finishJob,
  mirrorTableName,
  pseudonymKey,
  type ScanPage,
} from '#data/mirror.ts';
import { assertMatches, loadValidators } from '#platform/validator.ts';
import { appLog } from '#data/app-log.ts';
import { logger } from '#platform/logger.ts';
import { observability } from '#platform/observability.ts';
import { sendToQueue } from '#platform/queue.ts';
import { queueDefinitions } from '#domain/queues.ts';

const { messageSchema, maxReceiveCount } = queueDefinitions.mirror;
type MirrorMessage = FromSchema<typeof messageSchema>;

const mirrorValidators = () => import('#generated/validators/queue-mirror.generated.ts');

/** A step stops taking new pages when less than this is left of the Lambda's time. */
const RESERVE_MS = 2 * 60 * 1000;

/**
 * One step of a refresh: empties the mirror table, then copies this one into it, page by page, from
 * where the message says. When time runs short, the job moves to the next step and a message says
 * where it stopped. A step delivered twice, or of a refresh that was replaced, does nothing.
 */
const runStep = async (message: MirrorMessage, context: Context): Promise<void> => {
  const job = await currentStep(message.jobId, message.step);
  if (!job) return;
  const started = Date.now();
  const key = await pseudonymKey();
  let { phase } = message;
  let startKey = message.startKey as Record<string, string> | undefined;
  let copied = job.copied ?? 0;
  for (;;) {
    const page: ScanPage =
      phase === 'clear' ? await clearMirrorPage(startKey) : await copyPage(key, startKey);
    if (phase === 'copy') copied += page.handled;
    startKey = page.nextKey;
    if (!startKey && phase === 'copy') break;
    if (!startKey) phase = 'copy';
    if (context.getRemainingTimeInMillis() < RESERVE_MS) {
      if (await advanceStep(message.jobId, message.step, copied)) {
        const next: MirrorMessage = {
          jobId: message.jobId,
          step: message.step + 1,
          phase,
          ...(startKey && { startKey }),
        };
        await sendToQueue('mirror', next);
      }
      return;
    }
  }
  await finishJob(message.jobId, 'DONE', copied);
  await appLog.info(
    `Mirror refresh done: ${copied} items copied to ${mirrorTableName()} (last step in ${Math.round((Date.now() - started) / 1000)} s)`,
  );
};

const processRecord = async (record: SQSRecord, context: Context): Promise<void> => {
  const message: unknown = JSON.parse(record.body);
  assertMatches(await loadValidators(mirrorValidators), messageSchema, message, 'message');
  const step = message as MirrorMessage;
  try {
    await runStep(step, context);
  } catch (error) {
    await logger.error('Mirror step failed', { jobId: step.jobId, step: step.step, error });
    // The last delivery marks the refresh failed, so that a new one can start at once.
    if (Number(record.attributes.ApproximateReceiveCount) >= maxReceiveCount) {
      await finishJob(step.jobId, 'FAILED', 0);
      await appLog.error(`Mirror refresh failed: ${error instanceof Error ? error.message : String(error)}`, {
        error,
      });
    }
    throw error;
  }
};

/** The mirror queue's worker: one step per message (batch size 1); a failed step is delivered again. */
export const handler = middy(async (event: SQSEvent, context: Context) => {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      await processRecord(record, context);
    } catch {
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}).use(observability());
