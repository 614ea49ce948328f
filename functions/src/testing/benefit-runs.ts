import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import type { AssessmentFile } from '@cpbo/schemas/benefit-runs.ts';
import { startBenefitRun } from '#data/benefit-runs/benefit-runs.ts';
import { handler as api } from '../http/admin-benefit-runs/handler.ts';
import { handler as worker } from '../workers/benefit-run/handler.ts';
import { callApi } from './call-api.ts';
import { sqsEventOf } from './queue-events.ts';

/** A benefit run of an assessment, PREVIEWING, as POST /admin/benefit-runs makes it of a checked file (by a script's administrator). */
export const givenBenefitRun = (
  enablerId: string,
  assessment: AssessmentFile,
  createdBy = 'uploader@example.org',
) =>
  startBenefitRun(
    { id: randomUUID(), enablerId, fileName: null, currency: 'XOF', createdBy, uploaderBroughtInBy: [] },
    assessment,
  );

/** The message of a run's step, as the benefit queue delivers it. */
export const benefitStepMessage = (run: { id: string; step: number }) => ({ jobId: run.id, step: run.step });

/** Uploads an assessment file as the screen does (its upload link, the file, then the start): the start's answer. */
export const uploadAssessment = async (
  admin: { token: string },
  text: string,
  format: 'csv' | 'json' = 'csv',
  headers: Record<string, string> = {},
) => {
  const link = await callApi(api, 'POST', '/admin/benefit-runs/uploads', { token: admin.token });
  expect(link.status).toBe(201);
  const put = await fetch(link.body.url, {
    method: 'PUT',
    body: text,
    headers: { 'content-type': 'text/csv' },
  });
  expect(put.status).toBe(200);
  return callApi(api, 'POST', '/admin/benefit-runs', {
    token: admin.token,
    headers,
    body: { upload: link.body.upload, format, fileName: `drought.${format}` },
  });
};

/** Delivers the queued benefit steps (and the steps they queue) to the worker, a round's at once, until none is left. */
export const deliverBenefitSteps = async (queued: { message: unknown }[]) => {
  while (queued.length) {
    const batch = queued.splice(0);
    const answers = await Promise.all(
      batch.map(({ message }) => worker(sqsEventOf(message), lambdaContext('benefit-run-worker', 600_000))),
    );
    expect(answers.flatMap((answer) => answer.batchItemFailures)).toEqual([]);
  }
};
