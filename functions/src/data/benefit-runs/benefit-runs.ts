import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  benefitRunAllows,
  benefitRunAtWork,
  benefitRunStatesAtWork,
  resumedBenefitRunState,
  type AssessmentFile,
  type BenefitPayFailure,
  type BenefitRunAction,
  type BenefitRunFailure,
  type BenefitRunFileKind,
  type BenefitRunKind,
  type BenefitRunState,
} from '@cpbo/schemas/benefit-runs.ts';
import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import type { PreviewCounts, PreviewSummary } from '#domain/benefit-preview.ts';
import { unassessedRows } from '#domain/assessment-file.ts';
import { AppError } from '#platform/app-error.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { auditItem, emailOf, type Actor, type AuditState } from '../logs/audit.ts';
import { writeAssessment } from './benefit-run-files.ts';
import { advanceJob, updateJobAt, type JobAt } from '../jobs/job-steps.ts';
import { outboxMessage, outboxPut, sendFromOutbox, type OutboxMessage } from '../jobs/outbox.ts';
import { nowIso, queryAll, tableName, transact } from '../table/table.ts';
import type { TransactItem } from '../table/transaction-items.ts';
import { orNull, readItem } from '../table/item-values.ts';

/*
 * Benefit runs: BENEFITRUN#<id> / RUN, the run (its assessment, state, step, who did what and when,
 * the preview's sums, the payment's report, its files), listed by gsi1 ENABLER#<id>#BENEFITRUN /
 * <createdAt>#<id> (the enabler's runs, newest first). Its partition also holds FAILURE#<plotId>, each
 * accepted row its payment could not pay. Every step an administrator takes (upload, approval,
 * rejection, cancellation, resumption) is written with its audit entry in one transaction. The run is
 * also its job's item (workers/benefit-run): `step` counts the messages of its whole life, so a
 * message delivered again after the run moved on finds it elsewhere and does nothing.
 */

export const benefitRunKey = (runId: string) => ({ pk: `BENEFITRUN#${runId}`, sk: 'RUN' });
const runsOfEnabler = (enablerId: string) => `ENABLER#${enablerId}#BENEFITRUN`;
const failureKey = (runId: string, plotId: string) => ({
  pk: `BENEFITRUN#${runId}`,
  sk: `FAILURE#${plotId}`,
});

/** What the preview found, as stored: its sums in hundredths. */
export interface StoredPreview extends PreviewSummary {
  /** Members named in a group of possible duplicates. */
  duplicates: number;
  computedAt: string;
  /** The benefit rule's version it was valued under (absent: before versions were kept, the first). */
  ruleVersion?: number;
}

/** What the payment did: the payouts written, and the accepted rows it could not pay. */
export interface StoredPayment {
  paid: PreviewCounts;
  notPaid: number;
  notPaidByReason: Partial<Record<BenefitPayFailure, number>>;
  paidAt: string;
}

/** A file of the run in the files bucket. */
export interface RunFile {
  id: string;
  kind: BenefitRunFileKind;
  fileName: string;
  key: string;
  bankName: string | null;
  members: number | null;
  amountCents: Cents | null;
}

export interface BenefitRun {
  id: string;
  enablerId: string;
  assessmentId: string;
  assessmentDate: IsoDate;
  fileName: string | null;
  fileRows: number;
  /** Plot rows of the file left without a damage index or an amount: set aside. */
  unassessedRows: number;
  currency: string | null;
  state: BenefitRunState;
  kind: BenefitRunKind;
  /** A reversal: the paid run whose payouts it takes back. */
  reverses: string | null;
  /** A paid run: its reversal, once one was made. */
  reversedBy: string | null;
  step: number;
  createdBy: string;
  /** Who brought the uploader in, as at the upload (domain/account-lineage.ts): no reviewer of theirs. */
  uploaderBroughtInBy: string[];
  createdAt: string;
  updatedAt: string;
  progress: { done: number; total: number } | null;
  preview: StoredPreview | null;
  /** The preview's rows (its JSON file), which the payment pays. */
  previewKey: string | null;
  review: { decision: 'APPROVED' | 'REJECTED'; by: string; at: string; comment: string } | null;
  cancellation: { by: string; at: string; comment: string | null } | null;
  /** Accepted rows (in the payment's order) done by the payment's saved steps. */
  written: number;
  payment: StoredPayment | null;
  failure: { in: BenefitRunFailure; at: string } | null;
  files: RunFile[];
}

