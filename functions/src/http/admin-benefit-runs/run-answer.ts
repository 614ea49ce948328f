import type { BenefitRowView, BenefitRunView, DuplicateView } from '@cpbo/schemas/benefit-runs.ts';
import { fromCents, type Cents } from '@cpbo/schemas/money.ts';
import type { BenefitRow, PreviewCounts } from '#domain/benefit-preview.ts';
import type { StoredDuplicate } from '#data/benefit-runs/benefit-run-files.ts';
import type { BenefitRun } from '#data/benefit-runs/benefit-runs.ts';

/* A run, its rows and its duplicates as the API answers them: amounts in decimal units, never a file's key. */

const amountOrNull = (cents: Cents | null): number | null => (cents === null ? null : fromCents(cents));

const counts = ({ plots, members, amountCents }: PreviewCounts) => ({
  plots,
  members,
  amount: fromCents(amountCents),
});

export const runAnswer = (run: BenefitRun): BenefitRunView => ({
  id: run.id,
  state: run.state,
  assessmentId: run.assessmentId,
  assessmentDate: run.assessmentDate,
  fileName: run.fileName,
  fileRows: run.fileRows,
  unassessedRows: run.unassessedRows,
  currency: run.currency,
  createdBy: run.createdBy,
  createdAt: run.createdAt,
  updatedAt: run.updatedAt,
  progress: run.progress,
  preview: run.preview && {
    ruleVersion: run.preview.ruleVersion ?? 1,
    rows: run.preview.rows,
    accepted: counts(run.preview.accepted),
    refused: run.preview.refused,
    refusedByReason: run.preview.refusedByReason,
    perFederation: run.preview.perFederation.map(({ federation, ...figures }) => ({
      federation,
      ...counts(figures),
    })),
    duplicates: run.preview.duplicates,
    computedAt: run.preview.computedAt,
  },
  kind: run.kind,
  reverses: run.reverses,
  reversedBy: run.reversedBy,
  review: run.review,
  cancellation: run.cancellation,
  payment: run.payment && {
    paid: counts(run.payment.paid),
    notPaid: run.payment.notPaid,
    notPaidByReason: run.payment.notPaidByReason,
    paidAt: run.payment.paidAt,
  },
  failure: run.failure,
  files: run.files.map(({ id, kind, fileName, bankName, members, amountCents }) => ({
    id,
    kind,
    fileName,
    bankName,
    members,
    amount: amountOrNull(amountCents),
  })),
});

/** A preview row, and whether its payee's bank details changed since the preview read them. */
export const rowAnswer = (row: BenefitRow, bankChanged: boolean): BenefitRowView => ({
  row: row.row,
  plotId: row.plotId,
  plotName: row.plotName,
  memberId: row.memberId,
  memberName: row.memberName,
  memberNumber: row.memberNumber,
  village: row.village,
  federation: row.federation,
  maximum: amountOrNull(row.maximumCents),
  month: row.month,
  factor: row.factor,
  damageIndex: row.damageIndex,
  seasonContributions: amountOrNull(row.seasonContributionsCents),
  contributionsDue: amountOrNull(row.contributionsDueCents),
  paidShare: row.paidShare,
  givenAmount: amountOrNull(row.givenAmountCents),
  benefit: fromCents(row.benefitCents),
  status: row.status,
  reason: row.reason,
  bankName: row.bankName,
  bankBranchName: row.bankBranchName,
  bankIFSC: row.bankIFSC,
  bankAccount: row.bankAccount,
  bankChanged,
});

export const duplicateAnswer = ({ benefitCents, ...entry }: StoredDuplicate): DuplicateView => ({
  ...entry,
  benefit: fromCents(benefitCents),
});
