import { randomUUID } from 'node:crypto';
import type { AssessmentFile } from '@cpbo/schemas/benefit-runs.ts';
import { startBenefitRun } from '#data/benefit-runs.ts';

/** A benefit run of an assessment, PREVIEWING, as POST /admin/benefit-runs makes it of a checked file. */
export const givenBenefitRun = (
  enablerId: string,
  assessment: AssessmentFile,
  createdBy = 'uploader@example.org',
) => startBenefitRun({ id: randomUUID(), enablerId, fileName: null, currency: 'XOF', createdBy }, assessment);

/** The message of a run's step, as the benefit queue delivers it. */
export const benefitStepMessage = (run: { id: string; step: number }) => ({ jobId: run.id, step: run.step });
