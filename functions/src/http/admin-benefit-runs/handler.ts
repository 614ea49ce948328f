import { randomUUID } from 'node:crypto';
import { BENEFIT_RULE_VERSION } from '@cpbo/schemas/benefit-rule.ts';
import type {
  coveredPlotsRequestSchema,
  benefitRowsQuerySchema,
  benefitRunCancelRequestSchema,
  benefitRunReviewRequestSchema,
  benefitRunStartRequestSchema,
  duplicatesQuerySchema,
  FromSchema,
} from '@cpbo/schemas';
import { appLog } from '#data/logs/app-log.ts';
import {
  benefitUploadKey,
  coveredPlotsKey,
  readPreview,
  writeRunFile,
} from '#data/benefit-runs/benefit-run-files.ts';
import { coveredPlotRows, coveredPlotsFile } from '#domain/covered-plots.ts';
import {
  cancelBenefitRun,
  enablersBenefitRun,
  listBenefitRuns,
  previewBenefitRunAgain,
  resumeBenefitRun,
  reviewBenefitRun,
  startBenefitRun,
  startReversal,
  type BenefitRun,
} from '#data/benefit-runs/benefit-runs.ts';
import { changedPayees, enablerMembers, enablerPlots } from '#data/benefit-runs/benefit-inputs.ts';
import type { BenefitRow } from '#domain/benefit-preview.ts';
import { getEnablerWithLatestConfig } from '#data/enablers/enablers.ts';
import { ok, type IdempotentRequest, type SessionRequest } from '#http/middleware/api-types.ts';
import { httpHandler } from '#http/middleware/http-handler.ts';
import { idempotency } from '#http/middleware/idempotency.ts';
import { currentEnabler } from '#http/session-enabler.ts';
import { AppError } from '#platform/app-error.ts';
import { readEnvironment } from '#platform/environment.ts';
import { presignS3Url } from '#platform/s3.ts';
import { callerAccount } from '../accounts/caller-account.ts';
import { newFileUpload } from '../file-uploads.ts';
import { checkedAssessment } from './assessment-upload.ts';
import { linkedToUploader, refuseLinkedReviewer } from './linked-reviewer.ts';
import { duplicatesPage, rowsPage } from './preview-pages.ts';
import { runAnswer } from './run-answer.ts';
import { actorOf } from '../actor.ts';

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
  const assessment = await checkedAssessment(body.upload, session, body.format, validators);
  const id = randomUUID();
  const latest = await getEnablerWithLatestConfig(enablerId);
  const run = await startBenefitRun(
    {
      id,
      enablerId,
      fileName: body.fileName ?? null,
      currency: latest?.config?.currency ?? null,
      createdBy: session.email,
      createdByName: session.username,
      uploaderBroughtInBy: (await callerAccount(session)).broughtInBy,
    },
    assessment,
    key.receipt(accepted),
  );
  await appLog.info(
    `Benefit run ${id} (${run.assessmentId}) uploaded by ${session.email}: ${run.fileRows} rows`,
  );
  return accepted(run);
};

/** A file name's part of a text: letters, digits and dashes (none at its ends). */
const namePart = (text: string) =>
  text
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

/**
 * POST /admin/benefit-runs/covered-plots: the current enabler's plots covered on the assessment's date
 * (of a federation or a village if asked) as an assessment file to fill in, written to the files bucket
 * and answered as a short-lived link (201).
 */
const coveredPlots = async ({
  body,
  session,
}: SessionRequest<FromSchema<typeof coveredPlotsRequestSchema>>) => {
  const enablerId = currentEnabler(session);
  const [plots, members] = await Promise.all([enablerPlots(enablerId), enablerMembers(enablerId)]);
  const rows = coveredPlotRows(plots.values(), members, body);
  const area = [body.federation, body.village].filter((part) => part !== undefined).map(namePart);
  const fileName = `covered-plots_${namePart(body.assessmentId)}${area.map((part) => `_${part}`).join('')}.${body.format}`;
  const key = coveredPlotsKey(session.email, fileName);
  await writeRunFile(
    key,
    coveredPlotsFile(rows, body, body.format),
    body.format === 'csv' ? 'text/csv' : 'application/json',
  );
  const url = await presignS3Url('GET', readEnvironment('filesBucket'), key, {
    expiresInSeconds: DOWNLOAD_URL_SECONDS,
    fileName,
  });
  return { status: 201, body: { url, fileName, plots: rows.length } };
};

const list = async ({ session }: SessionRequest) =>
  ok({ runs: (await listBenefitRuns(currentEnabler(session))).map(runAnswer) });

/** The run; one awaiting its review says whether the caller is of its uploader's line (who may not review it). */
const get = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
  const run = await runOf(session, params.id);
  return ok({
    run: runAnswer(run),
    ...(run.state === 'PENDING_APPROVAL' && { linkedToUploader: await linkedToUploader(run, session) }),
  });
};

/** The preview's file of a previewed run. */
const previewOf = async (session: SessionRequest['session'], runId: string) => {
  const run = await runOf(session, runId);
  if (!run.previewKey) throw new AppError('ERR_BENEFIT_RUN_STATE');
  return readPreview(run.previewKey);
};

/** Tells the rows whose payee's bank details changed since the preview read them. */
const bankChangedOf = async (rows: BenefitRow[]) => {
  const changed = await changedPayees(rows);
  return (row: BenefitRow) => row.memberId !== null && changed.has(row.memberId);
};

const rows = async ({
  params,
  query,
  session,
}: SessionRequest<unknown, 'id'> & { query: FromSchema<typeof benefitRowsQuerySchema> }) =>
  ok(await rowsPage(await previewOf(session, params.id), query, bankChangedOf));

