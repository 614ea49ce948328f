import { BENEFIT_RULE_VERSION } from '@cpbo/schemas/benefit-rule.ts';
import type { BenefitRow, BenefitRun, Duplicate } from '../api/benefit-runs.ts';

/** The uploader of the test runs, another administrator than the signed-in one (ada@example.org). */
export const UPLOADER = 'uma@example.org';

/** A previewed run waiting for approval: 3 plots of 3 members, 26 XOF, 3 refused rows, 4 possible duplicates. */
export const benefitRun = (overrides: Partial<BenefitRun> = {}): BenefitRun => ({
  id: 'run-1',
  state: 'PENDING_APPROVAL',
  assessmentId: 'DRY-2026',
  assessmentDate: '2026-02-15',
  fileName: 'drought.csv',
  fileRows: 3,
  unassessedRows: 0,
  currency: 'XOF',
  createdBy: UPLOADER,
  createdAt: '2026-02-16T09:00:00.000Z',
  updatedAt: '2026-02-16T09:01:00.000Z',
  progress: null,
  kind: 'PAYMENT',
  reverses: null,
  reversedBy: null,
  preview: {
    ruleVersion: BENEFIT_RULE_VERSION,
    rows: 6,
    accepted: { plots: 3, members: 3, amount: 26 },
    refused: 3,
    refusedByReason: { ZERO_BENEFIT: 1, ABOVE_MAXIMUM: 1, UNKNOWN_PLOT: 1 },
    perFederation: [
      { federation: 'Kaolack', plots: 2, members: 2, amount: 22 },
      { federation: null, plots: 1, members: 1, amount: 4 },
    ],
    duplicates: 4,
    computedAt: '2026-02-16T09:01:00.000Z',
  },
  review: null,
  cancellation: null,
  payment: null,
  failure: null,
  files: [
    {
      id: 'preview',
      kind: 'PREVIEW',
      fileName: 'benefit-run-DRY-2026-preview.csv',
      bankName: null,
      members: null,
      amount: null,
    },
    {
      id: 'duplicates',
      kind: 'DUPLICATES',
      fileName: 'benefit-run-DRY-2026-duplicates.csv',
      bankName: null,
      members: null,
      amount: null,
    },
  ],
  ...overrides,
});

/** The same run once another administrator approved it and the job paid it. */
export const paidRun = (): BenefitRun => {
  const run = benefitRun();
  return {
    ...run,
    state: 'PAID',
    review: {
      decision: 'APPROVED',
      by: 'ada@example.org',
      at: '2026-02-16T10:00:00.000Z',
      comment: 'Matches the index report',
    },
    payment: {
      paid: { plots: 3, members: 3, amount: 26 },
      notPaid: 1,
      notPaidByReason: { ALREADY_PAID: 1 },
      paidAt: '2026-02-16T10:02:00.000Z',
    },
    files: [
      ...run.files,
      {
        id: 'bank-1',
        kind: 'BANK',
        fileName: 'benefit-run-DRY-2026-bank-CBAO.csv',
        bankName: 'CBAO',
        members: 1,
        amount: 10,
      },
      {
        id: 'cash',
        kind: 'CASH',
        fileName: 'benefit-run-DRY-2026-cash.csv',
        bankName: null,
        members: 1,
        amount: 4,
      },
    ],
  };
};

export const benefitRow = (overrides: Partial<BenefitRow> = {}): BenefitRow => ({
  row: 1,
  plotId: 'p-1',
  plotName: 'North field',
  memberId: 'm-1',
  memberName: 'Awa Diop',
  memberNumber: 'F-0001',
  village: 'Ndiaffate',
  federation: 'Kaolack',
  maximum: 100,
  month: 2,
  factor: 1,
  damageIndex: 0.4,
  seasonContributions: 10,
  contributionsDue: 20,
  paidShare: 0.5,
  givenAmount: null,
  benefit: 20,
  status: 'ACCEPTED',
  reason: null,
  bankName: 'CBAO',
  bankBranchName: 'Kaolack',
  bankIFSC: null,
  bankAccount: 'SN-001',
  bankChanged: false,
  ...overrides,
});

export const duplicate = (overrides: Partial<Duplicate> = {}): Duplicate => ({
  group: 1,
  kind: 'PHONE',
  value: '+221 77 000 00 01',
  memberId: 'm-1',
  memberName: 'Awa Diop',
  memberNumber: 'F-0001',
  village: 'Ndiaffate',
  federation: 'Kaolack',
  phone: '+221 77 000 00 01',
  bankAccount: null,
  benefit: 10,
  ...overrides,
});

/** A page of items as the API answers it. */
export const pageOf = <Item>(items: Item[], total = items.length, page = 1) => ({
  items,
  page,
  pageSize: 10,
  count: items.length,
  total,
});
