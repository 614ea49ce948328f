import { describe, expect, it } from 'vitest';
import type { AssessmentFile } from '@cpbo/schemas/benefit-runs.ts';
import {
  previewRows,
  previewSummary,
  seasonWindow,
  type PreviewInputs,
  type PreviewMember,
  type PreviewPlot,
} from './benefit-preview.ts';

const terms = { benefitFactorsByMonth: [0.5, 1, 1], damageThreshold: 0.2, maxCompensationFactor: 10 };
const plot = (id: string, memberId: string, fields: Partial<PreviewPlot> = {}): PreviewPlot => ({
  id,
  name: `Field ${id}`,
  memberId,
  startCoverageDate: '2026-04-01',
  endCoverageDate: '2026-10-01',
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
  bankAccount: null,
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
    ['p3', 3000],
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
        { plotId: 'p3', benefitAmount: 300.01 },
        { plotId: 'p4', damageIndex: 0.1 },
        { plotId: 'noconfig', damageIndex: 1 },
      ]),
    );
    expect(rows.map((row) => [row.row, row.plotId, row.status, row.reason, row.benefitCents])).toEqual([
      [1, 'p1', 'ACCEPTED', null, 1000],
      [2, 'p2', 'REFUSED', 'ALREADY_PAID', 0],
      [3, 'late', 'REFUSED', 'NOT_COVERED', 0],
      [4, 'theirs', 'REFUSED', 'OTHER_ENABLER_PLOT', 0],
      [5, 'nobody', 'REFUSED', 'UNKNOWN_PLOT', 0],
      [6, 'p1', 'REFUSED', 'DUPLICATE_ROW', 0],
      [7, 'p3', 'REFUSED', 'ABOVE_CAP', 0],
      [8, 'p4', 'REFUSED', 'ZERO_BENEFIT', 0],
      [9, 'noconfig', 'REFUSED', 'NO_CONFIG', 0],
    ]);
    // One month from 1 April to 15 May: factor 1; 20.00 × 1 × 0.5 = 10.00, within its cap of 200.00.
    expect(rows[0]).toEqual({
      row: 1,
      plotId: 'p1',
      plotName: 'Field p1',
      memberId: 'm1',
      memberName: 'Name m1',
      memberNumber: 'N-m1',
      village: 'Fissel',
      federation: 'Kaolack',
      seasonContributionsCents: 2000,
      month: 1,
      factor: 1,
      damageIndex: 0.5,
      givenAmountCents: null,
      capCents: 20_000,
      benefitCents: 1000,
      status: 'ACCEPTED',
      reason: null,
    });
    // A given amount above its cap keeps its amount on the row, and pays nothing.
    expect(rows[6]).toMatchObject({ givenAmountCents: 30_001, capCents: 30_000 });
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
      [2, 'p3', null, 3000],
      [1, 'p1', null, 1000],
      [1, 'p2', 'ALREADY_PAID', 0],
      // Named by its own row first: the area's index does not replace it.
      [1, 'p3', 'DUPLICATE_ROW', 0],
      [3, null, 'NO_COVERED_PLOT', 0],
      [4, 'noconfig', 'NO_CONFIG', 0],
      [4, 'p4', null, 2000],
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
      accepted: { plots: 3, members: 3, amountCents: 1000 + 1500 + 4000 },
      refused: 2,
      refusedByReason: { ALREADY_PAID: 1, NO_CONFIG: 1 },
      perFederation: [
        { federation: 'Kaolack', plots: 2, members: 2, amountCents: 2500 },
        { federation: null, plots: 1, members: 1, amountCents: 4000 },
      ],
    });
  });

  it('should count a season from the coverage start to the assessment date, within coverage', () => {
    expect(seasonWindow(plot('p', 'm'), '2026-05-15')).toEqual({ from: '2026-04-01', to: '2026-05-15' });
    expect(seasonWindow(plot('p', 'm'), '2026-12-01')).toEqual({ from: '2026-04-01', to: '2026-10-01' });
  });
});
