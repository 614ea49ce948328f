import { clippedText } from './clipped-text.ts';
import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_NOTE_MAX_LENGTH,
  assessmentCsvColumns,
  assessmentNoteColumns,
  isAssessedRow,
  runAssessmentIdSchema,
  type AssessmentFile,
  type AssessmentProblem,
  type AssessmentRow,
} from '@cpbo/schemas/benefit-runs.ts';
import { errorCatalogue } from '@cpbo/schemas/error-catalogue.ts';
import { toCents } from '@cpbo/schemas/money.ts';

/*
 * An assessment file, as uploaded: a CSV file read into the JSON shape (assessmentFileSchema), then
 * checked whole, each problem a code of the error catalogue (ERR_ASSESSMENT_…) naming the file's row
 * (1-based), a CSV file's line, the field, the value as given and what was expected where the code needs
 * it. Every check runs on every row, each row blamed for its own faults only: a row's schema problems,
 * then (on a row without any) the rules of its fields together, and the plots its plotId names, which
 * the caller looks up (plotProblems). Only the first ASSESSMENT_LIMITS.problems are listed, all counted.
 */

export type AssessmentProblemCode = AssessmentProblem['code'];

/** A file's problems: the first ones listed, all counted. */
export interface AssessmentProblems {
  problems: AssessmentProblem[];
  count: number;
}

export const noProblems = (): AssessmentProblems => ({ problems: [], count: 0 });

/** The most characters of a file's value (or column name) that a problem repeats. */
const SHOWN_VALUE_LENGTH = 40;
const shown = (value: unknown): string =>
  clippedText(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''), SHOWN_VALUE_LENGTH);

/** Where a problem is: its row (null: the file), a CSV file's line, the field or column. */
interface Place {
  row: number | null;
  line: number | null;
  where: string;
}

/** A problem of the catalogue's code at a place, with the file's value and what was expected. */
export const problemOf = (
  code: AssessmentProblemCode,
  place: Place,
  value: unknown = null,
  expected: string | null = null,
): AssessmentProblem => ({
  ...place,
  code,
  value: value === null || value === undefined ? null : shown(value),
  expected,
  message: errorCatalogue[code].message,
});

/** Counts a problem, and lists it among the first ones (made only then: a file may have millions). */
export const addProblem = (
  found: AssessmentProblems,
  problem: AssessmentProblem | (() => AssessmentProblem),
): void => {
  found.count += 1;
  if (found.problems.length < ASSESSMENT_LIMITS.problems)
    found.problems.push(typeof problem === 'function' ? problem() : problem);
};

/** The problems listed, the file's first, then by row as the checks found them. */
export const sortedProblems = (found: AssessmentProblems): AssessmentProblems => ({
  count: found.count,
  problems: found.problems
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => (a.problem.row ?? 0) - (b.problem.row ?? 0) || a.index - b.index)
    .map(({ problem }) => problem),
});

/** A JSON file's data as read; a CSV file's, with the line each row starts on. */
export interface AssessmentRead {
  file: unknown;
  /** Per row (0-based index of rows), its line in a CSV file; empty for JSON. */
  lines: number[];
  found: AssessmentProblems;
}

const numberColumns = new Set<string>(['damageIndex', 'benefitAmount']);
/** The columns a CSV file may name: the assessment's and the notes of a list of the covered plots. */
const fileColumns: readonly string[] = [...assessmentCsvColumns, ...assessmentNoteColumns];
const known = (column: string): boolean => fileColumns.includes(column);

/** A number cell as a number (a decimal comma read in a semicolon file); anything else as its text. */
const cellValue = (column: string, value: string, decimalComma: boolean): string | number => {
  if (!numberColumns.has(column)) return value;
  const text = decimalComma ? value.replace(/^(-?\d+),(\d+)$/, '$1.$2') : value;
  return /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : value;
};

const validAssessmentId = new RegExp(runAssessmentIdSchema.pattern);
/** A day of the calendar written YYYY-MM-DD (as the schema's date format: 2026-02-30 is not one). */
const isDay = (value: string): boolean => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value)
  );
};
const validOf = {
  assessmentId: (value: string) =>
    value.length <= runAssessmentIdSchema.maxLength && validAssessmentId.test(value),
  assessmentDate: isDay,
};

