import { describe, expect, it } from 'vitest';
import { MAX_JOB_ERROR_TEXT, MAX_JOB_ERRORS } from '@cpbo/schemas/data-jobs.ts';
import { addJobErrors, type DataJob } from './data-jobs.ts';

describe("a job's errors", () => {
  it('keep the first ones, their texts clipped, and count them all', () => {
    const job: Pick<DataJob, 'errors' | 'errorCount'> = { errors: [], errorCount: 0 };
    const long = 'y'.repeat(10 * MAX_JOB_ERROR_TEXT);
    addJobErrors(
      job,
      Array.from({ length: MAX_JOB_ERRORS + 5 }, () => ({
        where: `/0/${long}`,
        code: 'ERR_IMPORT_INVALID_FILE' as const,
        message: `unknown property '${long}'`,
      })),
    );
    expect(job.errorCount).toBe(MAX_JOB_ERRORS + 5);
    expect(job.errors).toHaveLength(MAX_JOB_ERRORS);
    for (const error of job.errors) {
      expect(error.where).toHaveLength(MAX_JOB_ERROR_TEXT);
      expect(error.message).toHaveLength(MAX_JOB_ERROR_TEXT);
    }
  });
});