const toBenefitRun = (item: Record<string, unknown>): BenefitRun => ({
  ...readItem(item, {
    text: ['id', 'enablerId', 'assessmentId', 'assessmentDate', 'createdBy', 'createdAt', 'updatedAt'],
    number: ['fileRows', 'step'],
    optional: ['fileName', 'currency', 'reverses', 'reversedBy', 'previewKey'],
    count: ['unassessedRows', 'written'],
  }),
  state: item.state as BenefitRunState,
  kind: (item.kind as BenefitRunKind | undefined) ?? 'PAYMENT',
  uploaderBroughtInBy: (item.uploaderBroughtInBy as string[] | undefined) ?? [],
  progress: orNull(item.progress),
  preview: orNull(item.preview),
  review: orNull(item.review),
  cancellation: orNull(item.cancellation),
  payment: orNull(item.payment),
  failure: orNull(item.failure),
  files: (item.files as RunFile[] | undefined) ?? [],
});

export type NewBenefitRun = Pick<
  BenefitRun,
  | 'id'
  | 'enablerId'
  | 'assessmentId'
  | 'assessmentDate'
  | 'fileName'
  | 'fileRows'
  | 'unassessedRows'
  | 'currency'
  | 'createdBy'
  | 'uploaderBroughtInBy'
> &
  Partial<Pick<BenefitRun, 'kind' | 'reverses'>> & {
    /** The uploader's name, for the audit trail (kept on the run, not answered). */
    createdByName?: string | null;
  };

/** The audit entry of an administrator's step: the run's state before and after, and the comment. */
const auditOfStep = (
  run: Pick<BenefitRun, 'id' | 'enablerId' | 'assessmentId'>,
  before: AuditState | null,
  after: AuditState,
  by: string | Actor,
  at: string,
): TransactItem =>
  auditItem({
    label: run.assessmentId,
    enablerId: run.enablerId,
    action: before ? 'UPDATE' : 'CREATE',
    recordType: 'BENEFIT_RUN',
    recordId: run.id,
    memberId: null,
    before,
    after,
    by,
    at,
  });

/** A new run's item: PREVIEWING at step 0, listed among its enabler's runs. */
const newRunItem = (fields: NewBenefitRun, at: string) => ({
  ...benefitRunKey(fields.id),
  entityType: 'BENEFIT_RUN',
  gsi1pk: runsOfEnabler(fields.enablerId),
  gsi1sk: `${at}#${fields.id}`,
  kind: 'PAYMENT',
  ...fields,
  state: 'PREVIEWING',
  step: 0,
  written: 0,
  files: [],
  createdAt: at,
  updatedAt: at,
});

/** A new run, PREVIEWING at step 0, with its audit entry (and an idempotency key's answer, if any). */
const createBenefitRun = async (
  fields: NewBenefitRun,
  receipt?: (run: BenefitRun) => TransactItem,
  now = new Date(),
): Promise<BenefitRun> => {
  const at = nowIso(now);
  const item = newRunItem(fields, at);
  const run = toBenefitRun(item);
  // Its preview's message, in the run's own transaction (data/jobs/outbox.ts).
  const queued = outboxMessage('benefit', { jobId: run.id, step: run.step }, now);
  await transact(
    [
      { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      auditOfStep(
        run,
        null,
        { state: run.state, assessmentId: run.assessmentId },
        { email: fields.createdBy, name: fields.createdByName ?? null },
        at,
      ),
      outboxPut(queued),
    ],
    ['ERR_CONFLICT', 'ERR_CONFLICT', 'ERR_CONFLICT'],
    receipt?.(run),
  );
  await sendFromOutbox(queued);
  return run;
};

/** A run of a checked assessment: the assessment kept for its preview, then the run, PREVIEWING at step 0. */
export const startBenefitRun = async (
  fields: Omit<NewBenefitRun, 'assessmentId' | 'assessmentDate' | 'fileRows' | 'unassessedRows'>,
  assessment: AssessmentFile,
  receipt?: (run: BenefitRun) => TransactItem,
): Promise<BenefitRun> => {
  await writeAssessment(fields.id, assessment);
  return createBenefitRun(
    {
      ...fields,
      assessmentId: assessment.assessmentId,
      assessmentDate: assessment.assessmentDate,
      fileRows: assessment.rows.length,
      unassessedRows: unassessedRows(assessment),
    },
    receipt,
  );
};

export const getBenefitRun = async (runId: string): Promise<BenefitRun | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: benefitRunKey(runId), ConsistentRead: true }),
  );
  return Item?.entityType === 'BENEFIT_RUN' ? toBenefitRun(Item) : undefined;
};

