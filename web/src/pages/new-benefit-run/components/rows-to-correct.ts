import type { TFunction } from 'i18next';
import { csvSeparatorOf, csvText, parseCsv } from '@cpbo/schemas/csv.ts';
import type { AssessmentProblem } from '../../../api/benefit-runs.ts';
import { errorMessage } from '../../../common/errors/error-message.ts';

/** A problem's text in the user's language: its code's, naming its field, value and what was expected. */
export const problemText = (t: TFunction, problem: AssessmentProblem): string =>
  errorMessage(t, {
    code: problem.code,
    message: problem.message,
    details: { where: problem.where, value: problem.value ?? '', expected: problem.expected ?? '' },
  });

/** A file's rows by row number (1-based, as the problems name them), each as its header's cells. */
const rowsOfFile = (text: string, csv: boolean): { header: string[]; rows: Map<number, string[]> } => {
  if (csv) {
    const { records } = parseCsv(text, csvSeparatorOf(text));
    const [header = [], ...data] = records;
    const rows = new Map<number, string[]>();
    // Rows are counted as the API counts them: blank lines skipped.
    let row = 0;
    data.forEach((cells) => {
      if (cells.every((cell) => cell.trim() === '')) return;
      row += 1;
      rows.set(row, cells);
    });
    return { header, rows };
  }
  const file = JSON.parse(text) as { assessmentId?: unknown; assessmentDate?: unknown; rows?: unknown };
  const fileRows = Array.isArray(file.rows) ? (file.rows as unknown[]) : [];
  const fields = [
    ...new Set(fileRows.flatMap((row) => (row !== null && typeof row === 'object' ? Object.keys(row) : []))),
  ];
  const header = ['assessmentId', 'assessmentDate', ...fields];
  const cell = (value: unknown) =>
    value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const rows = new Map<number, string[]>(
    fileRows.map((row, index) => {
      const values = (row !== null && typeof row === 'object' ? row : {}) as Record<string, unknown>;
      return [
        index + 1,
        [cell(file.assessmentId), cell(file.assessmentDate), ...fields.map((field) => cell(values[field]))],
      ];
    }),
  );
  return { header, rows };
};

/**
 * The rows to correct as a CSV worklist: one line per problem listed (the whole file's first), with its
 * row, CSV line, field and text, then the row's cells as the file gives them. Its cells are formula-safe
 * by the product's one rule (schemas/csv.ts).
 */
export const rowsToCorrectCsv = (
  t: TFunction,
  text: string,
  csv: boolean,
  problems: readonly AssessmentProblem[],
): string => {
  let file: { header: string[]; rows: Map<number, string[]> };
  try {
    file = rowsOfFile(text, csv);
  } catch {
    // A file that is not JSON has no rows to show beside its problems.
    file = { header: [], rows: new Map() };
  }
  const columns = [
    t('benefitRuns.upload.problems.row'),
    t('benefitRuns.upload.problems.line'),
    t('benefitRuns.upload.problems.where'),
    t('benefitRuns.upload.problems.message'),
    ...file.header,
  ];
  return csvText(
    columns,
    problems.map((problem) => [
      problem.row ?? t('benefitRuns.upload.problems.wholeFile'),
      problem.line,
      problem.where,
      problemText(t, problem),
      ...(problem.row === null ? [] : (file.rows.get(problem.row) ?? [])),
    ]),
  );
};
