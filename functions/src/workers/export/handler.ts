import { writeExport } from '#data/data-export.ts';
import { saveDataJob, type ExportKind } from '#data/data-jobs.ts';
import { readEnvironment } from '#platform/environment.ts';
import { appLog } from '#data/app-log.ts';
import { s3ObjectWriter } from '#platform/s3.ts';
import { dataJobHandler } from '../data-job-runner.ts';

/** The job's progress is written at most this often (and at the end). */
const PROGRESS_EVERY_MS = 1000;

/** Writes an export's file to the files bucket, streaming (one window of members in memory). */
const exportValidators = () => import('#generated/validators/queue-export.generated.ts');

export const handler = dataJobHandler('export', exportValidators, async (job) => {
  const kind = job.kind.slice('EXPORT_'.length).toLowerCase() as ExportKind;
  const out = s3ObjectWriter(readEnvironment('filesBucket'), job.fileKey);
  let savedAt = 0;
  try {
    const count = await writeExport(kind, job.enablerId, out, async (done, total) => {
      if (Date.now() - savedAt < PROGRESS_EVERY_MS) return;
      savedAt = Date.now();
      await saveDataJob({ ...job, state: 'RUNNING', done, total });
    });
    await out.close();
    await saveDataJob({ ...job, state: 'DONE', done: count, total: count });
    await appLog.info(`Export ${job.id} (${job.kind}) written: ${count} members`);
  } catch (error) {
    await out.abort();
    throw error;
  }
});
