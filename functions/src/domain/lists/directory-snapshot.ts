import { exactMilliseconds, type ColumnValues, type InstantValues } from './column-values.ts';

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
 * - uuid: an id column whose every value is a lowercase UUID, 16 bytes each: less than half the bytes
 *   to inflate, and nothing to split;
 * - int32 / float64: little-endian numbers, a float64 column of whole numbers as int32 (amounts in
 *   cents: half the bytes); columns of few distinct values (villages, dates…) are int32 positions in
 *   a dictionary of the header, -1 for null;
 * - uint8: such positions as one byte each, 255 for null, when they are all below 255 (who made a
 *   record, its risk…): a quarter of the bytes;
 * - instant: ISO instants as float64 milliseconds (NaN for null), when each one reads back the same
 *   (otherwise the column is written as text);
 * - one int32 section per sort order (`order:<field>`); another table's columns are `<table>.<column>`.
 *   The orders a layout keeps apart are not in it: each is written to its own object (`encodeOrderPieces`)
 *   under the snapshot's generation, and read when a page first sorts by it, so that a new instance
 *   inflates only the order of its first page (at millions of rows the orders are a third of the bytes).
 * Text split and typed-array copies are several times quicker to read than JSON of the same rows.
 */

/** `id`: text that is a lowercase UUID as the product makes them, written as 16 bytes when every value is one. */
export type ColumnEncoding = 'text' | 'id' | 'float64' | 'int32' | 'instant' | { dictionary: string };

export type TableLayout = readonly (readonly [column: string, encoding: ColumnEncoding])[];

export interface SnapshotLayout {
  format: string;
  /** The version written. Version 2 added UUID sections and sort orders written apart. */
  version: number;
  /** Earlier versions this layout still reads (their snapshots have nothing a later reader misreads). */
  reads?: readonly number[];
  /** The rows' columns, in the order they are written. */
  columns: TableLayout;
  sortFields: readonly string[];
  /** Other tables the snapshot carries, by name. */
  tables?: Readonly<Record<string, TableLayout>>;
  /** Sort orders written apart from the snapshot, each in its own object. */
  ordersApart?: readonly string[];
}

export interface SnapshotTimes {
  enablerId: string;
  /** Every change before this instant is in the snapshot; readers catch up from it (less an overlap). */
  seenUpTo: string;
  /** When the rows were last read in full from the table (the catch-ups since build on it). */
  rebuiltAt: string;
}

/**
 * A snapshot to write: its columns as arrays, or as anything that reads a row's value (an index's
 * columns as they are held, so that a large list is not copied value by value to be written).
 */
export interface SnapshotToWrite extends SnapshotTimes {
  /** Names this writing: the orders written apart carry it, and fit only the snapshot that does. */
  generation?: string;
  columns: Readonly<Record<string, ColumnValues<unknown>>>;
  orders: Readonly<Record<string, Int32Array | undefined>>;
  tables?: Readonly<Record<string, Readonly<Record<string, ColumnValues<unknown>>>>>;
}

/** A snapshot as read: columns that read their values from the bytes as they are asked for. */
export interface DecodedSnapshot extends SnapshotTimes {
  columns: Record<string, ColumnValues<unknown>>;
  orders: Record<string, Int32Array>;
  /** The orders written apart, and the generation they must carry to fit these rows. */
  ordersApart: { generation: string; fields: string[] } | undefined;
  generation: string | undefined;
  tables: Record<string, Record<string, ColumnValues<unknown>>>;
}

const ESCAPE = '\u0002';

type SectionKind = 'text' | 'uuid' | 'uint8' | 'int32' | 'float64' | 'instant';

/** A null in a uint8 section of positions. */
const NULL_BYTE = 255;

const BYTES_PER_VALUE = { uint8: 1, int32: 4, float64: 8, instant: 8 } as const;