/** The runs an enabler's administrators may list at most (newest first). */
export const MAX_LISTED_RUNS = 500;

/** The enabler's runs, newest first. */
export const listBenefitRuns = async (enablerId: string): Promise<BenefitRun[]> => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :runs',
      ExpressionAttributeValues: { ':runs': runsOfEnabler(enablerId) },
      ScanIndexForward: false,
      Limit: MAX_LISTED_RUNS,
    }),
  );
  return Items.map(toBenefitRun);
};

/** An administrator's step: from the state and step the run was read at, to another state. */
export interface RunStep {
  to: BenefitRunState;
  by: string | Actor;
  comment?: string | null;
  /** Fields set with the state (the review, the cancellation). */
  fields?: Partial<BenefitRun>;
  /** Fields removed. */
  remove?: (keyof BenefitRun)[];
  /** Moves the run to its next step: its job's messages of the step it was at do nothing any more. */
  nextStep?: true;
  /** Queues the step the run is then at, through the outbox in the move's transaction (data/jobs/outbox.ts). */
  queueStep?: true;
}

/**
 * Moves a run as an administrator does, with the step's audit entry, if the run is still as it was
 * read (ERR_BENEFIT_RUN_STATE when another call or its job moved it meanwhile). Answers the run as written.
 */
export const moveBenefitRun = async (
  run: BenefitRun,
  step: RunStep,
  now = new Date(),
): Promise<BenefitRun> => {
  const at = nowIso(now);
  const set = { ...step.fields, state: step.to, updatedAt: at, ...(step.nextStep && { step: run.step + 1 }) };
  const entries = Object.entries(set);
  const update: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: benefitRunKey(run.id),
      UpdateExpression:
        `SET ${entries.map((_, index) => `#set${index} = :set${index}`).join(', ')}` +
        (step.remove?.length ? ` REMOVE ${step.remove.map((_, index) => `#remove${index}`).join(', ')}` : ''),
      ConditionExpression: '#state = :state AND #step = :step',
      ExpressionAttributeNames: {
        '#state': 'state',
        '#step': 'step',
        ...Object.fromEntries(entries.map(([name], index) => [`#set${index}`, name])),
        ...Object.fromEntries((step.remove ?? []).map((name, index) => [`#remove${index}`, name])),
      },
      ExpressionAttributeValues: {
        ':state': run.state,
        ':step': run.step,
        ...Object.fromEntries(entries.map(([, value], index) => [`:set${index}`, value])),
      },
    },
  };
  const after: AuditState = { state: step.to, ...(step.comment ? { comment: step.comment } : {}) };
  const moved: BenefitRun = { ...run, ...(set as Partial<BenefitRun>) };
  for (const field of step.remove ?? []) (moved as unknown as Record<string, unknown>)[field] = null;
  const queued = step.queueStep
    ? outboxMessage('benefit', { jobId: run.id, step: moved.step }, now)
    : undefined;
  await transact(
    [
      update,
      auditOfStep(run, { state: run.state }, after, step.by, at),
      ...(queued ? [outboxPut(queued)] : []),
    ],
    ['ERR_BENEFIT_RUN_STATE', 'ERR_CONFLICT', 'ERR_CONFLICT'],
  );
  if (queued) await sendFromOutbox(queued);
  return moved;
};

/** ERR_BENEFIT_RUN_STATE unless the run's table of actions (schemas/benefit-runs.ts) allows the action now. */
export const assertRunAllows = (run: BenefitRun, action: BenefitRunAction): void => {
  const standing = { ...run, failedIn: run.failure?.in ?? null, paidPlots: run.payment?.paid.plots ?? 0 };
  if (!benefitRunAllows(standing, action)) throw new AppError('ERR_BENEFIT_RUN_STATE');
};

/**
 * Another administrator than the uploader approves (its next step is the payment's first) or rejects a
 * previewed run, with a comment: ERR_BENEFIT_RUN_STATE once it is past that, ERR_BENEFIT_RUN_SELF_REVIEW
 * for its uploader; then the caller's `checks` (the preview seen, the rule, the bank details).
 */
