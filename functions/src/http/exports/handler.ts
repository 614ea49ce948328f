import { randomUUID } from 'node:crypto';
import { createDataJob, type ExportKind } from '#data/jobs/data-jobs.ts';
import { readEnvironment } from '#platform/environment.ts';
import type { SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { appLog } from '#data/logs/app-log.ts';
import { sendFromOutbox } from '#data/jobs/outbox.ts';
import { currentEnabler } from '#http/session-enabler.ts';
import { presignS3Url } from '#platform/s3.ts';
import { dataJobAnswer, ownDataJob } from './data-job-answer.ts';

/** A download link lives this long: enough to start it, not to pass it around. */
const DOWNLOAD_URL_SECONDS = 300;

export const exportFileName = (kind: ExportKind): string => `${kind}.json`;

/**
 * GET /exports/members|enablers|all: starts an export job (the export worker writes the file to the
 * files bucket) and answers it (202); the page polls it. members.json is the current enabler's,
 * enablers.json and all.json every enabler's.
 */
const start =
  (kind: ExportKind) =>
  async ({ session }: SessionRequest) => {
    const id = randomUUID();
    const { job, queued } = await createDataJob(
      {
        id,
        kind: `EXPORT_${kind.toUpperCase() as Uppercase<ExportKind>}`,
        // members.json is the current enabler's; the other two are every enabler's.
        enablerId: kind === 'members' ? currentEnabler(session) : session.enabler,
        createdBy: session.email,
        fileKey: `exports/${id}/${exportFileName(kind)}`,
      },
      { queue: 'export' },
    );
    // Recorded with the job: a send that fails now is the outbox relay's to make (data/jobs/outbox.ts).
    if (queued) await sendFromOutbox(queued);
    await appLog.info(`Export ${id} (${job.kind}) started by ${session.email}`);
    return { status: 202, body: { job: dataJobAnswer(job) } };
  };

/** GET /exports/jobs/{id}: the job, and once DONE a short-lived link that downloads the file. */
const status = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
  const job = await ownDataJob(params.id, session, 'EXPORT_');
  if (job.state !== 'DONE') return { status: 200, body: { job: dataJobAnswer(job) } };
  const fileName = exportFileName(job.kind.slice('EXPORT_'.length).toLowerCase() as ExportKind);
  const url = await presignS3Url('GET', readEnvironment('filesBucket'), job.fileKey, {
    expiresInSeconds: DOWNLOAD_URL_SECONDS,
    fileName,
  });
  return { status: 200, body: { job: dataJobAnswer(job, { url, fileName }) } };
};

export const handler = httpHandler(
  'exports',
  {
    'GET /exports/members': start('members'),
    'GET /exports/enablers': start('enablers'),
    'GET /exports/all': start('all'),
    'GET /exports/jobs/{id}': status,
  },
  { validators: () => import('#generated/validators/exports.generated.ts') },
);
