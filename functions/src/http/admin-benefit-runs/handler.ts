import { randomUUID } from 'node:crypto';
import type {
  benefitRowsQuerySchema,
  benefitRunCancelRequestSchema,
  benefitRunReviewRequestSchema,
  benefitRunStartRequestSchema,
  duplicatesQuerySchema,
  FromSchema,
} from '@cpbo/schemas';
import { appLog } from '#data/app-log.ts';
import { benefitUploadKey, readPreview } from '#data/benefit-run-files.ts';
import {
  cancelBenefitRun,
  enablersBenefitRun,
  listBenefitRuns,
  resumeBenefitRun,
  reviewBenefitRun,
  startBenefitRun,
  type BenefitRun,
} from '#data/benefit-runs.ts';
import { getEnablerWithLatestConfig } from '#data/enablers.ts';
import { ok, type IdempotentRequest, type SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { idempotency } from '#http/middleware/idempotency.ts';
import { currentEnabler } from '#http/session-enabler.ts';
import { AppError } from '#platform/app-error.ts';
import { readEnvironment } from '#platform/environment.ts';
import { presignS3Url } from '#platform/s3.ts';
import { newFileUpload } from '../file-uploads.ts';
import { checkedAssessment } from './assessment-upload.ts';
import { duplicatesPage, rowsPage } from './preview-pages.ts';
import { runAnswer } from './run-answer.ts';

const validators = () => import('#generated/validators/admin-benefit-runs.generated.ts');

/** A download link lives this long: enough to start it, not to pass it around. */
const DOWNLOAD_URL_SECONDS = 300;

const accepted = (run: BenefitRun) => ({ status: 202, body: { run: runAnswer(run) } });

/** The run of the caller's current enabler (another's is not found). */
const runOf = async (session: SessionRequest['session'], runId: string) =>
  enablersBenefitRun(runId, currentEnabler(session));

/**
 * POST /admin/benefit-runs: the upload checked whole (a refused file answers its problems, and no run
 * is made), kept as the run's assessment, and previewed by the benefit-run job (202, PREVIEWING).
 */
const start = async ({
  body,
  session,
  idempotency: key,
}: IdempotentRequest<FromSchema<typeof benefitRunStartRequestSchema>>) => {
  const enablerId = currentEnabler(session);
  const assessment = await checkedAssessment(body.upload, session.email, body.format, validators);
  const id = randomUUID();
  const latest = await getEnablerWithLatestConfig(enablerId);
  const run = await startBenefitRun(
    {
      id,
      enablerId,
      fileName: body.fileName ?? null,
      currency: latest?.config?.currency ?? null,
      createdBy: session.email,
    },
    assessment,
    key.receipt(accepted),
  );
  await appLog.info(
    `Benefit run ${id} (${run.assessmentId}) uploaded by ${session.email}: ${run.fileRows} rows`,
  );
  return accepted(run);
};

const list = async ({ session }: SessionRequest) =>
  ok({ runs: (await listBenefitRuns(currentEnabler(session))).map(runAnswer) });

const get = async ({ params, session }: SessionRequest<unknown, 'id'>) =>
  ok({ run: runAnswer(await runOf(session, params.id)) });

/** The preview's file of a previewed run. */
const previewOf = async (session: SessionRequest['session'], runId: string) => {
  const run = await runOf(session, runId);
  if (!run.previewKey) throw new AppError('ERR_BENEFIT_RUN_STATE');
  return readPreview(run.previewKey);
};

const rows = async ({
  params,
  query,
  session,
}: SessionRequest<unknown, 'id'> & { query: FromSchema<typeof benefitRowsQuerySchema> }) =>
  ok(rowsPage(await previewOf(session, params.id), query));

const duplicates = async ({
  params,
  query,
  session,
}: SessionRequest<unknown, 'id'> & { query: FromSchema<typeof duplicatesQuerySchema> }) =>
  ok(duplicatesPage(await previewOf(session, params.id), query));

/**
 * POST …/approve and …/reject: another administrator than the uploader reviews a previewed run, with
 * a comment. An approval queues the payment (202); a rejection ends the run.
 */
const review =
  (decision: 'APPROVED' | 'REJECTED') =>
  async ({
    params,
    body,
    session,
  }: SessionRequest<FromSchema<typeof benefitRunReviewRequestSchema>, 'id'>) => {
    const run = await runOf(session, params.id);
    const moved = await reviewBenefitRun(run, decision, session.email, body.comment.trim());
    await appLog.info(
      `Benefit run ${run.id} (${run.assessmentId}) ${decision.toLowerCase()} by ${session.email}`,
    );
    if (decision === 'REJECTED') return ok({ run: runAnswer(moved) });
    return accepted(moved);
  };

/** POST …/cancel: any administrator withdraws a run before its approval (or one whose preview failed). */
const cancel = async ({
  params,
  body,
  session,
}: SessionRequest<FromSchema<typeof benefitRunCancelRequestSchema>, 'id'>) => {
  const run = await runOf(session, params.id);
  const moved = await cancelBenefitRun(run, session.email, body.comment?.trim() ?? null);
  await appLog.info(`Benefit run ${run.id} (${run.assessmentId}) cancelled by ${session.email}`);
  return ok({ run: runAnswer(moved) });
};

/**
 * POST …/resume: a FAILED run goes back to where it failed (its preview again, or its payment from
 * its last saved step); a run at work has its current step queued again, in case its message was lost
 * (a second delivery of a step pays nobody twice).
 */
const resume = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
  const moved = await resumeBenefitRun(await runOf(session, params.id), session.email);
  await appLog.info(`Benefit run ${moved.id} (${moved.assessmentId}) resumed by ${session.email}`);
  return accepted(moved);
};

/** GET …/files/{file}: a short-lived link that downloads one of the run's files. */
const file = async ({ params, session }: SessionRequest<unknown, 'id' | 'file'>) => {
  const run = await runOf(session, params.id);
  const found = run.files.find((each) => each.id === params.file);
  if (!found) throw new AppError('ERR_NOT_FOUND');
  const url = await presignS3Url('GET', readEnvironment('filesBucket'), found.key, {
    expiresInSeconds: DOWNLOAD_URL_SECONDS,
    fileName: found.fileName,
  });
  return ok({ url, fileName: found.fileName });
};

export const handler = httpHandler(
  'admin-benefit-runs',
  {
    'POST /admin/benefit-runs/uploads': newFileUpload(benefitUploadKey),
    'POST /admin/benefit-runs': start,
    'GET /admin/benefit-runs': list,
    'GET /admin/benefit-runs/{id}': get,
    'GET /admin/benefit-runs/{id}/rows': rows,
    'GET /admin/benefit-runs/{id}/duplicates': duplicates,
    'POST /admin/benefit-runs/{id}/approve': review('APPROVED'),
    'POST /admin/benefit-runs/{id}/reject': review('REJECTED'),
    'POST /admin/benefit-runs/{id}/cancel': cancel,
    'POST /admin/benefit-runs/{id}/resume': resume,
    'GET /admin/benefit-runs/{id}/files/{file}': file,
  },
  { idempotency, validators },
);