interface Header extends SnapshotTimes {
  format: string;
  version: number;
  rows: number;
  dictionaries: Record<string, string[]>;
  escaped: string[];
  /** Rows of each other table. */
  tables?: Record<string, number>;
  generation?: string;
  ordersApart?: string[];
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

/** The instants' milliseconds (NaN for null), undefined for a value that is not an exact instant. */
const millisecondsOf = (values: ColumnValues<unknown>): ((row: number) => number | undefined) =>
  'millisecondsAt' in values
    ? (row) => (values as InstantValues).millisecondsAt(row)
    : (row) => exactMilliseconds(values.at(row));

/** True when every value is an exact instant or null (the column is then written as milliseconds). */
const allInstants = (values: ColumnValues<unknown>): boolean => {
  const milliseconds = millisecondsOf(values);
  for (let row = 0; row < values.length; row += 1) if (milliseconds(row) === undefined) return false;
  return true;
};

/** Text sections are written in pieces of about this many values. */
const TEXT_PIECE_ROWS = 16_384;

/** A section to write: its name, kind and byte length, and its bytes when they are asked for. */
interface Section {
  name: string;
  kind: SectionKind;
  length: number;
  bytes: () => Iterable<Buffer>;
}

/** A section of numbers: its bytes are those of the array `make` gives when it is written, as a view. */
const typedSection = (
  name: string,
  kind: keyof typeof BYTES_PER_VALUE,
  rows: number,
  make: () => Uint8Array | Int32Array | Float64Array,
): Section => ({
  name,
  kind,
  length: rows * BYTES_PER_VALUE[kind],
  bytes: () => {
    const values = make();
    return [Buffer.from(values.buffer, values.byteOffset, values.byteLength)];
  },
});

/** The column's numbers as a typed array: itself when it is one, else made value by value. */
const numbersOf =
  <T extends Int32Array | Float64Array>(
    values: ColumnValues<unknown>,
    Type: { new (length: number): T; from(source: ArrayLike<number>): T },
  ) =>
  (): T => {
    if (values instanceof Type) return values;
    const numbers = new Type(values.length);
    for (let row = 0; row < values.length; row += 1) numbers[row] = values.at(row) as number;
    return numbers;
  };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const UUID_BYTES = 16;

/** True for a lowercase UUID: its 16 bytes give it back, and sort as its text does. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** Writes a lowercase UUID's 16 bytes at `offset`. */
export const writeUuid = (bytes: Buffer, offset: number, uuid: string): void => {
  bytes.write(uuid.replaceAll('-', ''), offset, UUID_BYTES, 'hex');
};

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** The UUID of the 16 bytes at `offset`, as text. */
export const uuidAt = (bytes: Uint8Array, offset: number): string => {
  let text = '';
  for (let at = offset; at < offset + UUID_BYTES; at += 1) {
    if (at === offset + 4 || at === offset + 6 || at === offset + 8 || at === offset + 10) text += '-';
    text += HEX[bytes[at] as number] as string;
  }
  return text;
};

/** True when every value is a whole number that an int32 holds as it is. */
const allInt32 = (values: ColumnValues<unknown>): boolean => {
  for (let row = 0; row < values.length; row += 1) {
    const value = values.at(row) as number;
    if ((value | 0) !== value || Object.is(value, -0)) return false;
  }
  return true;
};

/** True when the column has values and every one is a lowercase UUID. */
const allUuids = (values: ColumnValues<unknown>): boolean => {
  for (let row = 0; row < values.length; row += 1) if (!isUuid(values.at(row))) return false;
  return values.length > 0;
};

/** A column of UUIDs as 16 bytes each, made piece by piece as they are written. */
const uuidSection = (name: string, values: ColumnValues<unknown>): Section => ({
  name,
  kind: 'uuid',
  length: values.length * UUID_BYTES,
  bytes: function* () {
    for (let first = 0; first < values.length; first += TEXT_PIECE_ROWS) {
      const rows = Math.min(values.length, first + TEXT_PIECE_ROWS) - first;
      const piece = Buffer.allocUnsafe(rows * UUID_BYTES);
      for (let row = 0; row < rows; row += 1)
        writeUuid(piece, row * UUID_BYTES, values.at(first + row) as string);
      yield piece;
    }
  },
});

/** A text section: its length is counted first, its bytes made piece by piece as they are written. */
const textSection = (name: string, values: ColumnValues<unknown>, escaped: string[]): Section => {
  let escape = false;
  for (let row = 0; row < values.length && !escape; row += 1) escape = needsEscape(values.at(row));
  if (escape) escaped.push(name);
  const text = (row: number) => (escape ? escapeValue(values.at(row)) : (values.at(row) as string));
  let length = Math.max(0, values.length - 1);
  for (let row = 0; row < values.length; row += 1) length += Buffer.byteLength(text(row));
  return {
    name,
    kind: 'text',
    length,
    bytes: function* () {
      for (let first = 0; first < values.length; first += TEXT_PIECE_ROWS) {
        const piece: string[] = [];
        for (let row = first; row < Math.min(values.length, first + TEXT_PIECE_ROWS); row += 1)
          piece.push(text(row));
        yield Buffer.from((first === 0 ? '' : '\n') + piece.join('\n'));
      }
    },
  };
};

/** Every table's sections: the columns as the layout says, the dictionaries filled as values come. */
const sectionsOf = (
  prefix: string,
  layout: TableLayout,
  columns: Readonly<Record<string, ColumnValues<unknown>>>,
  dictionaries: Record<string, string[]>,
  positions: Map<string, Map<string, number>>,
  escaped: string[],
): Section[] =>
  layout.map(([column, encoding]): Section => {
    const name = `${prefix}${column}`;
    const values = columns[column] ?? [];
    const rows = values.length;
    if (encoding === 'instant' && allInstants(values)) {
      const milliseconds = millisecondsOf(values);
      return typedSection(name, 'instant', rows, () =>
        Float64Array.from({ length: rows }, (_, row) => milliseconds(row) as number),
      );
    }
    if (encoding === 'id' && allUuids(values)) return uuidSection(name, values);
    if (encoding === 'text' || encoding === 'id' || encoding === 'instant')
      return textSection(name, values, escaped);
    if (encoding === 'float64')
      return allInt32(values)
        ? typedSection(name, 'int32', rows, numbersOf(values, Int32Array))
        : typedSection(name, 'float64', rows, numbersOf(values, Float64Array));
    if (encoding === 'int32') return typedSection(name, 'int32', rows, numbersOf(values, Int32Array));
    const dictionary = (dictionaries[encoding.dictionary] ??= []);
    let known = positions.get(encoding.dictionary);
    if (!known) positions.set(encoding.dictionary, (known = new Map()));
    const coded = new Int32Array(values.length);
    let highest = -1;
    for (let row = 0; row < values.length; row += 1) {
      const value = values.at(row);
      if (value === null) {
        coded[row] = -1;
        continue;
      }
      let position = known.get(value as string);
      if (position === undefined) {
        position = dictionary.push(value as string) - 1;
        known.set(value as string, position);
      }
      coded[row] = position;
      highest = Math.max(highest, position);
    }
    if (highest >= NULL_BYTE) return typedSection(name, 'int32', rows, () => coded);
    return typedSection(name, 'uint8', rows, () =>
      Uint8Array.from(coded, (code) => (code < 0 ? NULL_BYTE : code)),
    );
  });

/**
 * The snapshot as bytes, in pieces (compressed by the caller as they come): the header, then each
 * section. Numbers and orders are handed as views of their arrays, text in pieces, so that writing
 * a large list holds little beside the list itself.
 */
export function* encodeSnapshotPieces(layout: SnapshotLayout, snapshot: SnapshotToWrite): Generator<Buffer> {
  const dictionaries: Record<string, string[]> = {};
  // Every dictionary is in the header, even empty, in the order the layout names them.
  for (const [, encoding] of [...layout.columns, ...Object.values(layout.tables ?? {}).flat()])
    if (typeof encoding === 'object') dictionaries[encoding.dictionary] = [];
  const positions = new Map<string, Map<string, number>>();
  const escaped: string[] = [];
  const sections = sectionsOf('', layout.columns, snapshot.columns, dictionaries, positions, escaped);
  // Orders go apart only under a generation, which their objects carry: without one they stay in.
  const ordersApart: string[] = [];
  for (const field of layout.sortFields) {
    const order = snapshot.orders[field];
    if (order && snapshot.generation && layout.ordersApart?.includes(field)) ordersApart.push(field);
    else if (order) sections.push(typedSection(`order:${field}`, 'int32', order.length, () => order));
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
    ...(snapshot.generation ? { generation: snapshot.generation } : {}),
    ...(ordersApart.length ? { ordersApart } : {}),
    sections: sections.map(({ name, kind, length }) => [name, kind, length]),
  };
  yield Buffer.from(`${JSON.stringify(header)}\n`);
  for (const section of sections) yield* section.bytes();
}

/** The snapshot as bytes (compressed by the caller). */
export const encodeSnapshot = (layout: SnapshotLayout, snapshot: SnapshotToWrite): Buffer =>
  Buffer.concat([...encodeSnapshotPieces(layout, snapshot)]);

/** Thrown for bytes that are not a snapshot of this layout (the reader then loads from the table). */
export class BadSnapshotError extends Error {
  constructor(reason: string) {
    super(`Not a usable snapshot: ${reason}`);
    this.name = 'BadSnapshotError';
  }
}

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

/** A column of UUIDs kept as their bytes: a value's text is made when it is read. */
export class UuidColumn implements ColumnValues<string> {
  constructor(private readonly bytes: Uint8Array) {}

