import { beforeEach, describe, expect, it } from 'vitest';
import { parseCsv } from '@cpbo/schemas/csv.ts';
import type { AssessmentProblem } from '../../../api/benefit-runs.ts';
import i18next, { changeLanguage, loadAdminTexts } from '../../../i18n/index.ts';
import { rowsToCorrectCsv } from './rows-to-correct.ts';

const t = i18next.t.bind(i18next);

// After the setup's English: the administrators' texts, in French.
beforeEach(async () => {
  await changeLanguage('fr');
  await loadAdminTexts();
});

const problem = (fields: Partial<AssessmentProblem>): AssessmentProblem => ({
  row: null,
  line: null,
  where: '',
  code: 'ERR_ASSESSMENT_NO_ROWS',
  value: null,
  expected: null,
  message: '',
  ...fields,
});

describe('the rows of a refused file to correct', () => {
  it('lists each problem, in the language of the screen, beside its row as the file gives it, blank lines not counted', () => {
    const text = [
      'assessmentId;assessmentDate;plotId;damageIndex',
      'DRY 1!;2026-08-31;p1;0,5',
      ';;;',
      'DRY-1;2026-08-31;=p2;0,4',
    ].join('\n');
    const csv = rowsToCorrectCsv(t, text, true, [
      problem({
        row: 1,
        line: 2,
        where: 'assessmentId',
        code: 'ERR_ASSESSMENT_OTHER_ASSESSMENT',
        value: 'DRY 1!',
        expected: 'DRY-1',
      }),
      problem({ row: 2, line: 4, where: 'plotId', code: 'ERR_ASSESSMENT_UNKNOWN_PLOT', value: '=p2' }),
    ]);
    const { records } = parseCsv(csv.replace(/^\uFEFF/, ''), ',');
    const lines = records.filter((record) => record.some((cell) => cell !== ''));
    expect(lines[0]).toEqual([
      'Ligne de données',
      'Ligne CSV',
      'Champ',
      'Problème',
      'assessmentId',
      'assessmentDate',
      'plotId',
      'damageIndex',
    ]);
    expect(lines[1]?.slice(0, 3)).toEqual(['1', '2', 'assessmentId']);
    expect(lines[1]?.[3]).toContain('« DRY 1! »');
    expect(lines[1]?.slice(4)).toEqual(['DRY 1!', '2026-08-31', 'p1', '0,5']);
    // The second row with data is the file's line 4: a formula stays text in a spreadsheet.
    expect(lines[2]?.slice(0, 3)).toEqual(['2', '4', 'plotId']);
    expect(lines[2]?.[6]).toBe("'=p2");
  });

  it("gives a JSON file's rows as columns, and a problem of the whole file without a row", () => {
    const text = JSON.stringify({
      assessmentId: 'DRY-1',
      assessmentDate: '2026-08-31',
      rows: [{ plotId: 'p1', damageIndex: 2 }],
    });
    const csv = rowsToCorrectCsv(t, text, false, [
      problem({ where: 'rows' }),
      problem({ row: 1, where: 'damageIndex', code: 'ERR_ASSESSMENT_BAD_DAMAGE_INDEX', value: '2' }),
    ]);
    const lines = parseCsv(csv.replace(/^\uFEFF/, ''), ',').records.filter((record) =>
      record.some((cell) => cell !== ''),
    );
    expect(lines[0]?.slice(4)).toEqual(['assessmentId', 'assessmentDate', 'plotId', 'damageIndex']);
    expect(lines[1]?.slice(0, 3)).toEqual([t('benefitRuns.upload.problems.wholeFile'), '', 'rows']);
    expect(lines[1]).toHaveLength(4);
    expect(lines[2]?.slice(4)).toEqual(['DRY-1', '2026-08-31', 'p1', '2']);
  });

  it('lists the problems of a file that is not JSON without its rows', () => {
    const csv = rowsToCorrectCsv(t, '{"rows":', false, [problem({ code: 'ERR_ASSESSMENT_NOT_JSON' })]);
    const lines = parseCsv(csv.replace(/^\uFEFF/, ''), ',').records.filter((record) =>
      record.some((cell) => cell !== ''),
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]?.[3]).toBe(t('errors.ERR_ASSESSMENT_NOT_JSON'));
  });
});
