import type { DataJobAnswer } from '@cpbo/schemas';
import { getDataJob, type DataJob } from '#data/jobs/data-jobs.ts';
import type { Session } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';

/** What the Data page polls of a job: its state, counts and first errors (never its file's key). */
export const dataJobAnswer = (
  job: DataJob,
  extra: { url?: string; fileName?: string } = {},
): DataJobAnswer['job'] => ({
  id: job.id,
  kind: job.kind,
  state: job.state,
  done: job.done,
  total: job.total,
  errors: job.errors,
  errorCount: job.errorCount,
  createdAt: job.createdAt,
  updatedAt: job.updatedAt,
  ...extra,
});

/** A job of this administrator and of this family (exports or imports); another's answers ERR_NOT_FOUND. */
export const ownDataJob = async (jobId: string, session: Session, family: 'EXPORT_' | 'IMPORT_') => {
  const job = await getDataJob(jobId);
  if (!job || job.createdBy !== session.email || !job.kind.startsWith(family))
    throw new AppError('ERR_NOT_FOUND');
  return job;
};
