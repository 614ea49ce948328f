import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { assessmentCsvColumns, assessmentFileSchema } from '@cpbo/schemas/benefit-runs.ts';
import { exampleAssessment, exampleCsv, exampleJson } from './assessment-example.ts';

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);

describe('the assessment example of the upload screen', () => {
  it('is a file the schema accepts, with rows of every kind', () => {
    const valid = ajv.compile(assessmentFileSchema);
    expect(valid(JSON.parse(exampleJson)), JSON.stringify(valid.errors)).toBe(true);
    const kinds = exampleAssessment.rows.map((row) =>
      row.plotId ? (row.benefitAmount === undefined ? 'plot index' : 'plot amount') : 'area',
    );
    expect(new Set(kinds)).toEqual(new Set(['plot index', 'plot amount', 'area']));
  });

  it('says the same in CSV: a header naming the columns, then each row with the assessment repeated', () => {
    const [header, ...lines] = exampleCsv.trimEnd().split('\n');
    expect(header).toBe(assessmentCsvColumns.join(','));
    const rows = lines.map((line) => {
      const cells = line.split(',');
      return Object.fromEntries(
        assessmentCsvColumns.flatMap((column, index) => {
          const cell = cells[index] ?? '';
          if (cell === '') return [];
          return [[column, column === 'damageIndex' || column === 'benefitAmount' ? Number(cell) : cell]];
        }),
      );
    });
    expect(rows).toEqual(
      exampleAssessment.rows.map((row) => ({
        assessmentId: exampleAssessment.assessmentId,
        assessmentDate: exampleAssessment.assessmentDate,
        ...row,
      })),
    );
  });
});