/**
 * The file's assessment reference or date: the value most rows give, a valid one before any other (so a
 * row with a wrong one is blamed alone, whichever row it is), the first row's on a tie.
 */
const fileValueOf = (
  values: (string | undefined)[],
  valid: (value: string) => boolean,
): string | undefined => {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: { value: string; valid: boolean; count: number } | undefined;
  for (const [value, count] of counts) {
    const candidate = { value, valid: valid(value), count };
    if (!best || (candidate.valid && !best.valid) || (candidate.valid === best.valid && count > best.count))
      best = candidate;
  }
  return best?.value;
};

/**
 * A CSV file's records (its header first) in the JSON shape: each line's cells by the header's names,
 * empty cells left out, blank lines skipped; the assessment's id and date those most rows give, each
 * row that gives another blamed for it.
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
    if (name === '')
      addProblem(found, () => problemOf('ERR_ASSESSMENT_COLUMN_UNNAMED', { row: null, line: 1, where: '' }));
    else if (!known(name))
      addProblem(found, () =>
        problemOf(
          'ERR_ASSESSMENT_COLUMN_UNKNOWN',
          { row: null, line: 1, where: shown(name) },
          name,
          fileColumns.join(', '),
        ),
      );
    else if (named.has(name))
      addProblem(found, () =>
        problemOf('ERR_ASSESSMENT_COLUMN_REPEATED', { row: null, line: 1, where: name }, name),
      );
    else named.add(name);
  }
  for (const required of ['assessmentId', 'assessmentDate'])
    if (!named.has(required))
      addProblem(found, problemOf('ERR_ASSESSMENT_COLUMN_MISSING', { row: null, line: 1, where: required }));
  const rows: Record<string, string | number>[] = [];
  const rowLines: number[] = [];
  const own: { assessmentId?: string; assessmentDate?: string }[] = [];
  data.forEach((cells, index) => {
    if (cells.every((value) => value.trim() === '')) return;
    const row: Record<string, string | number> = {};
    cells.forEach((value, column) => {
      const name = columns[column] ?? '';
      const trimmed = value.trim();
      // An unknown column is reported once, at the header, not on every row.
      if (trimmed !== '' && known(name)) row[name] = cellValue(name, trimmed, separator === ';');
    });
    const { assessmentId, assessmentDate, ...fields } = row;
    own.push({
      assessmentId: assessmentId === undefined ? undefined : String(assessmentId),
      assessmentDate: assessmentDate === undefined ? undefined : String(assessmentDate),
    });
    rows.push(fields);
    rowLines.push(lines[index + 1] ?? 0);
  });
  const assessment = {
    assessmentId: fileValueOf(
      own.map((values) => values.assessmentId),
      validOf.assessmentId,
    ),
    assessmentDate: fileValueOf(
      own.map((values) => values.assessmentDate),
      validOf.assessmentDate,
    ),
  };
  own.forEach((values, index) => {
    for (const key of ['assessmentId', 'assessmentDate'] as const) {
      // A missing column is the header's problem, not each row's.
      if (!named.has(key)) continue;
      const place = { row: index + 1, line: rowLines[index] ?? null, where: key };
      if (values[key] === undefined)
        addProblem(found, () => problemOf('ERR_ASSESSMENT_FIELD_MISSING', place));
      else if (values[key] !== assessment[key])
        addProblem(found, () =>
          problemOf('ERR_ASSESSMENT_OTHER_ASSESSMENT', place, values[key], assessment[key] ?? null),
        );
    }
  });
  return { file: { ...assessment, rows }, lines: rowLines, found };
};

/** A schema problem as ajv reports it (its JSON path, keyword and parameters). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

const rowFieldCodes: Record<string, AssessmentProblemCode> = {
  plotId: 'ERR_ASSESSMENT_BAD_PLOT_ID',
  damageIndex: 'ERR_ASSESSMENT_BAD_DAMAGE_INDEX',
  benefitAmount: 'ERR_ASSESSMENT_BAD_AMOUNT',
};

/** The limit of a text field of a row: an area's name, or a note. */
const textLimitOf = (field: string): number | null =>
  field === 'federation' || field === 'village'
    ? 120
    : (assessmentNoteColumns as readonly string[]).includes(field)
      ? ASSESSMENT_NOTE_MAX_LENGTH
      : null;

