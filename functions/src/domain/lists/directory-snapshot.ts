import type { ColumnValues } from './directory-index.ts';

/*
 * A snapshot of an enabler's list (the member list, an administrators' record table): what a new
 * Lambda instance loads instead of reading every row from the table (docs/architecture.md). Each list
 * declares its layout: the columns of its rows and how each is written, its sort orders, and the other
 * tables it carries (a record table's member and plot names).
 *
 * Layout (before compression): one line of JSON (the header), then the sections one after the other,
 * as the header lists them with their byte lengths:
 * - text: the values joined by '\n' (UTF-8); a value that holds '\n', or starts with '\u0002', is
 *   written '\u0002' + its JSON (null too), and the header names the columns that have such values;
 * - int32 / float64: little-endian numbers; columns of few distinct values (villages, dates…) are
 *   int32 positions in a dictionary of the header, -1 for null;
 * - instant: ISO instants as float64 milliseconds (NaN for null), when each one reads back the same
 *   (otherwise the column is written as text);
 * - one int32 section per sort order (`order:<field>`); another table's columns are `<table>.<column>`.
 * Text split and typed-array copies are several times quicker to read than JSON of the same rows.
 */

export type ColumnEncoding = 'text' | 'float64' | 'int32' | 'instant' | { dictionary: string };

export type TableLayout = readonly (readonly [column: string, encoding: ColumnEncoding])[];

export interface SnapshotLayout {
  format: string;
  version: number;
  /** The rows' columns, in the order they are written. */
  columns: TableLayout;
  sortFields: readonly string[];
  /** Other tables the snapshot carries, by name. */
  tables?: Readonly<Record<string, TableLayout>>;
}

export interface SnapshotTimes {
  enablerId: string;
  /** Every change before this instant is in the snapshot; readers catch up from it (less an overlap). */
  seenUpTo: string;
  /** When the rows were last read in full from the table (the catch-ups since build on it). */
  rebuiltAt: string;
}

/** A snapshot to write: its columns as arrays. */
export interface SnapshotToWrite extends SnapshotTimes {
  columns: Readonly<Record<string, readonly unknown[]>>;
  orders: Readonly<Record<string, Int32Array | undefined>>;
  tables?: Readonly<Record<string, Readonly<Record<string, readonly unknown[]>>>>;
}

/** A snapshot as read: columns that read their values from the bytes as they are asked for. */
export interface DecodedSnapshot extends SnapshotTimes {
  columns: Record<string, ColumnValues<unknown>>;
  orders: Record<string, Int32Array>;
  tables: Record<string, Record<string, ColumnValues<unknown>>>;
}

const ESCAPE = '\u0002';

type SectionKind = 'text' | 'int32' | 'float64' | 'instant';

interface Header extends SnapshotTimes {
  format: string;
  version: number;
  rows: number;
  dictionaries: Record<string, string[]>;
  escaped: string[];
  /** Rows of each other table. */
  tables?: Record<string, number>;
  /** Name, kind and byte length of each section, in order. */
  sections: [string, SectionKind, number][];
}

if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1)
  throw new Error('Snapshots are written little-endian; this machine is not');

const needsEscape = (value: unknown): boolean =>
  value === null || (value as string).includes('\n') || (value as string).startsWith(ESCAPE);

const escapeValue = (value: unknown): string =>
  needsEscape(value) ? `${ESCAPE}${JSON.stringify(value)}` : (value as string);

const unescapeValue = (value: string): string | null =>
  value.startsWith(ESCAPE) ? (JSON.parse(value.slice(1)) as string | null) : value;

/** An instant that reads back as it is written from its milliseconds. */
const isExactInstant = (value: unknown): boolean =>
  value === null ||
  (typeof value === 'string' && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value);

