import {
  columnNames,
  type ColumnValues,
  type MemberColumns,
  type MemberColumnValues,
  type MemberIndexData,
  type MemberOrders,
} from './member-list.ts';
import { memberSortFields } from '@cpbo/schemas/member-list-query.ts';

/**
 * A snapshot of an enabler's member directory: what a new Lambda instance loads instead of reading
 * every member from the table (docs/architecture.md, "The member list at scale"; docs/decisions.md).
 */
export interface MemberSnapshot extends MemberIndexData {
  enablerId: string;
  /** Every change before this instant is in the snapshot; readers catch up from it (less an overlap). */
  seenUpTo: string;
  /** When the members were last read in full from the table (the catch-ups since build on it). */
  rebuiltAt: string;
}

/** A snapshot to write: its columns as arrays (MemberIndex.toData). */
export type MemberSnapshotToWrite = Omit<MemberSnapshot, 'columns'> & {
  columns: MemberColumns;
  orders: MemberOrders;
};

/*
 * Layout (before compression): one line of JSON (the header), then the sections one after the other,
 * as the header lists them with their byte lengths:
 * - text: the values joined by '\n' (UTF-8); a value that holds '\n', or starts with '\u0002', is
 *   written '\u0002' + its JSON, and the header names the columns that have such values;
 * - int32 / float64: little-endian numbers; columns of few distinct values (villages, federations,
 *   dates) are int32 positions in a dictionary of the header, -1 for null;
 * - one int32 section per sort order.
 * Text split and typed-array copies are several times quicker to read than JSON of the same rows.
 */
const FORMAT = 'cpbo-member-snapshot';
const VERSION = 1;
const ESCAPE = '\u0002';

type SectionKind = 'text' | 'int32' | 'float64';

const textColumns = ['ids', 'names', 'nameKeys', 'numbers', 'updatedAts'] as const;
const dictionaryColumns = {
  villages: 'villages',
  federations: 'federations',
  onboardingDates: 'dates',
  lastContributionDates: 'dates',
  lastPayoutDates: 'dates',
} as const;
const floatColumns = ['contributionTotals', 'pendingBenefits'] as const;
const intColumns = ['plotCounts'] as const;
type Dictionary = (typeof dictionaryColumns)[keyof typeof dictionaryColumns];

interface Header {
  format: typeof FORMAT;
  version: typeof VERSION;
  enablerId: string;
  seenUpTo: string;
  rebuiltAt: string;
  rows: number;
  dictionaries: Record<Dictionary, string[]>;
  escaped: string[];
  /** Name, kind and byte length of each section, in order. */
  sections: [string, SectionKind, number][];
}

if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1)
  throw new Error('Member snapshots are written little-endian; this machine is not');

const escapeValue = (value: string): string =>
  value.includes('\n') || value.startsWith(ESCAPE) ? `${ESCAPE}${JSON.stringify(value)}` : value;

const unescapeValue = (value: string): string =>
  value.startsWith(ESCAPE) ? (JSON.parse(value.slice(1)) as string) : value;

