import { clippedText } from './clipped-text.ts';
import {
  ASSESSMENT_LIMITS,
  assessmentCsvColumns,
  type AssessmentFile,
  type AssessmentProblem,
} from '@cpbo/schemas/benefit-runs.ts';
import { toCents } from '@cpbo/schemas/money.ts';

/*
 * An assessment file, as uploaded: a CSV file read into the JSON shape (assessmentFileSchema), and the
 * rules of a row that the schema does not say in one sentence. The problems name the file's row
 * (1-based), a CSV file's line and the field; only the first ASSESSMENT_LIMITS.problems are listed,
 * all are counted.
 */

/** A file's problems: the first ones listed, all counted. */
export interface AssessmentProblems {
  problems: AssessmentProblem[];
  count: number;
}

export const noProblems = (): AssessmentProblems => ({ problems: [], count: 0 });

/** Counts a problem, and lists it among the first ones (made only then: a file may have millions). */
export const addProblem = (
  found: AssessmentProblems,
  problem: AssessmentProblem | (() => AssessmentProblem),
): void => {
  found.count += 1;
  if (found.problems.length < ASSESSMENT_LIMITS.problems)
    found.problems.push(typeof problem === 'function' ? problem() : problem);
};

/** A JSON file's data as read; a CSV file's, with the line each row starts on. */
export interface AssessmentRead {
  file: unknown;
  /** Per row (0-based index of rows), its line in a CSV file; empty for JSON. */
  lines: number[];
  found: AssessmentProblems;
}

const numberColumns = new Set<string>(['damageIndex', 'benefitAmount']);
/** The most characters of a file's column name that a problem repeats. */
const SHOWN_NAME_LENGTH = 40;
const known = (column: string): boolean => (assessmentCsvColumns as readonly string[]).includes(column);

/** A number cell as a number (a decimal comma read in a semicolon file); anything else as its text. */
const cellValue = (column: string, value: string, decimalComma: boolean): string | number => {
  if (!numberColumns.has(column)) return value;
  const text = decimalComma ? value.replace(/^(-?\d+),(\d+)$/, '$1.$2') : value;
  return /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : value;
};

/**
 * A CSV file's records (its header first) in the JSON shape: each line's cells by the header's names,
 * empty cells left out, blank lines skipped; the assessment's id and date from the first row, which
 * every row must repeat.
 */
export const assessmentOfCsv = (
  records: string[][],
  lines: number[],
  separator: ',' | ';',
): AssessmentRead => {
  const found = noProblems();
  const [header = [], ...data] = records;
  const columns = header.map((name) => name.trim());
  // One pass, each name looked up once among the few known ones: any header stays linear.
  const named = new Set<string>();
  for (const name of columns) {
    // A problem names the column as the file does, cut short: the answer stays small whatever the header.
    if (!known(name) || named.has(name))
      addProblem(found, () => {
        const shown = clippedText(name, SHOWN_NAME_LENGTH);
        return {
          row: null,
          line: 1,
          where: shown,
          message: name === '' ? 'a column has no name' : `unknown or repeated column '${shown}'`,
        };
      });
    else named.add(name);
  }
  for (const required of ['assessmentId', 'assessmentDate'])
    if (!named.has(required))
      addProblem(found, {
        row: null,
        line: 1,
        where: required,
        message: `the column '${required}' is missing`,
      });
  const rows: Record<string, string | number>[] = [];
  const rowLines: number[] = [];
  let assessment: { assessmentId?: string; assessmentDate?: string } | undefined;
  data.forEach((cells, index) => {
    if (cells.every((value) => value.trim() === '')) return;
    const line = lines[index + 1] ?? 0;
    const row: Record<string, string | number> = {};
    cells.forEach((value, column) => {
      const name = columns[column] ?? '';
      const trimmed = value.trim();
      // An unknown column is reported once, at the header, not on every row.
      if (trimmed !== '' && known(name)) row[name] = cellValue(name, trimmed, separator === ';');
    });
    const { assessmentId, assessmentDate, ...fields } = row;
    const own = {
      assessmentId: assessmentId as string | undefined,
      assessmentDate: assessmentDate as string | undefined,
    };
    assessment ??= own;
    for (const key of ['assessmentId', 'assessmentDate'] as const)
      if (own[key] !== assessment[key])
        addProblem(found, {
          row: rows.length + 1,
          line,
          where: key,
          message: `differs from the first row's (${assessment[key] ?? 'none'})`,
        });
    rows.push(fields);
    rowLines.push(line);
  });
  return { file: { ...assessment, rows }, lines: rowLines, found };
};

/** A problem at a JSON path of the file (as ajv names it): its row and field, or the file's field. */
export const problemAt = (path: string, message: string, lines: number[]): AssessmentProblem => {
  const [, list, index, ...field] = path.split('/');
  if (list === 'rows' && index !== undefined && /^\d+$/.test(index))
    return {
      row: Number(index) + 1,
      line: lines[Number(index)] ?? null,
      where: field.join('/'),
      message,
    };
  return { row: null, line: null, where: path.replace(/^\//, ''), message };
};

/**
 * The rules of a row past its schema: a row names a plot or an area (a federation, a village, or
 * both), not both; a plot has a damage index or a benefit amount, not both; an area has a damage index
 * and no amount (its plots' seasons differ); an amount has two decimals at most.
 */
export const assessmentRowProblems = (
  file: AssessmentFile,
  lines: number[],
  found: AssessmentProblems,
): void => {
  file.rows.forEach((row, index) => {
    const problem = (where: string, message: string) =>
      addProblem(found, { row: index + 1, line: lines[index] ?? null, where, message });
    const area = row.federation !== undefined || row.village !== undefined;
    if (row.plotId !== undefined && area) problem('plotId', 'a row names a plot or an area, not both');
    else if (row.plotId === undefined && !area)
      problem('plotId', 'a row names a plot, a federation or a village');
    else if (area && row.damageIndex === undefined) problem('damageIndex', 'an area row needs a damageIndex');
    else if (area && row.benefitAmount !== undefined)
      problem('benefitAmount', 'an area row has a damageIndex, not a benefitAmount');
    else if (row.damageIndex !== undefined && row.benefitAmount !== undefined)
      problem('benefitAmount', 'a plot row has a damageIndex or a benefitAmount, not both');
    else if (row.damageIndex === undefined && row.benefitAmount === undefined)
      problem('damageIndex', 'a plot row needs a damageIndex or a benefitAmount');
    else if (row.benefitAmount !== undefined && toCents(row.benefitAmount) === undefined)
      problem('benefitAmount', 'an amount has two decimals at most');
  });
};
