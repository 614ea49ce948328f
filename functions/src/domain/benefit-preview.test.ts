import { describe, expect, it } from 'vitest';
import type { AssessmentFile } from '@cpbo/schemas/benefit-runs.ts';
import {
  previewRows,
  previewSummary,
  type PreviewInputs,
  type PreviewMember,
  type PreviewPlot,
} from './benefit-preview.ts';

// The Maximum is ten monthly contributions: 10.00 a month, 100.00 (whole F CFA).
const terms = {
  currency: 'XOF',
  benefitFactorsByMonth: [0.5, 1, 1],
  damageThreshold: 0.2,
  maxCompensationFactor: 0.1,
};
const plot = (id: string, memberId: string, fields: Partial<PreviewPlot> = {}): PreviewPlot => ({
  id,
  name: `Field ${id}`,
  memberId,
  startCoverageDate: '2026-04-01',
  endCoverageDate: '2026-10-01',
  droughtMonthlyContribCents: 1000,
  terms,
  ...fields,
});
const member = (id: string, village: string, federation: string | null): PreviewMember => ({
  id,
  name: `Name ${id}`,
  number: `N-${id}`,
  village,
  federation,
  phone: null,
  bankName: `Bank ${id}`,
  bankBranchName: null,
  bankIFSC: null,
  bankAccount: `ACC-${id}`,
});

const inputs = (rows: AssessmentFile['rows'], overrides: Partial<PreviewInputs> = {}): PreviewInputs => ({
  assessment: { assessmentId: 'DRY-2026', assessmentDate: '2026-05-15', rows },
  plots: new Map(
    [
      plot('p1', 'm1'),
      plot('p2', 'm1'),
      plot('p3', 'm2'),
      plot('p4', 'm3'),
      plot('late', 'm2', { startCoverageDate: '2026-06-01' }),
      plot('noconfig', 'm3', { terms: null }),
    ].map((each) => [each.id, each]),
  ),
  members: new Map(
    [
      member('m1', 'Fissel', 'Kaolack'),
      member('m2', ' fissel ', 'Kaolack'),
      member('m3', 'Ndiaffate', null),
    ].map((each) => [each.id, each]),
  ),
  seasonContributions: new Map([
    ['p1', 2000],
    ['p2', 1000],
    // Half the 20.00 due by 15 May.
    ['p3', 1000],
    ['p4', 4000],
    ['noconfig', 1000],
  ]),
  paidPlots: new Set(['p2']),
  otherEnablersPlots: new Set(['theirs']),
  ...overrides,
});