export const reviewBenefitRun = async (
  run: BenefitRun,
  decision: 'APPROVED' | 'REJECTED',
  by: string | Actor,
  comment: string,
  checks: () => Promise<void> = async () => undefined,
  now = new Date(),
): Promise<BenefitRun> => {
  assertRunAllows(run, decision === 'APPROVED' ? 'approve' : 'reject');
  if (run.createdBy === emailOf(by)) throw new AppError('ERR_BENEFIT_RUN_SELF_REVIEW');
  await checks();
  const review = { decision, by: emailOf(by), at: nowIso(now), comment };
  return moveBenefitRun(
    run,
    {
      to: decision,
      by,
      comment,
      fields: { review },
      nextStep: true,
      ...(decision === 'APPROVED' && { queueStep: true }),
    },
    now,
  );
};

/** Any administrator withdraws a run before its approval (its preview's messages then do nothing). */
export const cancelBenefitRun = (
  run: BenefitRun,
  by: string | Actor,
  comment: string | null,
  now = new Date(),
): Promise<BenefitRun> => {
  assertRunAllows(run, 'cancel');
  const cancellation = { by: emailOf(by), at: nowIso(now), comment };
  return moveBenefitRun(run, { to: 'CANCELLED', by, comment, fields: { cancellation }, nextStep: true }, now);
};

/**
 * Resumes a run (schemas: resumedBenefitRunState): a FAILED one goes back to where it failed, at its
 * next step; a run at work stays at its step. The step the run is then at is queued.
 */
export const resumeBenefitRun = (run: BenefitRun, by: string | Actor): Promise<BenefitRun> => {
  assertRunAllows(run, 'resume');
  const to = resumedBenefitRunState({ state: run.state, failedIn: run.failure?.in ?? null });
  return run.state === 'FAILED'
    ? moveBenefitRun(run, { to, by, remove: ['failure'], nextStep: true, queueStep: true })
    : moveBenefitRun(run, { to, by, queueStep: true });
};

/**
 * Any administrator has a previewed run previewed again (its rule or its payees' bank details changed
 * since): PREVIEWING at its next step, the preview before it kept until the new one replaces it. The
 * step is queued.
 */
export const previewBenefitRunAgain = (run: BenefitRun, by: string | Actor): Promise<BenefitRun> => {
  assertRunAllows(run, 'preview');
  return moveBenefitRun(run, { to: 'PREVIEWING', by, nextStep: true, queueStep: true });
};

/**
 * A paid payment run's reversal: a new run (REVERSAL) of the same assessment, PREVIEWING at step 0,
 * which takes back the payouts the run wrote once another administrator approves it; written with the
 * paid run's link to it in one transaction, so a run is reversed once. Its preview is queued through the
 * outbox, in the same transaction.
 */
export const startReversal = async (
  run: BenefitRun,
  fields: Pick<NewBenefitRun, 'id' | 'createdBy' | 'createdByName' | 'currency' | 'uploaderBroughtInBy'>,
  receipt?: (reversal: BenefitRun) => TransactItem,
  now = new Date(),
): Promise<BenefitRun> => {
  assertRunAllows(run, 'reverse');
  const at = nowIso(now);
  const item = newRunItem(
    {
      ...fields,
      enablerId: run.enablerId,
      assessmentId: run.assessmentId,
      assessmentDate: run.assessmentDate,
      fileName: null,
      fileRows: run.payment?.paid.plots ?? 0,
      unassessedRows: 0,
      kind: 'REVERSAL',
      reverses: run.id,
    },
    at,
  );
  const reversal = toBenefitRun(item);
  const queued = outboxMessage('benefit', { jobId: reversal.id, step: reversal.step }, now);
  await transact(
    [
      {
        Put: {
          TableName: tableName(),
          Item: item,
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: benefitRunKey(run.id),
          UpdateExpression: 'SET reversedBy = :reversal, updatedAt = :at',
          ConditionExpression:
            '#state = :paid AND #kind <> :reversalKind AND attribute_not_exists(reversedBy)',
          ExpressionAttributeNames: { '#state': 'state', '#kind': 'kind' },
          ExpressionAttributeValues: {
            ':reversal': reversal.id,
            ':at': at,
            ':paid': 'PAID',
            ':reversalKind': 'REVERSAL',
          },
        },
      },
      auditOfStep(
        reversal,
        null,
        { state: reversal.state, assessmentId: reversal.assessmentId, reverses: run.id },
        { email: fields.createdBy, name: fields.createdByName ?? null },
        at,
      ),
      outboxPut(queued),
    ],
    ['ERR_CONFLICT', 'ERR_BENEFIT_RUN_STATE', 'ERR_CONFLICT', 'ERR_CONFLICT'],
    receipt?.(reversal),
  );
  await sendFromOutbox(queued);
  return reversal;
};

