import { describe, expect, it } from 'vitest';
import { ASSESSMENT_LIMITS } from '@cpbo/schemas/benefit-runs.ts';
import type { AssessmentFile } from '@cpbo/schemas/benefit-runs.ts';
import { errorCatalogue } from '@cpbo/schemas/error-catalogue.ts';
import {
  addProblem,
  assessmentOfCsv,
  assessmentRowProblems,
  namedPlotIds,
  noProblems,
  plotProblems,
  problemOf,
  schemaProblems,
  sortedProblems,
  unassessedRows,
  type PlotOwner,
} from './assessment-file.ts';

const place = (row: number | null, line: number | null, where: string) => ({ row, line, where });

describe('an assessment file', () => {
  it("should read a CSV file's lines by its header into the JSON shape, numbers as numbers", () => {
    const records = [
      ['assessmentDate', 'assessmentId', 'plotId', 'village', 'damageIndex', 'benefitAmount'],
      ['2026-08-31', 'DRY-1', 'p1', '', '0.4', ''],
      ['', '', '', '', '', ''],
      ['2026-08-31', 'DRY-1', 'p2', '', '', '12.50'],
      ['2026-08-31', 'DRY-1', '', 'Fissel', 'high', ''],
    ];
    expect(assessmentOfCsv(records, [1, 2, 3, 4, 6], ',')).toEqual({
      file: {
        assessmentId: 'DRY-1',
        assessmentDate: '2026-08-31',
        rows: [
          { plotId: 'p1', damageIndex: 0.4 },
          { plotId: 'p2', benefitAmount: 12.5 },
          { village: 'Fissel', damageIndex: 'high' },
        ],
      },
      lines: [2, 4, 6],
      found: { problems: [], count: 0 },
    });
  });

  it('should read a decimal comma in a semicolon file and the notes of a list of covered plots, and refuse unknown columns', () => {
    const read = assessmentOfCsv(
      [
        ['assessmentId', 'assessmentDate', 'memberName', 'plotName', 'plotId', 'damageIndex', 'note'],
        ['DRY-1', '2026-08-31', 'Awa Diop', 'Millet', 'p1', '0,45', 'x'],
        ['DRY-1', '2026-08-31', 'Ousmane', 'Maize', 'p2', '', ''],
      ],
      [1, 2, 3],
      ';',
    );
    expect((read.file as AssessmentFile).rows).toEqual([
      { memberName: 'Awa Diop', plotName: 'Millet', plotId: 'p1', damageIndex: 0.45 },
      { memberName: 'Ousmane', plotName: 'Maize', plotId: 'p2' },
    ]);
    expect(read.found.count).toBe(1);
    expect(read.found.problems[0]).toMatchObject({
      ...place(null, 1, 'note'),
      code: 'ERR_ASSESSMENT_COLUMN_UNKNOWN',
      value: 'note',
    });
    expect(read.found.problems[0]?.expected).toContain('damageIndex');
    expect(read.found.problems[0]?.message).toBe(errorCatalogue.ERR_ASSESSMENT_COLUMN_UNKNOWN.message);
  });

  it("should blame a row whose assessment differs from the file's, the value most rows give, a valid one first", () => {
    const blamed = (records: string[][]) =>
      assessmentOfCsv(
        [['assessmentId', 'assessmentDate', 'plotId', 'damageIndex'], ...records],
        [1, ...records.map((_, index) => index + 2)],
        ',',
      );
    // A wrong first row is blamed alone, not the rows after it.
    const wrongFirst = blamed([
      ['DRY 1!', '2026-08-31', 'p1', '0.5'],
      ['DRY-1', '2026-08-31', 'p2', '0.5'],
      ['DRY-1', '2026-08-31', 'p3', '0.5'],
    ]);
    expect(wrongFirst.file).toMatchObject({ assessmentId: 'DRY-1', assessmentDate: '2026-08-31' });
    expect(wrongFirst.found.problems).toEqual([
      {
        ...place(1, 2, 'assessmentId'),
        code: 'ERR_ASSESSMENT_OTHER_ASSESSMENT',
        value: 'DRY 1!',
        expected: 'DRY-1',
        message: errorCatalogue.ERR_ASSESSMENT_OTHER_ASSESSMENT.message,
      },
    ]);
    // One valid value among invalid ones is the file's, even when fewer rows give it.
    const oneValid = blamed([
      ['DRY-1', '2026-02-30', 'p1', '0.5'],
      ['DRY-1', '2026-02-30', 'p2', '0.5'],
      ['DRY-1', '2026-02-28', 'p3', '0.5'],
    ]);
    expect(oneValid.found.problems.map(({ row, where }) => [row, where])).toEqual([
      [1, 'assessmentDate'],
      [2, 'assessmentDate'],
    ]);
    // A row without the assessment misses it.
    expect(
      blamed([
        ['DRY-1', '2026-08-31', 'p1', '0.5'],
        ['', '2026-08-31', 'p2', '0.5'],
      ]).found.problems.map(({ row, code }) => [row, code]),
    ).toEqual([[2, 'ERR_ASSESSMENT_FIELD_MISSING']]);
  });

  it('should name each schema problem by its row, field and value, once per field', () => {
    const file = {
      assessmentId: 'DRY 1',
      assessmentDate: '2026-08-31',
      rows: [
        { plotId: 'p 1', damageIndex: 1.5 },
        { plotId: 'p2', extra: 1 },
        'x',
        { village: 'v'.repeat(200) },
      ],
    };
    const found = noProblems();
    const faulty = schemaProblems(
      [
        { instancePath: '/assessmentId', keyword: 'pattern', params: {} },
        { instancePath: '/rows/0/plotId', keyword: 'pattern', params: {} },
        { instancePath: '/rows/0/damageIndex', keyword: 'maximum', params: {} },
        { instancePath: '/rows/0/damageIndex', keyword: 'type', params: {} },
        { instancePath: '/rows/1', keyword: 'additionalProperties', params: { additionalProperty: 'extra' } },
        { instancePath: '/rows/2', keyword: 'type', params: {} },
        { instancePath: '/rows/3/village', keyword: 'maxLength', params: {} },
      ],
      file,
      [2, 3, 4, 5],
      found,
    );
    expect([...faulty].sort()).toEqual([0, 1, 2, 3]);
    expect(
      found.problems.map(({ row, line, where, code, value, expected }) => ({
        row,
        line,
        where,
        code,
        value,
        expected,
      })),
    ).toEqual([
      {
        row: null,
        line: null,
        where: 'assessmentId',
        code: 'ERR_ASSESSMENT_BAD_ID',
        value: 'DRY 1',
        expected: null,
      },
      { row: 1, line: 2, where: 'plotId', code: 'ERR_ASSESSMENT_BAD_PLOT_ID', value: 'p 1', expected: null },
      {
        row: 1,
        line: 2,
        where: 'damageIndex',
        code: 'ERR_ASSESSMENT_BAD_DAMAGE_INDEX',
        value: '1.5',
        expected: null,
      },
      { row: 2, line: 3, where: 'extra', code: 'ERR_ASSESSMENT_FIELD_UNKNOWN', value: null, expected: null },
      { row: 3, line: 4, where: 'rows/2', code: 'ERR_ASSESSMENT_BAD_SHAPE', value: null, expected: 'object' },
      {
        row: 4,
        line: 5,
        where: 'village',
        code: 'ERR_ASSESSMENT_TEXT_TOO_LONG',
        value: `${'v'.repeat(39)}…`,
        expected: '120',
      },
    ]);
  });

  it('should say which fields go together on a row, set a blank plot row aside, and find nothing to assess in blanks alone', () => {
    const found = noProblems();
    const file: AssessmentFile = {
      assessmentId: 'A',
      assessmentDate: '2026-08-31',
      rows: [
        { plotId: 'p', village: 'v', damageIndex: 1 },
        { damageIndex: 1, benefitAmount: 1 },
        { village: 'v', benefitAmount: 1 },
        { federation: 'f', damageIndex: 0.5, benefitAmount: 1 },
        { plotId: 'p', damageIndex: 0.5, benefitAmount: 1 },
        { plotId: 'p', benefitAmount: 1.005 },
        { plotId: 'p', damageIndex: 0.5 },
        { federation: 'f', village: 'v', damageIndex: 0.5 },
        { plotId: 'p', damageIndex: null, memberName: 'Awa' },
        { memberName: 'Awa' },
      ],
    };
    assessmentRowProblems(file, [], found, new Set([6]));
    expect(found.problems.map(({ row, where, code }) => [row, where, code])).toEqual([
      [1, 'plotId', 'ERR_ASSESSMENT_PLOT_AND_AREA'],
      [2, 'plotId', 'ERR_ASSESSMENT_NO_PLOT_NOR_AREA'],
      [3, 'damageIndex', 'ERR_ASSESSMENT_AREA_WITHOUT_INDEX'],
      [4, 'benefitAmount', 'ERR_ASSESSMENT_AREA_WITH_AMOUNT'],
      [5, 'benefitAmount', 'ERR_ASSESSMENT_INDEX_AND_AMOUNT'],
      [6, 'benefitAmount', 'ERR_ASSESSMENT_BAD_AMOUNT'],
      [10, 'plotId', 'ERR_ASSESSMENT_NO_PLOT_NOR_AREA'],
    ]);
    expect(unassessedRows(file)).toBe(1);

    const blanks = noProblems();
    assessmentRowProblems(
      {
        assessmentId: 'A',
        assessmentDate: '2026-08-31',
        rows: [{ plotId: 'p' }, { plotId: 'q', damageIndex: null }],
      },
      [],
      blanks,
    );
    expect(blanks.problems.map(({ row, code }) => [row, code])).toEqual([[null, 'ERR_ASSESSMENT_NO_ROWS']]);
  });

  it("should list each row naming a plot that is not the enabler's, and the plots to look up", () => {
    const file: AssessmentFile = {
      assessmentId: 'A',
      assessmentDate: '2026-08-31',
      rows: [
        { plotId: 'mine', damageIndex: 1 },
        { plotId: 'theirs', damageIndex: 1 },
        { plotId: 'ghost', damageIndex: 1 },
        { plotId: 'bad id', damageIndex: 1 },
        { village: 'v', damageIndex: 1 },
        { plotId: 'ghost' },
      ],
    };
    expect(namedPlotIds(file, new Set([3]))).toEqual(['mine', 'theirs', 'ghost']);
    const found = noProblems();
    plotProblems(
      file,
      [2, 3, 4, 5, 6, 7],
      new Map<string, PlotOwner>([
        ['mine', 'ENABLER'],
        ['theirs', 'OTHER_ENABLER'],
        ['ghost', 'NONE'],
      ]),
      found,
    );
    expect(found.problems.map(({ row, line, code, value }) => [row, line, code, value])).toEqual([
      [2, 3, 'ERR_ASSESSMENT_OTHER_ENABLER_PLOT', 'theirs'],
      [3, 4, 'ERR_ASSESSMENT_UNKNOWN_PLOT', 'ghost'],
      [6, 7, 'ERR_ASSESSMENT_UNKNOWN_PLOT', 'ghost'],
    ]);
  });

  it("should list the problems by row, the whole file's first", () => {
    const found = noProblems();
    for (const row of [3, null, 1])
      addProblem(found, problemOf('ERR_ASSESSMENT_NO_PLOT_NOR_AREA', place(row, null, 'plotId')));
    expect(sortedProblems(found).problems.map(({ row }) => row)).toEqual([null, 1, 3]);
  });
});

