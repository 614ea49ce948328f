/*
 * CSV, read and written as schemas/csv.ts says: one rule shared with the screens (a file they write,
 * such as the rows of an assessment to correct, is formula-safe the same way).
 */
export { csvSeparatorOf, csvText, parseCsv, type CsvRead } from '@cpbo/schemas/csv.ts';