/** Every table's sections: the columns as the layout says, the dictionaries filled as values come. */
const sectionsOf = (
  prefix: string,
  layout: TableLayout,
  columns: Readonly<Record<string, readonly unknown[]>>,
  dictionaries: Record<string, string[]>,
  positions: Map<string, Map<string, number>>,
  escaped: string[],
): [string, SectionKind, Buffer][] =>
  layout.map(([column, encoding]): [string, SectionKind, Buffer] => {
    const name = `${prefix}${column}`;
    const values = columns[column] ?? [];
    if (encoding === 'instant' && values.every(isExactInstant)) {
      const milliseconds = Float64Array.from(values, (value) =>
        value === null ? Number.NaN : Date.parse(value as string),
      );
      return [name, 'instant', Buffer.from(milliseconds.buffer)];
    }
    if (encoding === 'text' || encoding === 'instant') {
      const escape = values.some(needsEscape);
      if (escape) escaped.push(name);
      return [name, 'text', Buffer.from((escape ? values.map(escapeValue) : values).join('\n'))];
    }
    if (encoding === 'float64')
      return [name, 'float64', Buffer.from(Float64Array.from(values as number[]).buffer)];
    if (encoding === 'int32') return [name, 'int32', Buffer.from(Int32Array.from(values as number[]).buffer)];
    const dictionary = (dictionaries[encoding.dictionary] ??= []);
    let known = positions.get(encoding.dictionary);
    if (!known) positions.set(encoding.dictionary, (known = new Map()));
    const coded = new Int32Array(values.length);
    values.forEach((value, row) => {
      if (value === null) return (coded[row] = -1);
      let position = known.get(value as string);
      if (position === undefined) {
        position = dictionary.push(value as string) - 1;
        known.set(value as string, position);
      }
      coded[row] = position;
    });
    return [name, 'int32', Buffer.from(coded.buffer)];
  });

/** The snapshot as bytes (compressed by the caller). */
export const encodeSnapshot = (layout: SnapshotLayout, snapshot: SnapshotToWrite): Buffer => {
  const dictionaries: Record<string, string[]> = {};
  // Every dictionary is in the header, even empty, in the order the layout names them.
  for (const [, encoding] of [...layout.columns, ...Object.values(layout.tables ?? {}).flat()])
    if (typeof encoding === 'object') dictionaries[encoding.dictionary] = [];
  const positions = new Map<string, Map<string, number>>();
  const escaped: string[] = [];
  const sections = sectionsOf('', layout.columns, snapshot.columns, dictionaries, positions, escaped);
  for (const field of layout.sortFields) {
    const order = snapshot.orders[field];
    if (order) sections.push([`order:${field}`, 'int32', Buffer.from(Int32Array.from(order).buffer)]);
  }
  const tableRows: Record<string, number> = {};
  for (const [table, tableLayout] of Object.entries(layout.tables ?? {})) {
    const columns = snapshot.tables?.[table] ?? {};
    tableRows[table] = columns[tableLayout[0]?.[0] ?? '']?.length ?? 0;
    sections.push(...sectionsOf(`${table}.`, tableLayout, columns, dictionaries, positions, escaped));
  }
  const header: Header = {
    format: layout.format,
    version: layout.version,
    enablerId: snapshot.enablerId,
    seenUpTo: snapshot.seenUpTo,
    rebuiltAt: snapshot.rebuiltAt,
    rows: snapshot.columns[layout.columns[0]?.[0] ?? '']?.length ?? 0,
    dictionaries,
    escaped,
    ...(layout.tables ? { tables: tableRows } : {}),
    sections: sections.map(([name, kind, bytes]) => [name, kind, bytes.length]),
  };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), ...sections.map(([, , bytes]) => bytes)]);
};

/** Thrown for bytes that are not a snapshot of this layout (the reader then loads from the table). */
export class BadSnapshotError extends Error {
  constructor(reason: string) {
    super(`Not a usable snapshot: ${reason}`);
    this.name = 'BadSnapshotError';
  }
}

const typedCopy = <T extends Int32Array | Float64Array>(
  bytes: Buffer,
  start: number,
  length: number,
  Type: { new (length: number): T; BYTES_PER_ELEMENT: number },
): T => {
  const values = new Type(length / Type.BYTES_PER_ELEMENT);
  // Copied, not viewed: a section need not start on an aligned byte.
  new Uint8Array(values.buffer).set(bytes.subarray(start, start + length));
  return values;
};

/** A text column kept as its one string: a value is cut out when it is read. */
class TextColumn implements ColumnValues<string | null> {
  /** Where each value starts, and one past the end of the last (as if it were followed by '\n'). */
  private readonly starts: Int32Array;

  constructor(
    private readonly text: string,
    rows: number,
    private readonly escaped: boolean,
  ) {
    this.starts = new Int32Array(rows + 1);
    let start = 0;
    for (let row = 0; row < rows; row += 1) {
      this.starts[row] = start;
      const end = text.indexOf('\n', start);
      start = end < 0 ? text.length + 1 : end + 1;
    }
    this.starts[rows] = start;
    if (rows > 0 && start !== text.length + 1) throw new BadSnapshotError('a text column has more rows');
  }

  get length(): number {
    return this.starts.length - 1;
  }

