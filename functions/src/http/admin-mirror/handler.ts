import { mirrorJob, startMirrorJob } from '#data/jobs/mirror.ts';
import { ok, type SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { appLog } from '#data/logs/app-log.ts';
import { sendFromOutbox } from '#data/jobs/outbox.ts';

/** GET /admin/mirror: not executed, processing, done (or failed), with the last refresh's date. */
const status = async () => ok(await mirrorJob());

/**
 * POST /admin/mirror: starts a refresh, which the mirror queue's worker runs; refused with
 * ERR_MIRROR_IN_PROGRESS (409) while one is processing. Answers the job, now processing.
 */
const trigger = async ({ session }: SessionRequest) => {
  const { queued } = await startMirrorJob(session.email);
  // Recorded with the job: a send that fails now is the outbox relay's to make (data/jobs/outbox.ts).
  await sendFromOutbox(queued);
  await appLog.info(`Mirror refresh started by ${session.email}`);
  return { status: 202, body: await mirrorJob() };
};

export const handler = httpHandler('admin-mirror', {
  'GET /admin/mirror': status,
  'POST /admin/mirror': trigger,
});
