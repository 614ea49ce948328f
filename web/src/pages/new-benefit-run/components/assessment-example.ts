import { assessmentCsvColumns, type AssessmentFile } from '@cpbo/schemas/benefit-runs.ts';

/*
 * The example the upload screen shows in both formats, written from one assessment so that the two
 * say the same: a village, a village of a federation, a federation, a plot with its index and a plot
 * with its amount.
 */
export const exampleAssessment: AssessmentFile = {
  assessmentId: 'DROUGHT-2026-08',
  assessmentDate: '2026-08-31',
  rows: [
    { village: 'Fissel', damageIndex: 0.6 },
    { federation: 'Kaolack', village: 'Ndiaffate', damageIndex: 0.45 },
    { federation: 'Thiès', damageIndex: 0.35 },
    { plotId: 'b7e1c2d4-5f60-4a1b-9c8d-0e1f2a3b4c5d', damageIndex: 0.8 },
    { plotId: '0c9d8e7f-6a5b-4c3d-8e1f-0a9b8c7d6e5f', benefitAmount: 150.5 },
  ],
};

/** The example in JSON, as a file holds it. */
export const exampleJson = `${JSON.stringify(exampleAssessment, null, 2)}\n`;

/** The example in CSV: a header line naming every column, then one line per row repeating the assessment. */
export const exampleCsv = `${[
  assessmentCsvColumns.join(','),
  ...exampleAssessment.rows.map((row) => {
    const cells: Record<string, string | number | null | undefined> = {
      ...row,
      assessmentId: exampleAssessment.assessmentId,
      assessmentDate: exampleAssessment.assessmentDate,
    };
    return assessmentCsvColumns.map((column) => cells[column] ?? '').join(',');
  }),
].join('\n')}\n`;