  at(row: number): string | null | undefined {
    if (row < 0 || row >= this.length) return undefined;
    const value = this.text.slice(this.starts[row], (this.starts[row + 1] as number) - 1);
    return this.escaped ? unescapeValue(value) : value;
  }
}

/** A column of few distinct values: positions in a dictionary, -1 for null. */
class CodedColumn implements ColumnValues<string | null> {
  constructor(
    private readonly codes: Int32Array,
    private readonly dictionary: string[],
  ) {}

  get length(): number {
    return this.codes.length;
  }

  at(row: number): string | null | undefined {
    const code = this.codes[row];
    return code === undefined ? undefined : (this.dictionary[code] ?? null);
  }
}

/** ISO instants kept as milliseconds (NaN for null): a value's text is made when it is read. */
class InstantColumn implements ColumnValues<string | null> {
  constructor(private readonly milliseconds: Float64Array) {}

  get length(): number {
    return this.milliseconds.length;
  }

  at(row: number): string | null | undefined {
    const value = this.milliseconds[row];
    if (value === undefined) return undefined;
    return Number.isNaN(value) ? null : new Date(value).toISOString();
  }
}

/**
 * The snapshot in `bytes` (decompressed), read with its layout; BadSnapshotError when they are not one.
 * Its columns read the bytes' text and numbers as they are asked for, without a string or an object per row.
 */
export const decodeSnapshot = (layout: SnapshotLayout, bytes: Buffer): DecodedSnapshot => {
  const headerEnd = bytes.indexOf(10);
  if (headerEnd < 0) throw new BadSnapshotError('no header');
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8', 0, headerEnd)) as Header;
  } catch {
    throw new BadSnapshotError('unreadable header');
  }
  if (header.format !== layout.format || header.version !== layout.version)
    throw new BadSnapshotError(`format ${String(header.format)} ${String(header.version)}`);
  const dictionaryOf = new Map<string, string>();
  for (const [column, encoding] of layout.columns)
    if (typeof encoding === 'object') dictionaryOf.set(column, encoding.dictionary);
  for (const [table, tableLayout] of Object.entries(layout.tables ?? {}))
    for (const [column, encoding] of tableLayout)
      if (typeof encoding === 'object') dictionaryOf.set(`${table}.${column}`, encoding.dictionary);
  const columns: Record<string, ColumnValues<unknown>> = {};
  const tables: Record<string, Record<string, ColumnValues<unknown>>> = {};
  const orders: Record<string, Int32Array> = {};
  const rowsOf = (name: string): number => {
    const dot = name.indexOf('.');
    return dot < 0 ? header.rows : (header.tables?.[name.slice(0, dot)] ?? 0);
  };
  const place = (name: string, values: ColumnValues<unknown>) => {
    const dot = name.indexOf('.');
    if (dot < 0) columns[name] = values;
    else (tables[name.slice(0, dot)] ??= {})[name.slice(dot + 1)] = values;
  };
  let offset = headerEnd + 1;
  for (const [name, kind, length] of header.sections) {
    if (offset + length > bytes.length) throw new BadSnapshotError('truncated');
    if (kind === 'text') {
      place(
        name,
        new TextColumn(
          bytes.toString('utf8', offset, offset + length),
          rowsOf(name),
          header.escaped.includes(name),
        ),
      );
    } else if (kind === 'float64') {
      place(name, typedCopy(bytes, offset, length, Float64Array));
    } else if (kind === 'instant') {
      place(name, new InstantColumn(typedCopy(bytes, offset, length, Float64Array)));
    } else {
      const values = typedCopy(bytes, offset, length, Int32Array);
      const dictionary = dictionaryOf.get(name);
      if (name.startsWith('order:')) orders[name.slice('order:'.length)] = values;
      else place(name, dictionary ? new CodedColumn(values, header.dictionaries[dictionary] ?? []) : values);
    }
    offset += length;
  }
  for (const [column] of layout.columns)
    if (columns[column]?.length !== header.rows)
      throw new BadSnapshotError(`column ${column} is missing or short`);
  for (const [table, tableLayout] of Object.entries(layout.tables ?? {}))
    for (const [column] of tableLayout)
      if (tables[table]?.[column]?.length !== (header.tables?.[table] ?? -1))
        throw new BadSnapshotError(`column ${table}.${column} is missing or short`);
  return {
    enablerId: header.enablerId,
    seenUpTo: header.seenUpTo,
    rebuiltAt: header.rebuiltAt,
    columns,
    orders,
    tables,
  };
};
