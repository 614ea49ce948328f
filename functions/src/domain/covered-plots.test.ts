import { describe, expect, it } from 'vitest';
import type { AssessmentFile } from '@cpbo/schemas/benefit-runs.ts';
import { assessmentOfCsv, assessmentRowProblems, noProblems, unassessedRows } from './assessment-file.ts';
import type { PreviewMember, PreviewPlot } from './benefit-preview.ts';
import { coveredPlotRows, coveredPlotsColumns, coveredPlotsFile } from './covered-plots.ts';
import { parseCsv } from '#platform/csv.ts';
import { previewMember } from '../testing/preview-fixtures.ts';

const member = (id: string, fields: Partial<PreviewMember> = {}) =>
  previewMember(id, { federation: 'Sine', ...fields });

const plot = (id: string, memberId: string, fields: Partial<PreviewPlot> = {}): PreviewPlot => ({
  id,
  name: `Field ${id}`,
  memberId,
  terms: null,
  startCoverageDate: '2026-01-01',
  endCoverageDate: '2026-12-31',
  droughtMonthlyContribCents: 150000,
  cropDescription: 'Millet',
  ...fields,
});

const members = new Map([
  ['m1', member('m1', { name: 'Awa Diop' })],
  ['m2', member('m2', { name: 'Binta Fall', village: 'Ndiaffate' })],
  ['m3', member('m3', { name: 'Coumba Sarr', federation: null, village: 'Sokone' })],
]);
const plots = [
  plot('p1', 'm1'),
  plot('p2', 'm2', { cropDescription: null }),
  plot('p3', 'm3'),
  // Not covered on the day: its coverage ended before it.
  plot('p4', 'm1', { endCoverageDate: '2026-01-31' }),
  // Its member is gone (deleted meanwhile): not listed.
  plot('p5', 'gone'),
  plot('p0', 'm1', { name: 'A field' }),
];
const asked = { assessmentId: 'DRY-2026', assessmentDate: '2026-02-15' as const };

describe('the covered plots', () => {
  it('lists the plots covered on the day, by federation, village, member and plot name', () => {
    expect(coveredPlotRows(plots, members, asked).map((row) => row.plotId)).toEqual(['p3', 'p0', 'p1', 'p2']);
    expect(coveredPlotRows(plots, members, asked)[3]).toEqual({
      plotId: 'p2',
      plotName: 'Field p2',
      crop: null,
      memberName: 'Binta Fall',
      memberNumber: 'N-m2',
      memberVillage: 'Ndiaffate',
      memberFederation: 'Sine',
    });
  });

  it('keeps a federation or a village as an area row matches them: case and spaces aside', () => {
    const ids = (area: { federation?: string; village?: string }) =>
      coveredPlotRows(plots, members, { ...asked, ...area }).map((row) => row.plotId);
    expect(ids({ federation: ' sine ' })).toEqual(['p0', 'p1', 'p2']);
    expect(ids({ village: 'FISSEL' })).toEqual(['p0', 'p1']);
    expect(ids({ federation: 'Sine', village: 'Sokone' })).toEqual([]);
  });

  it('writes a CSV file that, filled in for some rows, reads as an assessment of those rows only', () => {
    const text = coveredPlotsFile(coveredPlotRows(plots, members, asked), asked, 'csv');
    const { records, lines } = parseCsv(text, ',');
    expect(records[0]).toEqual([...coveredPlotsColumns]);
    expect(records[1]).toEqual([
      'DRY-2026',
      '2026-02-15',
      '',
      'Sokone',
      'Coumba Sarr',
      'N-m3',
      'Field p3',
      'Millet',
      'p3',
      '',
    ]);
    // The damage filled in for two of the four plots: the others are set aside, not refused.
    const filled = records.map((record, index) =>
      index === 1 || index === 3 ? [...record.slice(0, -1), '0.4'] : record,
    );
    const read = assessmentOfCsv(filled, lines, ',');
    expect(read.found.count).toBe(0);
    const file = read.file as AssessmentFile;
    const found = noProblems();
    assessmentRowProblems(file, read.lines, found, new Set());
    expect(found.count).toBe(0);
    expect(file.rows.filter((row) => row.damageIndex !== undefined && row.damageIndex !== null)).toEqual([
      expect.objectContaining({ plotId: 'p3', damageIndex: 0.4 }),
      expect.objectContaining({ plotId: 'p1', damageIndex: 0.4 }),
    ]);
    expect(unassessedRows(file)).toBe(2);
  });

  it('writes a JSON file in the upload shape, the damage null and empty notes left out', () => {
    const file = JSON.parse(coveredPlotsFile(coveredPlotRows(plots, members, asked), asked, 'json')) as {
      rows: Record<string, unknown>[];
    };
    expect(file).toMatchObject({ assessmentId: 'DRY-2026', assessmentDate: '2026-02-15' });
    expect(file.rows[0]).toEqual({
      memberVillage: 'Sokone',
      memberName: 'Coumba Sarr',
      memberNumber: 'N-m3',
      plotName: 'Field p3',
      crop: 'Millet',
      plotId: 'p3',
      damageIndex: null,
    });
  });

  it('keeps a formula out of a cell a spreadsheet would run', () => {
    const rows = coveredPlotRows([plot('p1', 'm1', { name: '=HYPERLINK("x")' })], members, asked);
    expect(coveredPlotsFile(rows, asked, 'csv')).not.toMatch(/,=HYPERLINK/);
  });
});