/** The problem of a schema error: on its row and field, with the file's value, as the catalogue says it. */
const schemaProblem = (error: SchemaError, file: unknown, lines: number[]): AssessmentProblem => {
  const [, list, index, ...rest] = error.instancePath.split('/');
  const field = rest.join('/');
  const fileObject = (file ?? {}) as Record<string, unknown>;
  const missing = error.params.missingProperty as string | undefined;
  const extra = error.params.additionalProperty as string | undefined;
  if (list === 'rows' && index !== undefined && /^\d+$/.test(index)) {
    const rowIndex = Number(index);
    const place = { row: rowIndex + 1, line: lines[rowIndex] ?? null, where: field };
    const row = ((fileObject.rows as unknown[] | undefined)?.[rowIndex] ?? {}) as Record<string, unknown>;
    if (field === '') {
      if (extra !== undefined)
        return problemOf('ERR_ASSESSMENT_FIELD_UNKNOWN', { ...place, where: shown(extra) });
      return problemOf('ERR_ASSESSMENT_BAD_SHAPE', { ...place, where: `rows/${index}` }, null, 'object');
    }
    const code = rowFieldCodes[field];
    if (code) return problemOf(code, place, row[field]);
    const limit = textLimitOf(field);
    return problemOf(
      'ERR_ASSESSMENT_TEXT_TOO_LONG',
      place,
      row[field],
      limit === null ? null : String(limit),
    );
  }
  const place = { row: null, line: null, where: list ?? '' };
  if (list === undefined || list === '') {
    if (missing !== undefined) return problemOf('ERR_ASSESSMENT_FIELD_MISSING', { ...place, where: missing });
    if (extra !== undefined)
      return problemOf('ERR_ASSESSMENT_FIELD_UNKNOWN', { ...place, where: shown(extra) });
    return problemOf('ERR_ASSESSMENT_BAD_SHAPE', { ...place, where: '' }, null, 'object');
  }
  if (list === 'assessmentId') return problemOf('ERR_ASSESSMENT_BAD_ID', place, fileObject.assessmentId);
  if (list === 'assessmentDate')
    return problemOf('ERR_ASSESSMENT_BAD_DATE', place, fileObject.assessmentDate);
  if (error.keyword === 'minItems') return problemOf('ERR_ASSESSMENT_NO_ROWS', place);
  if (error.keyword === 'maxItems')
    return problemOf('ERR_ASSESSMENT_TOO_MANY_ROWS', place, null, String(ASSESSMENT_LIMITS.rows));
  return problemOf('ERR_ASSESSMENT_BAD_SHAPE', place, null, 'array');
};

/**
 * The schema's problems, one per row and field (ajv may report several of one value), and the rows
 * they were found on (whose fields together are not checked: their own faults say enough).
 */