describe("a run's preview", () => {
  it('should value plot rows by the rule, refuse what it must with its reason, and keep every input', () => {
    const rows = previewRows(
      inputs([
        { plotId: 'p1', damageIndex: 0.5 },
        { plotId: 'p2', damageIndex: 1 },
        { plotId: 'late', damageIndex: 1 },
        { plotId: 'theirs', damageIndex: 1 },
        { plotId: 'nobody', damageIndex: 1 },
        { plotId: 'p1', damageIndex: 0.9 },
        { plotId: 'p3', benefitAmount: 100.01 },
        { plotId: 'p4', damageIndex: 0.1 },
        { plotId: 'noconfig', damageIndex: 1 },
        { plotId: 'p3', benefitAmount: 50.5 },
      ]),
    );
    expect(rows.map((row) => [row.row, row.plotId, row.status, row.reason, row.benefitCents])).toEqual([
      [1, 'p1', 'ACCEPTED', null, 5000],
      [2, 'p2', 'REFUSED', 'ALREADY_PAID', 0],
      [3, 'late', 'REFUSED', 'NOT_COVERED', 0],
      [4, 'theirs', 'REFUSED', 'OTHER_ENABLER_PLOT', 0],
      [5, 'nobody', 'REFUSED', 'UNKNOWN_PLOT', 0],
      [6, 'p1', 'REFUSED', 'DUPLICATE_ROW', 0],
      [7, 'p3', 'REFUSED', 'ABOVE_MAXIMUM', 0],
      [8, 'p4', 'REFUSED', 'ZERO_BENEFIT', 0],
      [9, 'noconfig', 'REFUSED', 'NO_CONFIG', 0],
      [10, 'p3', 'REFUSED', 'DUPLICATE_ROW', 0],
    ]);
    // 15 May is in month 2 (from 1 May), factor 1; 2 months begun, 20.00 due, 20.00 paid: share 1;
    // the Maximum 100 × 1 × 0.5 × 1 = 50 F CFA. The payee's bank details as read.
    expect(rows[0]).toEqual({
      row: 1,
      plotId: 'p1',
      plotName: 'Field p1',
      memberId: 'm1',
      memberName: 'Name m1',
      memberNumber: 'N-m1',
      village: 'Fissel',
      federation: 'Kaolack',
      maximumCents: 10_000,
      month: 2,
      factor: 1,
      damageIndex: 0.5,
      seasonContributionsCents: 2000,
      contributionsDueCents: 2000,
      paidShare: 1,
      givenAmountCents: null,
      benefitCents: 5000,
      status: 'ACCEPTED',
      reason: null,
      phone: null,
      bankName: 'Bank m1',
      bankBranchName: null,
      bankIFSC: null,
      bankAccount: 'ACC-m1',
    });
    // A given amount above the Maximum keeps its amount on the row, and pays nothing.
    expect(rows[6]).toMatchObject({ givenAmountCents: 10_001, maximumCents: 10_000, paidShare: 0.5 });
  });

  it('should refuse a given amount with fractions of the currency unit', () => {
    const [row] = previewRows(inputs([{ plotId: 'p3', benefitAmount: 50.5 }]));
    expect(row).toMatchObject({ status: 'REFUSED', reason: 'NOT_CURRENCY_UNIT', givenAmountCents: 5050 });
    const [whole] = previewRows(inputs([{ plotId: 'p3', benefitAmount: 50 }]));
    expect(whole).toMatchObject({ status: 'ACCEPTED', benefitCents: 5000 });
  });

  it('should expand an area to the plots covered on the date, after the plot rows, whatever the case and spaces', () => {
    const rows = previewRows(
      inputs([
        { village: 'FISSEL', damageIndex: 0.5 },
        { plotId: 'p3', damageIndex: 1 },
        { federation: 'Kaolack', village: 'Ndiaffate', damageIndex: 1 },
        { village: 'Ndiaffate', damageIndex: 0.5 },
      ]),
    );
    expect(rows.map((row) => [row.row, row.plotId, row.reason, row.benefitCents])).toEqual([
      // Half its contributions paid: half the Maximum at index 1.
      [2, 'p3', null, 5000],
      [1, 'p1', null, 5000],
      [1, 'p2', 'ALREADY_PAID', 0],
      // Named by its own row first: the area's index does not replace it.
      [1, 'p3', 'DUPLICATE_ROW', 0],
      [3, null, 'NO_COVERED_PLOT', 0],
      [4, 'noconfig', 'NO_CONFIG', 0],
      [4, 'p4', null, 5000],
    ]);
  });

  it('should sum what it pays, in all and per federation, and count its refusals', () => {
    const rows = previewRows(
      inputs([
        { village: 'Fissel', damageIndex: 0.5 },
        { village: 'Ndiaffate', damageIndex: 1 },
      ]),
    );
    expect(previewSummary(rows)).toEqual({
      rows: 5,
      accepted: { plots: 3, members: 3, amountCents: 5000 + 2500 + 10_000 },
      refused: 2,
      refusedByReason: { ALREADY_PAID: 1, NO_CONFIG: 1 },
      perFederation: [
        { federation: 'Kaolack', plots: 2, members: 2, amountCents: 7500 },
        { federation: null, plots: 1, members: 1, amountCents: 10_000 },
      ],
    });
  });
});
