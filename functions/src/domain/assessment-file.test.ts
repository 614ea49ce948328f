import { describe, expect, it } from 'vitest';
import { ASSESSMENT_LIMITS } from '@cpbo/schemas/benefit-runs.ts';
import type { AssessmentFile } from '@cpbo/schemas/benefit-runs.ts';
import { assessmentOfCsv, assessmentRowProblems, noProblems, problemAt } from './assessment-file.ts';

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

  it('should read a decimal comma in a semicolon file, and refuse unknown columns and a changing assessment', () => {
    const read = assessmentOfCsv(
      [
        ['assessmentId', 'assessmentDate', 'plotId', 'damageIndex', 'note'],
        ['DRY-1', '2026-08-31', 'p1', '0,45', 'x'],
        ['DRY-2', '2026-08-31', 'p2', '1', ''],
      ],
      [1, 2, 3],
      ';',
    );
    expect((read.file as AssessmentFile).rows[0]).toEqual({ plotId: 'p1', damageIndex: 0.45 });
    expect(read.found).toEqual({
      count: 2,
      problems: [
        { row: null, line: 1, where: 'note', message: "unknown or repeated column 'note'" },
        { row: 2, line: 3, where: 'assessmentId', message: "differs from the first row's (DRY-1)" },
      ],
    });
  });

  it('should place a problem at a JSON path on its row and field', () => {
    expect(problemAt('/rows/4/damageIndex', 'must be <= 1', [2, 3, 4, 5, 7])).toEqual({
      row: 5,
      line: 7,
      where: 'damageIndex',
      message: 'must be <= 1',
    });
    expect(problemAt('/assessmentDate', 'must match format "date"', [])).toEqual({
      row: null,
      line: null,
      where: 'assessmentDate',
      message: 'must match format "date"',
    });
  });

  it('should say which fields go together on a row', () => {
    const found = noProblems();
    assessmentRowProblems(
      {
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
        ],
      },
      [],
      found,
    );
    expect(found.problems.map(({ row, where }) => [row, where])).toEqual([
      [1, 'plotId'],
      [2, 'plotId'],
      [3, 'damageIndex'],
      [4, 'benefitAmount'],
      [5, 'benefitAmount'],
      [6, 'benefitAmount'],
    ]);
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