describe("an assessment file's header at the size limit", () => {
  /** A header of the file size limit: the assessment's two columns, then names made by `name`. */
  const header = (name: (index: number) => string): string[] => {
    const names = ['assessmentId', 'assessmentDate'];
    for (let index = 0, bytes = 0; bytes < ASSESSMENT_LIMITS.fileBytes; index += 1) {
      names.push(name(index));
      bytes += (names.at(-1) as string).length + 1;
    }
    return names;
  };

  it.each([
    ['one known name repeated', () => 'plotId'],
    ['distinct unknown names', (index: number) => `column-${index}`],
    ['one long name repeated', () => 'x'.repeat(5000)],
  ])('should be checked in one pass, no slower than it is read: %s', (_, name) => {
    const names = header(name);
    // Reading the line's cells is itself one pass over them: the reference, measured alike.
    let started = performance.now();
    const trimmed = names.map((cell) => cell.trim());
    const read = performance.now() - started;
    started = performance.now();
    const { found } = assessmentOfCsv([names], [1], ',');
    const checked = performance.now() - started;
    expect(trimmed.length).toBe(names.length);
    expect(found.count).toBe(names.length - 2 - (name(0) === 'plotId' ? 1 : 0));
    // The first problems listed, each naming its column cut short.
    expect(found.problems).toHaveLength(ASSESSMENT_LIMITS.problems);
    for (const problem of found.problems) expect(problem.where.length).toBeLessThanOrEqual(40);
    expect(checked, `checked in ${checked.toFixed(0)} ms, read in ${read.toFixed(0)} ms`).toBeLessThan(
      Math.max(10 * read, 50),
    );
  });
});
