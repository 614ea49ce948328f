import { BENEFIT_RULE_VERSION } from '@cpbo/schemas/benefit-rule.ts';
import { benefitRowColumns, duplicateColumns } from '@cpbo/schemas/benefit-runs.ts';
import { previewRows, previewSummary, type BenefitRow, type PreviewMember } from '#domain/benefit-preview.ts';
import { reversalRows } from '#domain/benefit-reversal.ts';
import { claimsOfAssessment } from '#data/money/benefit-claims.ts';
import { duplicateBeneficiaries } from '#domain/duplicate-beneficiaries.ts';
import {
  enablerMembers,
  enablerPlots,
  otherEnablersRecords,
  paidPlots,
  pendingBenefits,
  seasonContributions,
} from '#data/benefit-runs/benefit-inputs.ts';
import {
  readAssessment,
  runFilesFolder,
  storedDuplicate,
  writeRunFile,
  type PreviewFile,
  type StoredDuplicate,
} from '#data/benefit-runs/benefit-run-files.ts';
import {
  saveRunProgress,
  type BenefitRun,
  type RunFile,
  type StoredPreview,
} from '#data/benefit-runs/benefit-runs.ts';
import { nowIso } from '#data/table/table.ts';
import { csvText } from '#platform/csv.ts';
import { amountText } from './amounts.ts';

/** The preview's reads and writes, each a step of its progress. */
const PREVIEW_PHASES = 5;

const previewCsv = (rows: BenefitRow[], currency: string | null): string => {
  const amount = (cents: number | null) => amountText(cents, currency);
  return csvText(
    benefitRowColumns,
    rows.map((row) => [
      row.row,
      row.plotId,
      row.plotName,
      row.memberId,
      row.memberName,
      row.memberNumber,
      row.village,
      row.federation,
      amount(row.maximumCents),
      row.month,
      row.factor,
      row.damageIndex,
      amount(row.seasonContributionsCents),
      amount(row.contributionsDueCents),
      row.paidShare === null ? null : Number(row.paidShare.toFixed(4)),
      amount(row.givenAmountCents),
      amount(row.benefitCents),
      row.status,
      row.reason,
      row.bankName,
      row.bankBranchName,
      row.bankIFSC,
      row.bankAccount,
    ]),
  );
};

const duplicatesCsv = (duplicates: StoredDuplicate[], currency: string | null): string =>
  csvText(
    duplicateColumns,
    duplicates.map((entry) => [
      entry.group,
      entry.kind,
      entry.value,
      entry.memberId,
      entry.memberName,
      entry.memberNumber,
      entry.village,
      entry.federation,
      entry.phone,
      entry.bankAccount,
      amountText(entry.benefitCents, currency),
    ]),
  );

/** The preview's downloads, in the delivery's folder. */
const previewFiles = (run: BenefitRun, folder: string): RunFile[] =>
  (['preview', 'duplicates'] as const).map((id) => ({
    id,
    kind: id === 'preview' ? 'PREVIEW' : 'DUPLICATES',
    fileName: `benefit-run-${run.assessmentId}-${id}.csv`,
    key: `${folder}${id}.csv`,
    bankName: null,
    members: null,
    amountCents: null,
  }));

/** A payment run's rows: the assessment's, valued by the rule from what the enabler holds now. */
/** A preview's rows, and the enabler's members they name. */
interface PreviewedRows {
  rows: BenefitRow[];
  members: ReadonlyMap<string, PreviewMember>;
}

const paymentRows = async (run: BenefitRun, progressed: () => Promise<void>): Promise<PreviewedRows> => {
  const assessment = await readAssessment(run.id);
  const [plots, members] = await Promise.all([enablerPlots(run.enablerId), enablerMembers(run.enablerId)]);
  await progressed();
  const [season, paid] = await Promise.all([
    seasonContributions(run.enablerId, plots, assessment.assessmentDate),
    paidPlots(run.enablerId, assessment.assessmentId),
  ]);
  await progressed();
  const unknown = assessment.rows.flatMap((row) =>
    row.plotId !== undefined && !plots.has(row.plotId) ? [row.plotId] : [],
  );
  const otherEnablersPlots = await otherEnablersRecords(run.enablerId, [...new Set(unknown)]);
  await progressed();
  const rows = previewRows({
    assessment,
    plots,
    members,
    seasonContributions: season,
    paidPlots: paid,
    otherEnablersPlots,
  });
  return { rows, members };
};

/** A reversal's rows: the payouts the reversed run wrote, each taken back if its member's pending benefit covers it. */
const reversalRowsOf = async (run: BenefitRun, progressed: () => Promise<void>): Promise<PreviewedRows> => {
  const [claims, plots, members] = await Promise.all([
    claimsOfAssessment(run.enablerId, run.assessmentId),
    enablerPlots(run.enablerId),
    enablerMembers(run.enablerId),
  ]);
  await progressed();
  const payouts = claims.filter((claim) => claim.runId === run.reverses);
  const pendingCents = await pendingBenefits([...new Set(payouts.map((payout) => payout.memberId))]);
  await progressed();
  await progressed();
  return { rows: reversalRows({ payouts, plots, members, pendingCents }), members };
};

/**
 * A run's preview: its rows (a payment run's assessment valued by the rule, or a reversal's payouts
 * to take back) with the payees' bank details as read now, their sums, the possible duplicates among
 * the members it pays, and its files (in a folder of this delivery's own). Reads and writes only
 * files: the run's item moves when the job's step ends.
 */
export const previewRun = async (
  run: BenefitRun,
): Promise<{ preview: StoredPreview; previewKey: string; files: RunFile[] }> => {
  let phase = 0;
  const progressed = async () => {
    phase += 1;
    await saveRunProgress(run, { done: phase, total: PREVIEW_PHASES });
  };
  const { rows, members } = await (run.kind === 'REVERSAL'
    ? reversalRowsOf(run, progressed)
    : paymentRows(run, progressed));
  const benefits = new Map<string, number>();
  for (const row of rows)
    if (row.status === 'ACCEPTED' && row.memberId !== null)
      benefits.set(row.memberId, (benefits.get(row.memberId) ?? 0) + row.benefitCents);
  const paidMembers = [...benefits.keys()].flatMap((id) => members.get(id) ?? []);
  const duplicates =
    run.kind === 'REVERSAL' ? [] : duplicateBeneficiaries(paidMembers, benefits).map(storedDuplicate);
  await progressed();
  const folder = runFilesFolder(run.id, 'preview');
  const file: PreviewFile = { rows, duplicates };
  const previewKey = `${folder}rows.json`;
  const files = previewFiles(run, folder);
  await Promise.all([
    writeRunFile(previewKey, JSON.stringify(file), 'application/json'),
    writeRunFile(`${folder}preview.csv`, previewCsv(rows, run.currency), 'text/csv'),
    writeRunFile(`${folder}duplicates.csv`, duplicatesCsv(duplicates, run.currency), 'text/csv'),
  ]);
  await progressed();
  return {
    preview: {
      ...previewSummary(rows),
      duplicates: new Set(duplicates.map((entry) => entry.memberId)).size,
      computedAt: nowIso(),
      ruleVersion: BENEFIT_RULE_VERSION,
    },
    previewKey,
    files,
  };
};
