import { isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import type { BenefitRow } from '#domain/benefit-preview.ts';
import { readPreview } from '#data/benefit-runs/benefit-run-files.ts';
import { recordPayFailure, saveRunProgress, type BenefitRun } from '#data/benefit-runs/benefit-runs.ts';
import { recordPayoutCampaigns } from '#data/enablers/campaigns.ts';
import { changeMoneyRecord } from '#data/money/money-change.ts';
import {
  createMoneyRecord,
  createMoneyRecordsOfMembers,
  MAX_RECORDS_TOGETHER,
} from '#data/money/money-create.ts';
import { AppError } from '#platform/app-error.ts';
import { groupBy } from '#platform/group-by.ts';
import type { StepOutcome } from '../job-runner/stepped-job.ts';
import type { TimeBudget } from '../job-runner/time-budget.ts';

/** Writes under way at once: each member's payouts in one of them (they move its totals). */
export const PAY_PARALLELISM = 8;
/** Accepted rows paid between two saves of the progress the screen shows. */
const PROGRESS_ROWS = 200;

/** The accepted rows in the payment's order (a member's together), which `written` counts. */
export const paymentOrder = (rows: BenefitRow[]): BenefitRow[] =>
  rows
    .filter((row) => row.status === 'ACCEPTED')
    .sort(
      (a, b) =>
        (a.memberId ?? '').localeCompare(b.memberId ?? '') || (a.plotId ?? '').localeCompare(b.plotId ?? ''),
    );

/** A payout row's record: its plot, amount, assessment and run. */
const payoutOf = (run: BenefitRun, row: BenefitRow, payoutDate: string) => ({
  plot: { id: row.plotId as string, name: row.plotName as string },
  values: {
    amountCents: row.benefitCents,
    assessmentId: run.assessmentId,
    assessmentDate: run.assessmentDate,
    payoutDate,
    runId: run.id,
  },
});

/**
 * One accepted row's payout, through the one money path (its assessment's claim in its transaction,
 * benefit-claims.ts). A plot whose claim is taken was paid by this run (an earlier delivery) or by
 * another payout (reported); a
 * plot or member gone since the preview is reported; anything else fails the step, which SQS delivers
 * again and which resumes here.
 */
const payRow = async (run: BenefitRun, row: BenefitRow, payoutDate: string, by: string): Promise<void> => {
  if (run.kind === 'REVERSAL') return takeBack(run, row, by);
  const plotId = row.plotId as string;
  const memberId = row.memberId as string;
  try {
    await createMoneyRecord({
      type: 'PAYOUT',
      member: { id: memberId, enablerId: run.enablerId, federation: row.federation },
      ...payoutOf(run, row, payoutDate),
      by,
      campaignApart: true,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'ERR_PLOT_PAID_FOR_ASSESSMENT') {
      if ((error.details as { runId: string | null }).runId === run.id) return;
      await recordPayFailure(run.id, { plotId, memberId, reason: 'ALREADY_PAID' });
    } else if (error.code === 'ERR_NOT_FOUND' || error.code === 'ERR_FORBIDDEN_USER')
      await recordPayFailure(run.id, { plotId, memberId, reason: 'PLOT_OR_MEMBER_GONE' });
    else throw error;
  }
};

/** A payment run's payouts of these members (their rows) in one write. */
const payoutsOf = (run: BenefitRun, members: BenefitRow[][], payoutDate: string, by: string) =>
  members.map((rows) => {
    const first = rows[0] as BenefitRow;
    return {
      type: 'PAYOUT' as const,
      member: { id: first.memberId as string, enablerId: run.enablerId, federation: first.federation },
      records: rows.map((row) => payoutOf(run, row, payoutDate)),
      by,
      campaignApart: true as const,
    };
  });

/**
 * Consecutive members' rows of a payment run in one transaction (a few members' plots paid by one
 * write, not one write a plot); if it is refused (a plot paid meanwhile, gone, a member's dates),
 * nothing was written and each member is paid alone, then each of its rows, which tells which one is
 * refused and why. A reversal's members one by one, and their rows one by one.
 */
const payMembers = async (run: BenefitRun, members: BenefitRow[][], payoutDate: string, by: string) => {
  const records = members.reduce((count, rows) => count + rows.length, 0);
  if (run.kind === 'PAYMENT' && records > 1 && records <= MAX_RECORDS_TOGETHER) {
    try {
      await createMoneyRecordsOfMembers(payoutsOf(run, members, payoutDate, by));
      return;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  if (members.length > 1) for (const rows of members) await payMembers(run, [rows], payoutDate, by);
  else for (const row of members[0] as BenefitRow[]) await payRow(run, row, payoutDate, by);
};

/**
 * How many members from `from` one write pays: as many as fit in one transaction (a payment run's),
 * one at least (a member of more rows than fit is paid row by row); one for a reversal.
 */
const membersInOneWrite = (run: BenefitRun, members: BenefitRow[][], from: number): number => {
  if (run.kind !== 'PAYMENT') return 1;
  let records = 0;
  let count = 0;
  for (const rows of members.slice(from)) {
    if (count > 0 && records + rows.length > MAX_RECORDS_TOGETHER) break;
    records += rows.length;
    count += 1;
  }
  return count;
};

/**
 * A reversal's row: the payout the reversed run wrote, deleted through the one money path (its claim
 * freed in its transaction), which only the reversal of its run may do. A payout gone already (an
 * earlier delivery of the step, or its member deleted) or one the pending benefit no longer covers is
 * reported; anything else fails the step.
 */
const takeBack = async (run: BenefitRun, row: BenefitRow, by: string): Promise<void> => {
  const plotId = row.plotId as string;
  const memberId = row.memberId as string;
  try {
    await changeMoneyRecord({
      type: 'PAYOUT',
      enablerId: run.enablerId,
      memberId,
      recordId: row.payoutId as string,
      values: null,
      by,
      reversing: run.reverses as string,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'ERR_NOT_FOUND')
      await recordPayFailure(run.id, { plotId, memberId, reason: 'PAYOUT_GONE' });
    else if (error.code === 'ERR_PENDING_BENEFIT_NEGATIVE')
      await recordPayFailure(run.id, { plotId, memberId, reason: 'PENDING_TOO_LOW' });
    else throw error;
  }
};

/**
 * A step of a run's payment: its accepted rows from where the step before stopped (`written`), the
 * members one write pays at a time in each of PAY_PARALLELISM lanes, none waiting for another, until all are paid
 * (the result: how many) or its time is up (the checkpoint: the rows of the members taken, all paid
 * once the lanes stop). Members are taken in order, so the rows done before the first member still
 * under way are the progress, saved every PROGRESS_ROWS by the lane that moves it. The payouts'
 * campaign is recorded first, once per step (the same update a payout makes), rather than in every
 * payout's transaction, where it would be one item all of them write at once.
 */
export const payRun = async (
  run: BenefitRun,
  budget: TimeBudget,
): Promise<StepOutcome<{ written: number }, { written: number; total: number }>> => {
  if (!run.previewKey || !run.review) throw new Error(`Benefit run ${run.id} has no approved preview`);
  const accepted = paymentOrder((await readPreview(run.previewKey)).rows);
  if (run.kind === 'PAYMENT')
    await recordPayoutCampaigns(run.enablerId, [
      { assessmentId: run.assessmentId, assessmentDate: run.assessmentDate },
    ]);
  const payoutDate = isoDateOf(new Date());
  const by = run.review.by;
  const members = [...groupBy(accepted.slice(run.written), (row) => row.memberId).values()];
  const paid = members.map(() => false);
  let taken = 0;
  let stopped = false;
  let firstUnpaid = 0;
  let done = run.written;
  let saved = run.written;
  let saving = false;
  const progress = async () => {
    while (paid[firstUnpaid]) {
      done += (members[firstUnpaid] as BenefitRow[]).length;
      firstUnpaid += 1;
    }
    if (saving || done - saved < PROGRESS_ROWS) return;
    saving = true;
    const reached = done;
    try {
      await saveRunProgress(run, { done: reached, total: accepted.length });
      saved = reached;
    } finally {
      saving = false;
    }
  };
  const lane = async () => {
    // Each step pays one member at least, however late it started: every step moves the run on.
    while (!stopped && taken < members.length && (taken === 0 || !budget.timeUp())) {
      const from = taken;
      taken += membersInOneWrite(run, members, from);
      await payMembers(run, members.slice(from, taken), payoutDate, by);
      paid.fill(true, from, taken);
      await progress();
    }
  };
  const lanes = await Promise.allSettled(
    Array.from({ length: PAY_PARALLELISM }, () =>
      lane().catch((error: unknown) => {
        // The others stop taking members: the step fails once they are done, and is delivered again.
        stopped = true;
        throw error;
      }),
    ),
  );
  const failed = lanes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  const written = run.written + members.slice(0, taken).reduce((rows, own) => rows + own.length, 0);
  return written < accepted.length
    ? { done: false, checkpoint: { written, total: accepted.length } }
    : { done: true, result: { written } };
};