  get length(): number {
    return this.bytes.length / UUID_BYTES;
  }

  at(row: number): string | undefined {
    if (row < 0 || row >= this.length) return undefined;
    return uuidAt(this.bytes, row * UUID_BYTES);
  }
}

/** A column of few distinct values: positions in a dictionary, -1 (255 as bytes) for null. */
export class CodedColumn implements ColumnValues<string | null> {
  private readonly nullCode: number;

  constructor(
    private readonly codes: Int32Array | Uint8Array,
    private readonly dictionary: string[],
  ) {
    this.nullCode = codes instanceof Uint8Array ? NULL_BYTE : -1;
  }

  get length(): number {
    return this.codes.length;
  }

  at(row: number): string | null | undefined {
    const code = this.codes[row];
    return code === undefined ? undefined : code === this.nullCode ? null : (this.dictionary[code] ?? null);
  }
}

/** ISO instants kept as milliseconds (NaN for null): a value's text is made when it is read. */
export class InstantColumn implements InstantValues {
  constructor(private readonly milliseconds: Float64Array) {}

  millisecondsAt(row: number): number | undefined {
    return this.milliseconds[row];
  }

  get length(): number {
    return this.milliseconds.length;
  }

  at(row: number): string | null | undefined {
    const value = this.milliseconds[row];
    if (value === undefined) return undefined;
    return Number.isNaN(value) ? null : new Date(value).toISOString();
  }
}

type Destination =
  | { kind: 'text'; bytes: Buffer }
  | { kind: 'uuid'; bytes: Buffer }
  | { kind: 'uint8'; bytes: Uint8Array; values: Uint8Array }
  | { kind: 'int32' | 'float64' | 'instant'; bytes: Uint8Array; values: Int32Array | Float64Array };

/**
 * Reads a snapshot from its bytes (decompressed) as they come, piece by piece: each section is copied
 * into the array it becomes (text into its one string), so a new instance never holds the whole
 * decompressed snapshot beside what it makes of it. `finish` gives the snapshot; BadSnapshotError
 * when the bytes are not one of this layout.
 */
export class SnapshotReader {
  private headerPieces: Buffer[] = [];
  private header: Header | undefined;
  private section = 0;
  private destination: Destination | undefined;
  private filled = 0;
  private readonly dictionaryOf = new Map<string, string>();
  private readonly columns: Record<string, ColumnValues<unknown>> = {};
  private readonly tables: Record<string, Record<string, ColumnValues<unknown>>> = {};
  private readonly orders: Record<string, Int32Array> = {};

