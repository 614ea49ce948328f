/*
 * CSV as RFC 4180 writes it: fields separated by a comma (or a semicolon, as spreadsheets set to a
 * decimal comma save it), quoted when they hold the separator, a quote or a line break, quotes doubled.
 */

/** A file's lines as fields, and the line each starts on (1-based, a quoted line break counts). */
export interface CsvRead {
  records: string[][];
  lines: number[];
}

/** The separator of a file: a semicolon when its first line has one and no comma. */
export const csvSeparatorOf = (text: string): ',' | ';' => {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
};

/**
 * Reads a CSV text (a leading byte-order mark ignored) into its records. A quote that is not closed
 * runs to the end of the file, as spreadsheets read it.
 */
export const parseCsv = (text: string, separator: ',' | ';'): CsvRead => {
  const records: string[][] = [];
  const lines: number[] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    lines.push(recordLine);
    record = [];
    field = '';
  };
  for (let index = 0; index < body.length; index += 1) {
    const character = body[index] as string;
    if (quoted) {
      if (character === '"' && body[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else {
        if (character === '\n') line += 1;
        field += character;
      }
    } else if (character === '"' && field === '') quoted = true;
    else if (character === separator) {
      record.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && body[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else field += character;
  }
  if (field !== '' || record.length > 0) endRecord();
  return { records, lines };
};

/**
 * Where a spreadsheet may start a cell: the text's start and, if the file is read with the other
 * separator (French settings split on semicolons) or its quotes are not honoured, after a comma, a
 * semicolon or a line break and any quotes that follow them. A formula character there (=, +, -, @, a
 * tab or a carriage return: OWASP's list) is written behind a single quote, which the spreadsheet
 * shows as text: `Awa;=1+1` is written `Awa;'=1+1`, a phone `+221 77…` `'+221 77…`.
 */
const formulaSafe = (value: string): string => {
  let safe = '';
  let atStart = true;
  for (const character of value) {
    if (atStart && '=+-@\t\r'.includes(character)) safe += "'";
    safe += character;
    // A quote right after a cell's start keeps it there: `;"=` is a quoted cell that begins with `=`.
    if (',;\r\n'.includes(character)) atStart = true;
    else if (character !== '"') atStart = false;
  }
  return safe;
};

/** A cell is quoted when it holds either separator, a quote or a line break. */
const needsQuotes = /[",;\r\n]/;

const cell = (value: string | number | null): string => {
  if (typeof value === 'number') return String(value);
  const text = formulaSafe(value ?? '');
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * A CSV text with a header line, comma-separated, CRLF line ends (RFC 4180): every text cell
 * formula-safe whichever separator a spreadsheet reads it with, numbers as they are.
 */
export const csvText = (header: readonly string[], rows: readonly (string | number | null)[][]): string =>
  [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