export const schemaProblems = (
  errors: readonly SchemaError[],
  file: unknown,
  lines: number[],
  found: AssessmentProblems,
): Set<number> => {
  const faulty = new Set<number>();
  const seen = new Set<string>();
  for (const error of errors) {
    const [, list, index, ...field] = error.instancePath.split('/');
    const key = `${list ?? ''}/${index ?? ''}/${field.join('/')}/${String(error.params.additionalProperty ?? error.params.missingProperty ?? '')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (list === 'rows' && index !== undefined && /^\d+$/.test(index)) faulty.add(Number(index));
    addProblem(found, () => schemaProblem(error, file, lines));
  }
  return faulty;
};

/** A row as the schema left it, once its own faults are known: what the rules of its fields say. */
const rowRuleProblem = (row: AssessmentRow): AssessmentProblemCode | null => {
  const area = row.federation !== undefined || row.village !== undefined;
  const index = row.damageIndex !== undefined && row.damageIndex !== null;
  const amount = row.benefitAmount !== undefined && row.benefitAmount !== null;
  if (row.plotId !== undefined && area) return 'ERR_ASSESSMENT_PLOT_AND_AREA';
  if (row.plotId === undefined && !area) return 'ERR_ASSESSMENT_NO_PLOT_NOR_AREA';
  if (area && !index) return 'ERR_ASSESSMENT_AREA_WITHOUT_INDEX';
  if (area && amount) return 'ERR_ASSESSMENT_AREA_WITH_AMOUNT';
  if (index && amount) return 'ERR_ASSESSMENT_INDEX_AND_AMOUNT';
  if (amount && toCents(row.benefitAmount as number) === undefined) return 'ERR_ASSESSMENT_BAD_AMOUNT';
  return null;
};

const ruleFields: Partial<Record<AssessmentProblemCode, keyof AssessmentRow>> = {
  ERR_ASSESSMENT_PLOT_AND_AREA: 'plotId',
  ERR_ASSESSMENT_NO_PLOT_NOR_AREA: 'plotId',
  ERR_ASSESSMENT_AREA_WITHOUT_INDEX: 'damageIndex',
  ERR_ASSESSMENT_AREA_WITH_AMOUNT: 'benefitAmount',
  ERR_ASSESSMENT_INDEX_AND_AMOUNT: 'benefitAmount',
  ERR_ASSESSMENT_BAD_AMOUNT: 'benefitAmount',
};

/**
 * The rules of a row past its schema, on the rows the schema found no fault on: a row names a plot or
 * an area (a federation, a village, or both), not both; a plot has a damage index or a benefit amount,
 * not both (or neither: a blank row of a list of the covered plots, set aside); an area has a damage
 * index and no amount (its plots' seasons differ); an amount has two decimals at most. A file whose
 * every row is blank has nothing to assess. A row found faulty joins `faulty`.
 */
export const assessmentRowProblems = (
  file: AssessmentFile,
  lines: number[],
  found: AssessmentProblems,
  faulty: Set<number> = new Set(),
): void => {
  let assessed = 0;
  const checked = faulty.size;
  file.rows.forEach((row, index) => {
    if (faulty.has(index)) return;
    const code = rowRuleProblem(row);
    if (code === null) {
      if (isAssessedRow(row)) assessed += 1;
      return;
    }
    // Its fields say enough: its plot is not looked up too.
    faulty.add(index);
    const where = ruleFields[code] ?? 'plotId';
    addProblem(found, () =>
      problemOf(code, { row: index + 1, line: lines[index] ?? null, where }, row[where] ?? null),
    );
  });
  if (assessed === 0 && checked === 0 && found.count === 0)
    addProblem(found, problemOf('ERR_ASSESSMENT_NO_ROWS', { row: null, line: null, where: 'rows' }));
};

/** Where a plot id leads: one of the enabler's plots, another enabler's, or none that exists. */
export type PlotOwner = 'ENABLER' | 'OTHER_ENABLER' | 'NONE';

/** The plot ids the rows name whose plots must be looked up: those of rows the schema found no fault on. */
export const namedPlotIds = (file: AssessmentFile, faulty: ReadonlySet<number>): string[] => [
  ...new Set(
    file.rows.flatMap((row, index) => (row.plotId !== undefined && !faulty.has(index) ? [row.plotId] : [])),
  ),
];

/** Each row naming a plot that is not the enabler's: unknown, or another enabler's. */
export const plotProblems = (
  file: AssessmentFile,
  lines: number[],
  owners: ReadonlyMap<string, PlotOwner>,
  found: AssessmentProblems,
): void => {
  file.rows.forEach((row, index) => {
    if (row.plotId === undefined) return;
    const owner = owners.get(row.plotId);
    if (owner === undefined || owner === 'ENABLER') return;
    addProblem(found, () =>
      problemOf(
        owner === 'NONE' ? 'ERR_ASSESSMENT_UNKNOWN_PLOT' : 'ERR_ASSESSMENT_OTHER_ENABLER_PLOT',
        { row: index + 1, line: lines[index] ?? null, where: 'plotId' },
        row.plotId,
      ),
    );
  });
};

/** Rows of the file left blank (a plot row with neither a damage index nor an amount): set aside by the run. */
export const unassessedRows = (file: AssessmentFile): number =>
  file.rows.filter((row) => !isAssessedRow(row)).length;
