import { finishJob, mirrorJob, startMirrorJob } from '#data/mirror.ts';
import { ok, type SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { appLog } from '#data/app-log.ts';
import { sendToQueue } from '#platform/queue.ts';

/** GET /admin/mirror: not executed, processing, done (or failed), with the last refresh's date. */
const status = async () => ok(await mirrorJob());

/**
 * POST /admin/mirror: starts a refresh, which the mirror queue's worker runs; refused with
 * ERR_MIRROR_IN_PROGRESS (409) while one is processing. Answers the job, now processing.
 */
const trigger = async ({ session }: SessionRequest) => {
  const jobId = await startMirrorJob(session.email);
  try {
    await sendToQueue('mirror', { jobId, step: 0, phase: 'clear' });
  } catch (error) {
    // Nothing will run it: the refresh is not left processing.
    await finishJob(jobId, 'FAILED', 0);
    throw error;
  }
  await appLog.info(`Mirror refresh started by ${session.email}`);
  return { status: 202, body: await mirrorJob() };
};

export const handler = httpHandler('admin-mirror', {
  'GET /admin/mirror': status,
  'POST /admin/mirror': trigger,
});
