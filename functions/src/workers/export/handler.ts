import { writeExport } from '#data/jobs/data-export.ts';
import { saveDataJob, type DataJob, type ExportKind } from '#data/jobs/data-jobs.ts';
import { readEnvironment } from '#platform/environment.ts';
import { appLog } from '#data/logs/app-log.ts';
import { s3ObjectWriter } from '#platform/s3.ts';
import { dataJobKind } from '../data-job-kind.ts';
import { oneStepJobRunner } from '../job-runner/one-step-job.ts';

/** The job's progress is written at most this often (and at the end). */
const PROGRESS_EVERY_MS = 1000;

const exportValidators = () => import('#generated/validators/queue-export.generated.ts');

/** Writes an export's file to the files bucket, streaming (one window of members in memory): its member count. */
const writeExportFile = async (job: DataJob): Promise<number> => {
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
    return count;
  } catch (error) {
    await out.abort();
    throw error;
  }
};

export const handler = oneStepJobRunner({
  ...dataJobKind('export', exportValidators),
  step: writeExportFile,
  finish: async (job, count) => {
    await saveDataJob({ ...job, state: 'DONE', done: count, total: count });
    await appLog.info(`Export ${job.id} (${job.kind}) written: ${count} members`);
  },
});