  constructor(private readonly layout: SnapshotLayout) {
    for (const [column, encoding] of layout.columns)
      if (typeof encoding === 'object') this.dictionaryOf.set(column, encoding.dictionary);
    for (const [table, tableLayout] of Object.entries(layout.tables ?? {}))
      for (const [column, encoding] of tableLayout)
        if (typeof encoding === 'object') this.dictionaryOf.set(`${table}.${column}`, encoding.dictionary);
  }

  /** The next bytes of the snapshot. */
  push(piece: Uint8Array): void {
    let bytes = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    if (!this.header) {
      const end = bytes.indexOf(10);
      if (end < 0) {
        this.headerPieces.push(bytes);
        return;
      }
      this.readHeader(Buffer.concat([...this.headerPieces, bytes.subarray(0, end)]));
      this.headerPieces = [];
      bytes = bytes.subarray(end + 1);
    }
    const header = this.header as unknown as Header;
    while (bytes.length > 0 && this.section < header.sections.length) {
      const [, , length] = header.sections[this.section] as Header['sections'][number];
      const destination = (this.destination ??= this.destinationOf(this.section));
      const taken = Math.min(length - this.filled, bytes.length);
      destination.bytes.set(bytes.subarray(0, taken), this.filled);
      this.filled += taken;
      bytes = bytes.subarray(taken);
      if (this.filled === length) this.complete();
    }
    if (bytes.length > 0) throw new BadSnapshotError('longer than its sections');
  }

  /** The snapshot read; BadSnapshotError when the bytes ended early or do not fit the layout. */
  finish(): DecodedSnapshot {
    if (!this.header) throw new BadSnapshotError('no header');
    // Sections of no bytes complete without any.
    while (this.section < this.header.sections.length && this.header.sections[this.section]?.[2] === 0) {
      this.destination = this.destinationOf(this.section);
      this.complete();
    }
    if (this.section < this.header.sections.length) throw new BadSnapshotError('truncated');
    const { header, layout, columns, tables } = this;
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
      orders: this.orders,
      tables,
      ordersApart:
        header.generation && header.ordersApart?.length
          ? { generation: header.generation, fields: header.ordersApart }
          : undefined,
      generation: header.generation,
    };
  }