/** The run where a delivery of its step found it, for the step's writes (data/jobs/job-steps.ts). */
const runAt = (runId: string, step: number): JobAt & { step: number } => ({
  key: benefitRunKey(runId),
  state: { attribute: 'state', running: benefitRunStatesAtWork },
  step,
});

/**
 * The run a message asks a step of: previewing, or paying (an APPROVED run is marked PAYING by its
 * first step). Undefined when it moved past the step, or is not at work (pending, paid, cancelled…).
 */
export const benefitRunToRun = async (runId: string, step: number): Promise<BenefitRun | undefined> => {
  const run = await getBenefitRun(runId);
  if (!run || run.step !== step || !benefitRunAtWork(run.state)) return undefined;
  if (run.state !== 'APPROVED') return run;
  return (await updateJobAt(runAt(runId, step), { state: 'PAYING' }))
    ? { ...run, state: 'PAYING' }
    : undefined;
};

/** The job's progress, for the screen, while the run is still at the step. */
export const saveRunProgress = (
  run: BenefitRun,
  progress: { done: number; total: number },
): Promise<boolean> => updateJobAt(runAt(run.id, run.step), { progress });

/** Moves a paying run to its next step, which resumes after `written` accepted rows. */
export const advanceRunPayment = (
  run: BenefitRun,
  written: number,
  progress: { done: number; total: number },
  next?: OutboxMessage,
): Promise<boolean> => advanceJob(runAt(run.id, run.step), { written, progress }, new Date(), next);

/** Ends the preview: PENDING_APPROVAL with what it found, if the run is still at the step. */
export const endRunPreview = (
  run: BenefitRun,
  preview: { preview: StoredPreview; previewKey: string; files: RunFile[] },
): Promise<boolean> =>
  updateJobAt(runAt(run.id, run.step), { state: 'PENDING_APPROVAL', progress: null, ...preview });

/** Ends the payment: PAID with its report and files, if the run is still at the step. */
export const endRunPayment = (
  run: BenefitRun,
  ended: { payment: StoredPayment; files: RunFile[]; written: number },
): Promise<boolean> => updateJobAt(runAt(run.id, run.step), { state: 'PAID', progress: null, ...ended });

/** Marks a run FAILED where its job failed for good (its step's last delivery): the run, if it was. */
export const failBenefitRun = async (runId: string, step: number): Promise<BenefitRun | undefined> => {
  const run = await getBenefitRun(runId);
  if (!run || !benefitRunAtWork(run.state)) return undefined;
  const failure: BenefitRun['failure'] = {
    in: run.state === 'PREVIEWING' ? 'PREVIEW' : 'PAYMENT',
    at: nowIso(),
  };
  return (await updateJobAt(runAt(runId, step), { state: 'FAILED', progress: null, failure }))
    ? run
    : undefined;
};

/** An accepted row the payment could not pay, and why (written again alike by a step delivered again). */
export const recordPayFailure = async (
  runId: string,
  failure: { plotId: string; memberId: string; reason: BenefitPayFailure },
): Promise<void> => {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...failureKey(runId, failure.plotId), entityType: 'BENEFIT_PAY_FAILURE', ...failure },
    }),
  );
};

/** The accepted rows the payment could not pay. */
export const payFailuresOf = async (
  runId: string,
): Promise<{ plotId: string; memberId: string; reason: BenefitPayFailure }[]> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :failures)',
    ExpressionAttributeValues: { ':pk': benefitRunKey(runId).pk, ':failures': 'FAILURE#' },
    ConsistentRead: true,
  });
  return items.map((item) => ({
    plotId: item.plotId as string,
    memberId: item.memberId as string,
    reason: item.reason as BenefitPayFailure,
  }));
};

/** A run of the enabler, or ERR_NOT_FOUND (another enabler's run does not show). */
export const enablersBenefitRun = async (runId: string, enablerId: string): Promise<BenefitRun> => {
  const run = await getBenefitRun(runId);
  if (!run || run.enablerId !== enablerId) throw new AppError('ERR_NOT_FOUND');
  return run;
};
