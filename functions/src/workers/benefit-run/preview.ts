import { benefitRowColumns, duplicateColumns } from '@cpbo/schemas/benefit-runs.ts';
import { previewRows, previewSummary, type BenefitRow } from '#domain/benefit-preview.ts';
import { duplicateBeneficiaries } from '#domain/duplicate-beneficiaries.ts';
import {
  enablerMembers,
  enablerPlots,
  otherEnablersRecords,
  paidPlots,
  seasonContributions,
} from '#data/benefit-inputs.ts';
import {
  readAssessment,
  runFilesFolder,
  storedDuplicate,
  writeRunFile,
  type PreviewFile,
  type StoredDuplicate,
} from '#data/benefit-run-files.ts';
import { saveRunProgress, type BenefitRun, type RunFile, type StoredPreview } from '#data/benefit-runs.ts';
import { nowIso } from '#data/table.ts';
import { csvText } from '#platform/csv.ts';
import { amountText } from './amounts.ts';

/** The preview's reads and writes, each a step of its progress. */
const PREVIEW_PHASES = 5;

const previewCsv = (rows: BenefitRow[]): string =>
  csvText(
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
      amountText(row.seasonContributionsCents),
      row.month,
      row.factor,
      row.damageIndex,
      amountText(row.givenAmountCents),
      amountText(row.capCents),
      amountText(row.benefitCents),
      row.status,
      row.reason,
    ]),
  );

const duplicatesCsv = (duplicates: StoredDuplicate[]): string =>
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
      amountText(entry.benefitCents),
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

/**
 * A run's preview: the assessment's rows valued by the rule from what the enabler holds now, their
 * sums, the possible duplicates among the members it pays, and its files (in a folder of this
 * delivery's own). Reads and writes only files: the run's item moves when the job's step ends.
 */
export const previewRun = async (
  run: BenefitRun,
): Promise<{ preview: StoredPreview; previewKey: string; files: RunFile[] }> => {
  let phase = 0;
  const progressed = async () => {
    phase += 1;
    await saveRunProgress(run, { done: phase, total: PREVIEW_PHASES });
  };
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
  const benefits = new Map<string, number>();
  for (const row of rows)
    if (row.status === 'ACCEPTED' && row.memberId !== null)
      benefits.set(row.memberId, (benefits.get(row.memberId) ?? 0) + row.benefitCents);
  const paidMembers = [...benefits.keys()].flatMap((id) => members.get(id) ?? []);
  const duplicates = duplicateBeneficiaries(paidMembers, benefits).map(storedDuplicate);
  await progressed();
  const folder = runFilesFolder(run.id, 'preview');
  const file: PreviewFile = { rows, duplicates };
  const previewKey = `${folder}rows.json`;
  const files = previewFiles(run, folder);
  await Promise.all([
    writeRunFile(previewKey, JSON.stringify(file), 'application/json'),
    writeRunFile(`${folder}preview.csv`, previewCsv(rows), 'text/csv'),
    writeRunFile(`${folder}duplicates.csv`, duplicatesCsv(duplicates), 'text/csv'),
  ]);
  await progressed();
  return {
    preview: {
      ...previewSummary(rows),
      duplicates: new Set(duplicates.map((entry) => entry.memberId)).size,
      computedAt: nowIso(),
    },
    previewKey,
    files,
  };
};