  private readHeader(bytes: Buffer): void {
    let header: Header;
    try {
      header = JSON.parse(bytes.toString('utf8')) as Header;
    } catch {
      throw new BadSnapshotError('unreadable header');
    }
    if (
      header?.format !== this.layout.format ||
      (header.version !== this.layout.version && !this.layout.reads?.includes(header.version))
    )
      throw new BadSnapshotError(`format ${String(header?.format)} ${String(header?.version)}`);
    this.header = header;
  }

  private destinationOf(section: number): Destination {
    const [, kind, length] = (this.header as Header).sections[section] as Header['sections'][number];
    if (kind === 'text') return { kind, bytes: Buffer.allocUnsafe(length) };
    if (kind === 'uint8') {
      const values = new Uint8Array(length);
      return { kind, bytes: values, values };
    }
    const Type = kind === 'int32' ? Int32Array : Float64Array;
    if (length % (kind === 'uuid' ? UUID_BYTES : Type.BYTES_PER_ELEMENT))
      throw new BadSnapshotError('a section is cut');
    if (kind === 'uuid') return { kind, bytes: Buffer.alloc(length) };
    const values = new Type(length / Type.BYTES_PER_ELEMENT);
    return { kind, bytes: new Uint8Array(values.buffer), values };
  }

  private complete(): void {
    const header = this.header as Header;
    const [name] = header.sections[this.section] as Header['sections'][number];
    const destination = this.destination as Destination;
    const dot = name.indexOf('.');
    const place = (values: ColumnValues<unknown>) => {
      if (dot < 0) this.columns[name] = values;
      else (this.tables[name.slice(0, dot)] ??= {})[name.slice(dot + 1)] = values;
    };
    if (destination.kind === 'text') {
      const rows = dot < 0 ? header.rows : (header.tables?.[name.slice(0, dot)] ?? 0);
      place(new TextColumn(destination.bytes.toString('utf8'), rows, header.escaped.includes(name)));
    } else if (destination.kind === 'uuid') place(new UuidColumn(destination.bytes));
    else if (destination.kind === 'float64') place(destination.values);
    else if (destination.kind === 'instant') place(new InstantColumn(destination.values as Float64Array));
    else if (destination.kind === 'uint8') {
      const dictionary = this.dictionaryOf.get(name);
      if (!dictionary) throw new BadSnapshotError(`${name} is bytes but not coded`);
      place(new CodedColumn(destination.values, header.dictionaries[dictionary] ?? []));
    } else {
      const values = destination.values as Int32Array;
      const dictionary = this.dictionaryOf.get(name);
      if (name.startsWith('order:')) this.orders[name.slice('order:'.length)] = values;
      else place(dictionary ? new CodedColumn(values, header.dictionaries[dictionary] ?? []) : values);
    }
    this.section += 1;
    this.destination = undefined;
    this.filled = 0;
  }
}

/**
 * The snapshot in `bytes` (decompressed), read with its layout; BadSnapshotError when they are not one.
 * Its columns read the bytes' text and numbers as they are asked for, without a string or an object per row.
 */
export const decodeSnapshot = (layout: SnapshotLayout, bytes: Buffer): DecodedSnapshot => {
  const reader = new SnapshotReader(layout);
  reader.push(bytes);
  return reader.finish();
};

/** An order written apart from its snapshot: its rows, ascending, and the snapshot's generation. */
export interface OrderApart {
  generation: string;
  field: string;
  rows: Int32Array;
}

/**
 * An order apart is a snapshot of no rows' columns whose one section is that order: its bytes are the
 * same in every version, so it is read in each version its snapshot reads (the generation decides).
 */
const orderLayout = (layout: SnapshotLayout, field: string): SnapshotLayout => ({
  format: `${layout.format}-order`,
  version: layout.version,
  ...(layout.reads ? { reads: layout.reads } : {}),
  columns: [],
  sortFields: [field],
});

/** A sort order apart, as bytes (compressed by the caller). */
export const encodeOrderPieces = (layout: SnapshotLayout, { generation, field, rows }: OrderApart) =>
  encodeSnapshotPieces(orderLayout(layout, field), {
    enablerId: '',
    seenUpTo: '',
    rebuiltAt: '',
    generation,
    columns: {},
    orders: { [field]: rows },
  });

/** Reads an order apart as its bytes come; `finish` gives it, or throws BadSnapshotError. */
export const orderReader = (layout: SnapshotLayout, field: string) => {
  const reader = new SnapshotReader(orderLayout(layout, field));
  return {
    push: (piece: Uint8Array) => reader.push(piece),
    finish: (): OrderApart => {
      const { generation, orders } = reader.finish();
      const rows = orders[field];
      if (!generation || !rows) throw new BadSnapshotError(`not the order of ${field}`);
      return { generation, field, rows };
    },
  };
};