const duplicates = async ({
  params,
  query,
  session,
}: SessionRequest<unknown, 'id'> & { query: FromSchema<typeof duplicatesQuerySchema> }) =>
  ok(duplicatesPage(await previewOf(session, params.id), query));

/** The most members an ERR_BENEFIT_RUN_BANK_CHANGED names (all are counted). */
const NAMED_CHANGES = 10;

/**
 * What an approval needs beyond the run's state and the preview the reviewer saw (one previewed again
 * since: ERR_CONFLICT): a payment run's preview was valued under the current rule
 * (ERR_BENEFIT_RUN_STALE_PREVIEW) and its payees' bank details are still those it read
 * (ERR_BENEFIT_RUN_BANK_CHANGED, naming them), so what is approved is what is paid.
 */
const assertApprovable = async (run: BenefitRun) => {
  if (run.kind !== 'PAYMENT') return;
  if (run.preview?.ruleVersion !== BENEFIT_RULE_VERSION) throw new AppError('ERR_BENEFIT_RUN_STALE_PREVIEW');
  const accepted = (await readPreview(run.previewKey as string)).rows.filter(
    (row) => row.status === 'ACCEPTED',
  );
  const changed = await changedPayees(accepted);
  if (changed.size === 0) return;
  const named = new Map(accepted.map((row) => [row.memberId, row]));
  throw new AppError('ERR_BENEFIT_RUN_BANK_CHANGED', {
    details: {
      members: changed.size,
      examples: [...changed].slice(0, NAMED_CHANGES).map((memberId) => ({
        memberId,
        memberName: named.get(memberId)?.memberName ?? null,
        memberNumber: named.get(memberId)?.memberNumber ?? null,
      })),
    },
  });
};

/**
 * POST …/approve and …/reject: another administrator than the uploader, and not of the uploader's
 * line, reviews a previewed run, with a comment, naming the preview they saw. An approval queues the
 * payment (202); a rejection ends the run.
 */
const review =
  (decision: 'APPROVED' | 'REJECTED') =>
  async ({
    params,
    body,
    session,
  }: SessionRequest<FromSchema<typeof benefitRunReviewRequestSchema>, 'id'>) => {
    const run = await runOf(session, params.id);
    const moved = await reviewBenefitRun(run, decision, actorOf(session), body.comment.trim(), async () => {
      await refuseLinkedReviewer(run, session);
      if (run.preview?.computedAt !== body.previewComputedAt) throw new AppError('ERR_CONFLICT');
      if (decision === 'APPROVED') await assertApprovable(run);
    });
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
  const moved = await cancelBenefitRun(run, actorOf(session), body.comment?.trim() ?? null);
  await appLog.info(`Benefit run ${run.id} (${run.assessmentId}) cancelled by ${session.email}`);
  return ok({ run: runAnswer(moved) });
};

/**
 * POST …/resume: a FAILED run goes back to where it failed (its preview again, or its payment from
 * its last saved step); a run at work has its current step queued again, in case its message was lost
 * (a second delivery of a step pays nobody twice).
 */
const resume = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
  const moved = await resumeBenefitRun(await runOf(session, params.id), actorOf(session));
  await appLog.info(`Benefit run ${moved.id} (${moved.assessmentId}) resumed by ${session.email}`);
  return accepted(moved);
};

/**
 * POST …/preview: any administrator has a previewed run previewed again (the rule or a payee's bank
 * details changed since): PREVIEWING, then PENDING_APPROVAL with the new preview (202).
 */
const previewAgain = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
  const moved = await previewBenefitRunAgain(await runOf(session, params.id), actorOf(session));
  await appLog.info(`Benefit run ${moved.id} (${moved.assessmentId}) previewed again by ${session.email}`);
  return accepted(moved);
};

/**
 * POST …/reverse: a paid run's payouts taken back by a reversal run, which another administrator
 * reviews like any run (202: the reversal, PREVIEWING). A run is reversed once.
 */
const reverse = async ({ params, session, idempotency: key }: IdempotentRequest<unknown, 'id'>) => {
  const run = await runOf(session, params.id);
  const reversal = await startReversal(
    run,
    {
      id: randomUUID(),
      createdBy: session.email,
      createdByName: session.username,
      currency: run.currency,
      // The reversal is a run like any: its reviewer may not be of its creator's line.
      uploaderBroughtInBy: (await callerAccount(session)).broughtInBy,
    },
    key.receipt(accepted),
  );
  await appLog.info(
    `Benefit run ${run.id} (${run.assessmentId}): reversal ${reversal.id} started by ${session.email}`,
  );
  return accepted(reversal);
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
    'POST /admin/benefit-runs/covered-plots': coveredPlots,
    'POST /admin/benefit-runs': start,
    'GET /admin/benefit-runs': list,
    'GET /admin/benefit-runs/{id}': get,
    'GET /admin/benefit-runs/{id}/rows': rows,
    'GET /admin/benefit-runs/{id}/duplicates': duplicates,
    'POST /admin/benefit-runs/{id}/approve': review('APPROVED'),
    'POST /admin/benefit-runs/{id}/reject': review('REJECTED'),
    'POST /admin/benefit-runs/{id}/cancel': cancel,
    'POST /admin/benefit-runs/{id}/resume': resume,
    'POST /admin/benefit-runs/{id}/preview': previewAgain,
    'POST /admin/benefit-runs/{id}/reverse': reverse,
    'GET /admin/benefit-runs/{id}/files/{file}': file,
  },
  { idempotency, validators },
);
