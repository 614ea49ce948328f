import { dataJobToRun, failDataJob, getDataJob, type DataJob } from '#data/jobs/data-jobs.ts';
import type { ValidatorsLoader } from '#platform/validator.ts';

/**
 * What the export and import jobs share as one-step jobs (job-runner/one-step-job.ts): one message
 * runs a whole job, which resumes from its saved progress when a delivery fails; a job already over is
 * left alone; at its last delivery it is marked FAILED, so the screen stops waiting.
 */
export const dataJobKind = (queue: 'import' | 'export', validators: ValidatorsLoader) => ({
  name: queue,
  queue,
  validators,
  load: ({ jobId }: { jobId: string }): Promise<DataJob | undefined> => dataJobToRun(jobId),
  fail: async ({ jobId }: { jobId: string }): Promise<string | undefined> => {
    const job = await getDataJob(jobId);
    return job && (await failDataJob(jobId)) ? `The ${queue} job ${job.id} (${job.kind})` : undefined;
  },
});