/** The snapshot as bytes (compressed by the caller). */
export const encodeMemberSnapshot = (snapshot: MemberSnapshotToWrite): Buffer => {
  const { columns } = snapshot;
  const rows = columns.ids.length;
  const sections: [string, SectionKind, Buffer][] = [];
  const escaped: string[] = [];
  for (const name of textColumns) {
    const values = columns[name];
    const needsEscape = values.some((value) => value.includes('\n') || value.startsWith(ESCAPE));
    if (needsEscape) escaped.push(name);
    sections.push([name, 'text', Buffer.from((needsEscape ? values.map(escapeValue) : values).join('\n'))]);
  }
  const dictionaries: Record<Dictionary, string[]> = { villages: [], federations: [], dates: [] };
  const positions: Record<Dictionary, Map<string, number>> = {
    villages: new Map(),
    federations: new Map(),
    dates: new Map(),
  };
  for (const [name, dictionary] of Object.entries(dictionaryColumns) as [
    keyof typeof dictionaryColumns,
    Dictionary,
  ][]) {
    const values: (string | null)[] = columns[name];
    const known = positions[dictionary];
    const coded = new Int32Array(rows);
    values.forEach((value, row) => {
      if (value === null) return (coded[row] = -1);
      let position = known.get(value);
      if (position === undefined) {
        position = dictionaries[dictionary].push(value) - 1;
        known.set(value, position);
      }
      coded[row] = position;
    });
    sections.push([name, 'int32', Buffer.from(coded.buffer)]);
  }
  for (const name of floatColumns)
    sections.push([name, 'float64', Buffer.from(Float64Array.from(columns[name]).buffer)]);
  for (const name of intColumns)
    sections.push([name, 'int32', Buffer.from(Int32Array.from(columns[name]).buffer)]);
  for (const field of memberSortFields) {
    const order = snapshot.orders[field];
    if (order) sections.push([`order:${field}`, 'int32', Buffer.from(Int32Array.from(order).buffer)]);
  }
  const header: Header = {
    format: FORMAT,
    version: VERSION,
    enablerId: snapshot.enablerId,
    seenUpTo: snapshot.seenUpTo,
    rebuiltAt: snapshot.rebuiltAt,
    rows,
    dictionaries,
    escaped,
    sections: sections.map(([name, kind, bytes]) => [name, kind, bytes.length]),
  };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), ...sections.map(([, , bytes]) => bytes)]);
};

/** Thrown for bytes that are not a snapshot of this format (the reader then loads from the table). */
export class BadMemberSnapshotError extends Error {
  constructor(reason: string) {
    super(`Not a usable member snapshot: ${reason}`);
    this.name = 'BadMemberSnapshotError';
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
class TextColumn implements ColumnValues<string> {
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
    if (rows > 0 && start !== text.length + 1)
      throw new BadMemberSnapshotError('a text column has more rows');
  }

  get length(): number {
    return this.starts.length - 1;
  }

  at(row: number): string | undefined {
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

/**
 * The snapshot in `bytes` (decompressed); BadMemberSnapshotError when they are not one. Its columns
 * read the bytes' text and numbers as they are asked for, without a string or an object per member.
 */
export const decodeMemberSnapshot = (bytes: Buffer): MemberSnapshot => {
  const headerEnd = bytes.indexOf(10);
  if (headerEnd < 0) throw new BadMemberSnapshotError('no header');
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8', 0, headerEnd)) as Header;
  } catch {
    throw new BadMemberSnapshotError('unreadable header');
  }
  if (header.format !== FORMAT || header.version !== VERSION)
    throw new BadMemberSnapshotError(`format ${String(header.format)} ${String(header.version)}`);
  const { rows } = header;
  const columns: Partial<Record<keyof MemberColumns, ColumnValues<unknown>>> = {};
  const orders: MemberOrders = {};
  const dictionaryOf = new Map<string, string[]>(
    Object.entries(dictionaryColumns).map(([name, dictionary]) => [name, header.dictionaries[dictionary]]),
  );
  let offset = headerEnd + 1;
  for (const [name, kind, length] of header.sections) {
    if (offset + length > bytes.length) throw new BadMemberSnapshotError('truncated');
    const column = name as keyof MemberColumns;
    if (kind === 'text') {
      columns[column] = new TextColumn(
        bytes.toString('utf8', offset, offset + length),
        rows,
        header.escaped.includes(name),
      );
    } else if (kind === 'float64') {
      columns[column] = typedCopy(bytes, offset, length, Float64Array);
    } else {
      const values = typedCopy(bytes, offset, length, Int32Array);
      const dictionary = dictionaryOf.get(name);
      if (name.startsWith('order:')) orders[name.slice('order:'.length) as keyof MemberOrders] = values;
      else columns[column] = dictionary ? new CodedColumn(values, dictionary) : values;
    }
    offset += length;
  }
  for (const name of columnNames)
    if (columns[name]?.length !== rows)
      throw new BadMemberSnapshotError(`column ${name} is missing or short`);
  return {
    enablerId: header.enablerId,
    seenUpTo: header.seenUpTo,
    rebuiltAt: header.rebuiltAt,
    columns: columns as MemberColumnValues,
    orders,
  };
};
