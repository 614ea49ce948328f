import {
  adminListSortFields,
  type AdminList,
  type AdminListFilterValues,
  type AdminListQuery,
  type AdminListSortField,
  type ProtectionType,
} from '@cpbo/schemas/admin-list-query.ts';
import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import {
  Column,
  DirectoryIndex,
  denseRanks,
  type ColumnArrays,
  type ColumnReaders,
  type IndexedValues,
  type IndexOrders,
  type Selection,
} from './directory-index.ts';
import { changedAt } from '../money-changes.ts';
import { exactMilliseconds, type ColumnValues, type InstantValues } from './column-values.ts';
import {
  CodedColumn,
  InstantColumn,
  isUuid,
  uuidAt,
  UuidColumn,
  UUID_BYTES,
  writeUuid,
  type ColumnEncoding,
} from './directory-snapshot.ts';
import { compareText, foldText, numberCollator } from '@cpbo/schemas/text.ts';

/*
 * The administrators' tables of plots, contributions, payouts and cashouts (spec sections 4, 7, 9):
 * each an enabler's records in memory (domain/lists/directory-index.ts), sorted on any column, filtered, with
 * a count and a total of every match. A row shows its member's current name and number and its plot's
 * current name: the index keeps the names of the enabler's members and plots in tables of their own,
 * and a row holds the code (row number) of its member's and plot's names. A rename gives the member a
 * new code and moves its rows to it, each as a changed row, so that the orders by name are patched
 * like any change (the old code keeps the old name, which the orders find the old rows by).
 */

interface ListedBase {
  id: string;
  memberId: string;
  /** When the record last changed (ISO instant): a copy read later but older changes nothing. */
  updatedAt: string;
}

export interface PlotEntry extends ListedBase {
  name: string;
  latitude: number;
  longitude: number;
  cropDescription: string | null;
  isIrrigated: boolean | null;
  droughtMonthlyContribCents: Cents;
  excessRainMonthlyContribCents: Cents;
  startCoverageDate: IsoDate;
  endOfSeasonDate: IsoDate;
  endCoverageDate: IsoDate;
  enablerConfig: { version: number; _id: string } | null;
}

interface MoneyEntry extends ListedBase {
  amountCents: Cents;
  createdAt: string;
  createdBy: string;
  modifiedAt: string | null;
  modifiedBy: string | null;
}

export interface ContributionEntry extends MoneyEntry {
  plotId: string;
  /** As written; a row shows the plot's current name. */
  plotName: string;
  protectionType: ProtectionType;
  contributionDate: string;
}

export interface PayoutEntry extends MoneyEntry {
  plotId: string;
  plotName: string;
  assessmentId: string;
  assessmentDate: IsoDate;
  payoutDate: IsoDate;
}

export interface CashoutEntry extends MoneyEntry {
  cashoutDate: string;
}

/** What each list reads of a record. */
export interface RecordEntries {
  plots: PlotEntry;
  contributions: ContributionEntry;
  payouts: PayoutEntry;
  cashouts: CashoutEntry;
}

/** A row of a list: the record with its member's current name and number (and its plot's current name). */
export type ListedRecord<List extends AdminList> = RecordEntries[List] & {
  memberName: string;
  memberNumber: string;
};

export interface RecordListPage<List extends AdminList> {
  records: ListedRecord<List>[];
  count: number;
  /** The sum of the matching records' amounts (0 for plots). */
  totalCents: Cents;
  page: number;
  pageSize: number;
}

/** A member's or plot's name, as a record list joins it (a plot has no number: ''). */
export interface NameEntry {
  id: string;
  name: string;
  number: string;
  updatedAt: string;
}

/** A change of a list's timelines: a record, its removal, a member's or plot's name, a member's removal. */
export type RecordListChange<List extends AdminList> =
  | { type: 'record'; entry: RecordEntries[List] }
  | { type: 'removed'; id: string; removedAt: string }
  | { type: 'member'; entry: NameEntry }
  | { type: 'memberRemoved'; id: string; removedAt: string }
  | { type: 'plot'; entry: NameEntry };

interface NameValues extends IndexedValues {
  names: string;
  nameKeys: string;
  numbers: string;
}

const nameColumns = [
  'ids',
  'names',
  'nameKeys',
  'numbers',
  'updatedAts',
] as const satisfies readonly (keyof NameValues)[];

/**
 * The names of an enabler's members (or plots) that a record list joins: one row per name, whose row
 * number is the code the records hold. Row numbers are kept for good; a rename is a new row.
 */
class NameIndex extends DirectoryIndex<NameEntry, NameValues, never> {
  constructor() {
    super({
      columnNames: nameColumns,
      valuesOf: (entry) => ({
        ids: entry.id,
        names: entry.name,
        nameKeys: foldText(entry.name),
        numbers: entry.number,
        updatedAts: entry.updatedAt,
      }),
      sortFields: [],
      keepsRowNumbers: true,
    });
  }

  static of(columns: ColumnReaders<NameValues>): NameIndex {
    const index = new NameIndex();
    index.load({ columns, orders: {} });
    return index;
  }

  /**
   * A member's profile changes at every money write: only a new name or number is a change (a copy
   * read after it with the same name changes nothing, whatever its time).
   */
  override upsert(entry: NameEntry): boolean {
    const held = this.rowOf(entry.id);
    if (held !== undefined && this.nameAt(held) === entry.name && this.numberAt(held) === entry.number)
      return false;
    return super.upsert(entry);
  }

  codeOf(id: string): number | undefined {
    return this.rowOf(id);
  }

  /** Codes run from 0 to one below this. */
  get codeCount(): number {
    return this.rowCount;
  }

  idAt(code: number): string {
    return this.columns.ids.get(code);
  }

  nameAt(code: number): string {
    return this.columns.names.get(code);
  }

  keyAt(code: number): string {
    return this.columns.nameKeys.get(code);
  }

  numberAt(code: number): string {
    return this.columns.numbers.get(code);
  }

  protected compareRows(): never {
    throw new Error('Names are not sorted');
  }

  protected rowAt(code: number): NameEntry {
    return {
      id: this.idAt(code),
      name: this.nameAt(code),
      number: this.numberAt(code),
      updatedAt: this.columns.updatedAts.get(code),
    };
  }

  /** The live names in id order, and the code each old code became (-1: none). */
  coded(): { columns: ColumnArrays<NameValues>; renumbered: Int32Array } {
    const { columns, renumbered } = this.compacted([]);
    return { columns, renumbered };
  }
}

/**
 * A column of a list's rows: its name, how a snapshot writes it, its value for a record (`of`) and
 * what it gives back to the record as listed (`into`, from the stored row's values).
 */
interface ColumnDefinition {
  column: string;
  encoding: ColumnEncoding;
  of: (entry: Record<string, unknown>) => unknown;
  into: (listed: Record<string, unknown>, stored: Record<string, unknown>) => void;
}

/** A field of the record held as it is, in a column of its own. */
const field = (name: string, encoding: ColumnEncoding, column: string): ColumnDefinition => ({
  column,
  encoding,
  of: (entry) => entry[name],
  into: (listed, stored) => (listed[name] = stored[column]),
});

/** A column the list sorts or filters on, which the record as listed does not show. */
const derived = (column: string, encoding: ColumnEncoding, of: ColumnDefinition['of']): ColumnDefinition => ({
  column,
  encoding,
  of,
  into: () => undefined,
});

/** How a field sorts: a column's values, or the member's or plot's name through the row's code. */
type SortKey =
  | { column: string; compare: 'text' | 'number' | 'natural' }
  | { names: 'memberName' | 'memberNumber' | 'plotName' };

interface ListDefinition<List extends AdminList> {
  columns: ColumnDefinition[];
  /** A record's change instant is `changedAt` of its times: a snapshot leaves its column out. */
  changedAtOfTimes?: true;
  /** The list joins plot names (its records name a plot). */
  plots: boolean;
  /** The column of the list's date: its from/to filter, and the second key of every other sort. */
  date: string;
  /** The column of the amounts a page totals. */
  amount?: string;
  protection?: string;
  sorts: Record<AdminListSortField<List>, SortKey>;
}

const days = { dictionary: 'days' } as const;
const moneyColumns = [
  field('amountCents', 'float64', 'amounts'),
  field('createdAt', 'instant', 'createdAts'),
  field('createdBy', { dictionary: 'users' }, 'createdBys'),
  field('modifiedAt', 'instant', 'modifiedAts'),
  field('modifiedBy', { dictionary: 'users' }, 'modifiedBys'),
];
const moneySorts = {
  memberName: { names: 'memberName' },
  memberNumber: { names: 'memberNumber' },
  amount: { column: 'amounts', compare: 'number' },
  createdBy: { column: 'createdBys', compare: 'text' },
} as const;

const lists: { [List in AdminList]: ListDefinition<List> } = {
  plots: {
    columns: [
      field('name', 'text', 'names'),
      derived('nameKeys', 'text', (entry) => foldText(entry.name as string)),
      field('latitude', 'float64', 'latitudes'),
      field('longitude', 'float64', 'longitudes'),
      field('cropDescription', { dictionary: 'crops' }, 'cropDescriptions'),
      // Without case or accents, as names; none before any.
      derived('cropKeys', { dictionary: 'cropKeys' }, (entry) =>
        foldText((entry.cropDescription as string | null) ?? ''),
      ),
      {
        column: 'irrigation',
        encoding: 'int32',
        of: (entry) => (entry.isIrrigated === null ? -1 : Number(entry.isIrrigated)),
        into: (listed, stored) =>
          (listed.isIrrigated = stored.irrigation === -1 ? null : stored.irrigation === 1),
      },
      field('droughtMonthlyContribCents', 'float64', 'droughts'),
      field('excessRainMonthlyContribCents', 'float64', 'excessRains'),
      field('startCoverageDate', days, 'startCoverageDates'),
      field('endOfSeasonDate', days, 'endOfSeasonDates'),
      field('endCoverageDate', days, 'endCoverageDates'),
      derived(
        'configVersions',
        'int32',
        (entry) => (entry.enablerConfig as PlotEntry['enablerConfig'])?.version ?? -1,
      ),
      {
        column: 'configIds',
        encoding: { dictionary: 'configs' },
        of: (entry) => (entry.enablerConfig as PlotEntry['enablerConfig'])?._id ?? null,
        into: (listed, stored) =>
          (listed.enablerConfig =
            stored.configIds === null
              ? null
              : { version: stored.configVersions as number, _id: stored.configIds as string }),
      },
    ],
    plots: false,
    date: 'startCoverageDates',
    sorts: {
      startCoverageDate: { column: 'startCoverageDates', compare: 'text' },
      memberName: { names: 'memberName' },
      memberNumber: { names: 'memberNumber' },
      name: { column: 'nameKeys', compare: 'text' },
      latitude: { column: 'latitudes', compare: 'number' },
      endCoverageDate: { column: 'endCoverageDates', compare: 'text' },
      droughtMonthlyContrib: { column: 'droughts', compare: 'number' },
      cropDescription: { column: 'cropKeys', compare: 'text' },
      // Not known, then no, then yes.
      isIrrigated: { column: 'irrigation', compare: 'number' },
    },
  },
  contributions: {
    changedAtOfTimes: true,
    columns: [
      ...moneyColumns,
      field('protectionType', { dictionary: 'protections' }, 'protectionTypes'),
      field('contributionDate', 'instant', 'contributionDates'),
    ],
    plots: true,
    date: 'contributionDates',
    amount: 'amounts',
    protection: 'protectionTypes',
    sorts: {
      ...moneySorts,
      contributionDate: { column: 'contributionDates', compare: 'text' },
      plotName: { names: 'plotName' },
      protectionType: { column: 'protectionTypes', compare: 'text' },
    },
  },
  payouts: {
    changedAtOfTimes: true,
    columns: [
      ...moneyColumns,
      field('assessmentId', { dictionary: 'assessments' }, 'assessmentIds'),
      field('assessmentDate', days, 'assessmentDates'),
      field('payoutDate', days, 'payoutDates'),
    ],
    plots: true,
    date: 'payoutDates',
    amount: 'amounts',
    sorts: {
      ...moneySorts,
      payoutDate: { column: 'payoutDates', compare: 'text' },
      plotName: { names: 'plotName' },
      assessmentId: { column: 'assessmentIds', compare: 'natural' },
      assessmentDate: { column: 'assessmentDates', compare: 'text' },
    },
  },
  cashouts: {
    changedAtOfTimes: true,
    columns: [...moneyColumns, field('cashoutDate', 'instant', 'cashoutDates')],
    plots: false,
    date: 'cashoutDates',
    amount: 'amounts',
    sorts: { ...moneySorts, cashoutDate: { column: 'cashoutDates', compare: 'text' } },
  },
};

/** The columns every list's rows have, before its own. */
const baseColumns = (list: AdminList): [string, ColumnEncoding][] => [
  ['ids', 'id'],
  ['updatedAts', 'instant'],
  ['memberCodes', 'int32'],
  ...(lists[list].plots ? ([['plotCodes', 'int32']] as [string, ColumnEncoding][]) : []),
];

/** A list's row columns, in the order a snapshot writes them, with their encodings. */
export const recordColumnsOf = (list: AdminList): [string, ColumnEncoding][] => [
  ...baseColumns(list),
  ...lists[list].columns.map(({ column, encoding }): [string, ColumnEncoding] => [column, encoding]),
];

/** A list's row columns as its snapshot writes them: without those read from others. */
export const snapshotColumnsOf = (list: AdminList): [string, ColumnEncoding][] =>
  recordColumnsOf(list).filter(([column]) => !(lists[list].changedAtOfTimes && column === 'updatedAts'));

/** The change instants of a money list's rows, read from their times (a snapshot does not write them). */
const changedAts = (columns: Record<string, ColumnValues<unknown>>): ColumnValues<string> => {
  const { createdAts, modifiedAts } = columns as Record<string, ColumnValues<string | null>>;
  return {
    length: createdAts?.length ?? 0,
    at: (row) =>
      changedAt({ createdAt: createdAts?.at(row) as string, modifiedAt: modifiedAts?.at(row) ?? null }),
  };
};

/** The name tables a list carries, with their encodings. */
export const nameTablesOf = (list: AdminList): Record<string, [string, ColumnEncoding][]> => {
  const names: [string, ColumnEncoding][] = [
    ['ids', 'id'],
    ['names', 'text'],
    ['nameKeys', 'text'],
    ['numbers', 'text'],
    ['updatedAts', 'instant'],
  ];
  return lists[list].plots ? { members: names, plots: names } : { members: names };
};

/** A stored row: its columns' values by column name, with its id and change instant. */
type StoredRecord = IndexedValues & Record<string, unknown> & { id: string; updatedAt: string };
type RecordValues = IndexedValues & Record<string, unknown>;

/** What a snapshot of a list holds: its rows (read through the index), orders and name tables. */
export interface RecordListData {
  columns: Record<string, ColumnValues<unknown>>;
  orders: Partial<Record<string, Int32Array>>;
  tables: Record<string, Record<string, readonly unknown[]>>;
}

/** A snapshot's columns, as read. */
export interface RecordListReaders {
  columns: Record<string, ColumnValues<unknown>>;
  orders: Partial<Record<string, Int32Array>>;
  tables: Record<string, Record<string, ColumnValues<unknown>>>;
}

/** Builds a list's index from a full read of the table (RecordIndex.builder). */
export interface RecordListBuilder<List extends AdminList> {
  /** Every change of the names' timelines (members and their removals; plots). */
  names(changes: readonly RecordListChange<List>[]): void;
  /** Changes of the records' timeline (records and removals), in any order, after the names. */
  add(changes: readonly RecordListChange<List>[]): void;
  /** The index of every record added, the newest copy of each, less those removed. */
  build(): RecordIndex<List>;
}

/** A column being built: its values as they come, then gathered in the rows' final order. */
interface ColumnBuilder {
  readonly length: number;
  push(value: unknown): void;
  at(row: number): unknown;
  /** How two rows' values compare (instants by time). */
  compare(a: number, b: number): number;
  /** The values of these rows, in this order, as the index reads them. */
  gathered(rows: Int32Array): ColumnValues<unknown>;
  /** Lets the values go (once gathered). */
  release(): void;
}

/** Values per chunk of a growing column: 64 Ki. */
const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;

/**
 * A typed array that grows as values are pushed, in chunks of a fixed size: it is never copied to
 * grow, nor holds more than a chunk it does not use, whatever the number of rows.
 */
class Growing<T extends Int32Array | Float64Array> {
  private chunks: T[] = [];
  length = 0;

  constructor(private readonly Type: { new (length: number): T }) {}

  push(value: number): void {
    const offset = this.length & (CHUNK - 1);
    if (offset === 0) this.chunks.push(new this.Type(CHUNK));
    (this.chunks[this.chunks.length - 1] as T)[offset] = value;
    this.length += 1;
  }

  at(row: number): number {
    return (this.chunks[row >>> CHUNK_BITS] as T)[row & (CHUNK - 1)] as number;
  }

  release(): void {
    this.chunks = [];
    this.length = 0;
  }

  gathered(rows: Int32Array): T {
    const values = new this.Type(rows.length);
    for (let position = 0; position < rows.length; position += 1)
      values[position] = this.at(rows[position] as number);
    return values;
  }
}

const valuesBuilder = (): ColumnBuilder => {
  const values: unknown[] = [];
  return {
    get length() {
      return values.length;
    },
    push: (value) => values.push(value),
    at: (row) => values[row],
    compare: (a, b) => compareText(values[a] as string, values[b] as string),
    gathered: (rows) => Array.from(rows, (row) => values[row]),
    release: () => (values.length = 0),
  };
};

/**
 * Ids as 16 bytes each while every one is a lowercase UUID (a fifth of the memory of their strings,
 * compared byte by byte as their text compares); as text from the first that is not.
 */
const idsBuilder = (): ColumnBuilder => {
  let chunks: Buffer[] = [];
  let length = 0;
  let text: unknown[] | undefined;
  const chunkOf = (row: number) => chunks[row >>> CHUNK_BITS] as Buffer;
  const offsetOf = (row: number) => (row & (CHUNK - 1)) * UUID_BYTES;
  const at = (row: number) => (text ? text[row] : uuidAt(chunkOf(row), offsetOf(row)));
  return {
    get length() {
      return text ? text.length : length;
    },
    push: (value) => {
      if (text) return void text.push(value);
      if (!isUuid(value)) {
        text = Array.from({ length }, (_, row) => at(row));
        text.push(value);
        return;
      }
      if ((length & (CHUNK - 1)) === 0) chunks.push(Buffer.alloc(CHUNK * UUID_BYTES));
      writeUuid(chunkOf(length), offsetOf(length), value);
      length += 1;
    },
    at,
    compare: (a, b) => {
      if (text) return compareText(text[a] as string, text[b] as string);
      const [x, y] = [chunkOf(a), chunkOf(b)];
      const [i, j] = [offsetOf(a), offsetOf(b)];
      for (let byte = 0; byte < UUID_BYTES; byte += 1) {
        const difference = (x[i + byte] as number) - (y[j + byte] as number);
        if (difference) return difference;
      }
      return 0;
    },
    gathered: (rows) => {
      if (text) return Array.from(rows, (row) => (text as unknown[])[row]);
      const bytes = Buffer.alloc(rows.length * UUID_BYTES);
      rows.forEach((row, position) =>
        chunkOf(row).copy(bytes, position * UUID_BYTES, offsetOf(row), offsetOf(row) + UUID_BYTES),
      );
      return new UuidColumn(bytes);
    },
    release: () => {
      chunks = [];
      length = 0;
      text = undefined;
    },
  };
};

const numbersBuilder = (Type: typeof Int32Array | typeof Float64Array): ColumnBuilder => {
  const numbers = new Growing<Int32Array | Float64Array>(Type);
  return {
    get length() {
      return numbers.length;
    },
    push: (value) => numbers.push(value as number),
    at: (row) => numbers.at(row),
    compare: (a, b) => numbers.at(a) - numbers.at(b),
    gathered: (rows) => numbers.gathered(rows),
    release: () => numbers.release(),
  };
};

/** Instants as milliseconds; the column turns to text at the first value that is not an exact instant. */
const instantsBuilder = (): ColumnBuilder => {
  const milliseconds = new Growing(Float64Array);
  let text: unknown[] | undefined;
  const textOf = (value: number) => (Number.isNaN(value) ? null : new Date(value).toISOString());
  return {
    get length() {
      return text ? text.length : milliseconds.length;
    },
    push: (value) => {
      if (text) return void text.push(value);
      const exact = exactMilliseconds(value);
      if (exact !== undefined) return milliseconds.push(exact);
      text = Array.from({ length: milliseconds.length }, (_, row) => textOf(milliseconds.at(row)));
      text.push(value);
    },
    at: (row) => (text ? text[row] : textOf(milliseconds.at(row))),
    compare: (a, b) => {
      if (text) return compareText(text[a] as string, text[b] as string);
      // Exact instants of the same width compare by time as by text; null (NaN) first.
      const x = milliseconds.at(a);
      const y = milliseconds.at(b);
      return Number.isNaN(x) || Number.isNaN(y) ? Number(!Number.isNaN(x)) - Number(!Number.isNaN(y)) : x - y;
    },
    gathered: (rows) =>
      text
        ? Array.from(rows, (row) => (text as unknown[])[row])
        : new InstantColumn(milliseconds.gathered(rows)),
    release: () => {
      text = undefined;
      milliseconds.release();
    },
  };
};

/** Repeated values as positions in a dictionary (-1 for null). */
const codedBuilder = (): ColumnBuilder => {
  const codes = new Growing(Int32Array);
  const dictionary: string[] = [];
  const positions = new Map<string, number>();
  const at = (row: number) => {
    const code = codes.at(row);
    return code < 0 ? null : (dictionary[code] as string);
  };
  return {
    get length() {
      return codes.length;
    },
    push: (value) => {
      if (value === null) return codes.push(-1);
      let position = positions.get(value as string);
      if (position === undefined)
        positions.set(value as string, (position = dictionary.push(value as string) - 1));
      codes.push(position);
    },
    at,
    compare: (a, b) => compareText(at(a) as string, at(b) as string),
    gathered: (rows) => new CodedColumn(codes.gathered(rows), dictionary),
    release: () => codes.release(),
  };
};

const columnBuilder = (encoding: ColumnEncoding): ColumnBuilder => {
  if (encoding === 'instant') return instantsBuilder();
  if (encoding === 'float64') return numbersBuilder(Float64Array);
  if (encoding === 'int32') return numbersBuilder(Int32Array);
  if (encoding === 'text') return valuesBuilder();
  if (encoding === 'id') return idsBuilder();
  return codedBuilder();
};

/** 0000-01-01 and 10000-01-01: instants between have the text's fixed width, which sorts as time. */
const fourDigitYear = (milliseconds: number): boolean =>
  milliseconds >= -62_167_219_200_000 && milliseconds < 253_402_300_800_000;

/** Keys that cannot be made (a column with nulls): its rows are compared instead. */
const NO_KEYS = new Float64Array(0);

/** Rows fewer than this share of all are sorted on their own rather than picked out of an order. */
const FEW_ROWS_SHARE = 64;

/** An index of one list's records of one enabler, with the names it joins. */
export class RecordIndex<List extends AdminList> extends DirectoryIndex<
  StoredRecord,
  RecordValues,
  AdminListSortField<List>
> {
  private members = new NameIndex();
  private plots = new NameIndex();
  private readonly definition: ListDefinition<List>;
  /** Totals of recent selections, by query and index version. */
  private readonly totals = new Map<string, Cents>();
  /** The columns of instants (compared by time). */
  private readonly instantColumns: ReadonlySet<string>;

  constructor(list: List) {
    const definition = lists[list] as unknown as ListDefinition<List>;
    const columnNames = recordColumnsOf(list).map(([column]) => column);
    super({
      columnNames,
      valuesOf: (row) => row,
      sortFields: adminListSortFields[list] as readonly AdminListSortField<List>[],
    });
    this.definition = definition;
    this.instantColumns = new Set(
      recordColumnsOf(list)
        .filter(([, encoding]) => encoding === 'instant')
        .map(([column]) => column),
    );
  }

  /** An index from a snapshot's data (rows in id order, as toData writes them). */
  static fromData<List extends AdminList>(list: List, data: RecordListReaders): RecordIndex<List> {
    const index = new RecordIndex(list);
    index.members = NameIndex.of(data.tables.members as unknown as ColumnReaders<NameValues>);
    if (data.tables.plots)
      index.plots = NameIndex.of(data.tables.plots as unknown as ColumnReaders<NameValues>);
    const columns =
      lists[list].changedAtOfTimes && !data.columns.updatedAts
        ? { ...data.columns, updatedAts: changedAts(data.columns) }
        : data.columns;
    index.load({
      columns: columns as unknown as ColumnReaders<RecordValues>,
      orders: data.orders as IndexOrders<AdminListSortField<List>>,
    });
    return index;
  }

  /** An index of these changes (a full read of the table: names first, then removals, then records). */
  static fromChanges<List extends AdminList>(
    list: List,
    changes: readonly RecordListChange<List>[],
  ): RecordIndex<List> {
    const builder = RecordIndex.builder(list);
    builder.names(changes);
    builder.add(changes);
    return builder.build();
  }

  /**
   * Builds an index from a full read of the table as it comes: its names first (`names`, every change of
   * the members' and plots' timelines), then its records' timeline in pieces (`add`), in any order.
   * Each record goes at once into compact columns (numbers and instants in typed arrays, repeated
   * values coded), so that the records read are never all held as objects.
   */
  static builder<List extends AdminList>(list: List): RecordListBuilder<List> {
    const index = new RecordIndex(list);
    const columns = recordColumnsOf(list).map(([column, encoding]) => ({
      column,
      values: columnBuilder(encoding),
    }));
    const ids = columns[0]?.values as ColumnBuilder;
    const updatedAts = columns[1]?.values as ColumnBuilder;
    const removals: { id: string; removedAt: string }[] = [];
    return {
      names: (changes) => {
        for (const change of changes)
          if (change.type === 'member') index.members.upsert(change.entry);
          else if (change.type === 'plot') index.plots.upsert(change.entry);
        for (const change of changes)
          if (change.type === 'memberRemoved') index.members.remove(change.id, change.removedAt);
      },
      add: (changes) => {
        for (const change of changes)
          if (change.type === 'removed') removals.push(change);
          else if (change.type === 'record') {
            const stored = index.stored(change.entry);
            if (stored) for (const { column, values } of columns) values.push(stored[column]);
          }
      },
      build: () => {
        // Rows in id order, the newest copy of each (the first read, of copies of one instant).
        const rows = Int32Array.from({ length: ids.length }, (_, row) => row);
        const newer = (a: number, b: number) => updatedAts.compare(b, a);
        rows.sort((a, b) => ids.compare(a, b) || newer(a, b) || a - b);
        let kept = 0;
        for (let position = 0; position < rows.length; position += 1) {
          const row = rows[position] as number;
          if (kept === 0 || ids.compare(rows[kept - 1] as number, row) !== 0) rows[kept++] = row;
        }
        const live = rows.subarray(0, kept);
        // Column by column, each let go once gathered: the list is never held twice.
        const gathered: Record<string, ColumnValues<unknown>> = {};
        for (const { column, values } of columns) {
          gathered[column] = values.gathered(live);
          values.release();
        }
        index.load({ columns: gathered as unknown as ColumnReaders<RecordValues>, orders: {} });
        for (const { id, removedAt } of removals) index.remove(id, removedAt);
        return index;
      },
    };
  }

  /** Applies a change of the timelines; true when it changed the list. */
  apply(change: RecordListChange<List>): boolean {
    switch (change.type) {
      case 'record': {
        const stored = this.stored(change.entry);
        return stored ? this.upsert(stored) : false;
      }
      case 'removed':
        return this.remove(change.id, change.removedAt);
      case 'member':
        return this.rename(this.members, 'memberCodes', change.entry);
      case 'plot':
        return this.definition.plots ? this.rename(this.plots, 'plotCodes', change.entry) : false;
      case 'memberRemoved':
        return this.removeMember(change.id, change.removedAt);
    }
  }

  /** A record as a row of codes; undefined for a record of a member removed. */
  protected stored(entry: RecordEntries[List]): StoredRecord | undefined {
    const fields = entry as unknown as Record<string, unknown>;
    if (this.members.removedAt(entry.memberId) !== undefined) return undefined;
    const stored: StoredRecord = {
      id: entry.id,
      updatedAt: entry.updatedAt,
      ids: entry.id,
      updatedAts: entry.updatedAt,
      memberCodes: this.codeOf(this.members, entry.memberId, ''),
    };
    if (this.definition.plots)
      stored.plotCodes = this.codeOf(this.plots, fields.plotId as string, fields.plotName as string);
    for (const { column, of } of this.definition.columns) stored[column] = of(fields);
    return stored;
  }

  /** The code of a member's or plot's name; a name not read yet is held as the record has it, until read. */
  private codeOf(names: NameIndex, id: string, fallback: string): number {
    const code = names.codeOf(id);
    if (code !== undefined) return code;
    names.upsert({ id, name: fallback, number: '', updatedAt: '' });
    return names.codeOf(id) as number;
  }

  /** Rows of a code, live. */
  private rowsOfCode(column: 'memberCodes' | 'plotCodes', code: number): number[] {
    const codes = this.columns[column] as unknown as { all(): number[] };
    const values = codes.all();
    const rows: number[] = [];
    for (let row = 0; row < values.length; row += 1)
      if (values[row] === code && this.isLive(row)) rows.push(row);
    return rows;
  }

  /** A member's or plot's new name: its rows move to the name's new code. */
  private rename(names: NameIndex, column: 'memberCodes' | 'plotCodes', entry: NameEntry): boolean {
    const before = names.codeOf(entry.id);
    if (!names.upsert(entry)) return false;
    if (before === undefined) return true;
    const after = names.codeOf(entry.id) as number;
    // Read before writing: a write may compact the rows and renumber them.
    const moved = this.rowsOfCode(column, before).map((row) => this.rowAt(row));
    for (const stored of moved) this.upsert({ ...stored, [column]: after });
    return true;
  }

  /** A member removed takes its records with it (their deletion leaves no tombstone of its own). */
  private removeMember(memberId: string, removedAt: string): boolean {
    const code = this.members.codeOf(memberId);
    this.members.remove(memberId, removedAt);
    if (code === undefined) return false;
    // Read before writing: a removal may compact the rows and renumber them.
    const ids = this.rowsOfCode('memberCodes', code).map((row) => this.columns.ids.get(row));
    for (const id of ids) this.remove(id, removedAt);
    return ids.length > 0;
  }

  /**
   * How two rows compare on a column of text. An instant column compares by time where both values are
   * exact instants of four-digit years, which orders them as their text does without making it.
   */
  private compareTextAt(column: string): (a: number, b: number) => number {
    const values = this.columns[column] as unknown as Column<string>;
    if (!this.instantColumns.has(column)) return (a, b) => compareText(values.get(a), values.get(b));
    return (a, b) => {
      const x = values.millisecondsAt(a);
      const y = values.millisecondsAt(b);
      if (x !== undefined && y !== undefined && fourDigitYear(x) && fourDigitYear(y)) return x - y;
      return compareText(values.get(a), values.get(b));
    };
  }

  protected compareRows(field: AdminListSortField<List>): (a: number, b: number) => number {
    const { ids } = this.columns;
    const byId = (a: number, b: number) => compareText(ids.get(a), ids.get(b)) || a - b;
    const byDate = this.compareTextAt(this.definition.date);
    const key = this.definition.sorts[field];
    const dateSort = 'column' in key && key.column === this.definition.date;
    const then = dateSort ? byId : (a: number, b: number) => byDate(a, b) || byId(a, b);
    if ('names' in key) {
      const column = key.names === 'plotName' ? 'plotCodes' : 'memberCodes';
      const codes = this.columns[column] as unknown as { get(row: number): number };
      const names = key.names === 'plotName' ? this.plots : this.members;
      if (key.names === 'memberNumber') {
        const collator = numberCollator();
        return (a, b) =>
          collator.compare(names.numberAt(codes.get(a)), names.numberAt(codes.get(b))) || then(a, b);
      }
      return (a, b) => compareText(names.keyAt(codes.get(a)), names.keyAt(codes.get(b))) || then(a, b);
    }
    const values = this.columns[key.column] as unknown as { get(row: number): never };
    const byText = this.compareTextAt(key.column);
    switch (key.compare) {
      case 'number':
        return (a, b) => (values.get(a) as number) - (values.get(b) as number) || then(a, b);
      case 'natural': {
        const collator = numberCollator();
        return (a, b) => collator.compare(values.get(a), values.get(b)) || then(a, b);
      }
      case 'text':
        return (a, b) => byText(a, b) || then(a, b);
    }
  }

  /**
   * A column's rows as keys that order them as compareTextAt does: an instant column's times when each
   * is an exact instant of a four-digit year, else each value's dense rank among the column's values
   * (as text, or as people read numbers); undefined when a value is null (the rows are then compared).
   */
  private textKeys(column: string, compare: 'text' | 'natural'): Float64Array | undefined {
    const values = this.columns[column] as unknown as Column<string | null>;
    const rows = this.rowCount;
    if (compare === 'text' && this.instantColumns.has(column)) {
      const times = new Float64Array(rows);
      let exact = true;
      for (let row = 0; row < rows && exact; row += 1) {
        const time = values.millisecondsAt(row);
        exact = time !== undefined && fourDigitYear(time);
        times[row] = time as number;
      }
      if (exact) return times;
    }
    const distinct = new Map<string, number>();
    for (let row = 0; row < rows; row += 1) {
      const value = values.get(row);
      if (value === null) return undefined;
      distinct.set(value, 0);
    }
    const texts = [...distinct.keys()];
    const collator = compare === 'natural' ? numberCollator() : undefined;
    const ranks = denseRanks(texts.length, (a, b) =>
      collator
        ? collator.compare(texts[a] as string, texts[b] as string)
        : compareText(texts[a] as string, texts[b] as string),
    );
    texts.forEach((text, position) => distinct.set(text, ranks[position] as number));
    return Float64Array.from({ length: rows }, (_, row) => distinct.get(values.get(row) as string) as number);
  }

  protected override sortKeys(field: AdminListSortField<List>): Float64Array[] | undefined {
    const key = this.definition.sorts[field];
    const rows = this.rowCount;
    let first: Float64Array | undefined;
    if ('names' in key) {
      const codes = this.columns[
        key.names === 'plotName' ? 'plotCodes' : 'memberCodes'
      ] as unknown as Column<number>;
      const names = key.names === 'plotName' ? this.plots : this.members;
      const collator = numberCollator();
      const ranks = denseRanks(names.codeCount, (a, b) =>
        key.names === 'memberNumber'
          ? collator.compare(names.numberAt(a), names.numberAt(b))
          : compareText(names.keyAt(a), names.keyAt(b)),
      );
      first = Float64Array.from({ length: rows }, (_, row) => ranks[codes.get(row)] as number);
    } else if (key.compare === 'number') {
      const values = this.columns[key.column] as unknown as Column<number>;
      first = Float64Array.from({ length: rows }, (_, row) => values.get(row));
    } else first = this.textKeys(key.column, key.compare);
    const dateSort = 'column' in key && key.column === this.definition.date;
    const date = dateSort
      ? undefined
      : this.sharedKey('date', () => this.textKeys(this.definition.date, 'text') ?? NO_KEYS);
    if (!first || date === NO_KEYS) return undefined;
    return [first, ...(date ? [date] : []), this.idRanks()];
  }

  /** The list's date sort field (its from/to filter reads a range of its order). */
  private dateField(): AdminListSortField<List> {
    return (Object.keys(this.definition.sorts) as AdminListSortField<List>[]).find((sortField) => {
      const key = this.definition.sorts[sortField];
      return 'column' in key && key.column === this.definition.date;
    }) as AdminListSortField<List>;
  }

  /**
   * A list's filters as the rows they let through (flags by row, or the rows themselves when they are
   * few; made when the selection is not cached); 'none' when nothing can match (a member or plot this enabler does not have), undefined
   * without filters. The first filter picks the rows to test cheaply (a member's, a plot's, or a range
   * of the date order); the others test them.
   */
  private filterOf(filters: AdminListFilterValues): (() => Uint8Array | number[]) | 'none' | undefined {
    const { memberId, plotId, from, to, protectionType } = filters;
    const memberCode = memberId === undefined ? undefined : this.members.codeOf(memberId);
    const plotCode = plotId === undefined ? undefined : this.plots.codeOf(plotId);
    if (
      (memberId !== undefined && memberCode === undefined) ||
      (plotId !== undefined && plotCode === undefined)
    )
      return 'none';
    const dated = from !== undefined || to !== undefined;
    const protection = protectionType !== undefined ? this.definition.protection : undefined;
    if (memberCode === undefined && plotCode === undefined && !dated && !protection) return undefined;
    return () => {
      const date = this.columns[this.definition.date] as unknown as { get(row: number): string };
      const dayOf = (row: number) => date.get(row).slice(0, 10);
      const codes = (column: 'memberCodes' | 'plotCodes') =>
        this.columns[column] as unknown as { get(row: number): number };
      const tests: ((row: number) => boolean)[] = [];
      let candidates: ArrayLike<number> | undefined;
      if (memberCode !== undefined) candidates = this.rowsOfCode('memberCodes', memberCode);
      if (plotCode !== undefined) {
        const plotCodes = codes('plotCodes');
        if (candidates) tests.push((row) => plotCodes.get(row) === plotCode);
        else candidates = this.rowsOfCode('plotCodes', plotCode);
      }
      if (dated) {
        if (candidates)
          tests.push(
            (row) => (from === undefined || dayOf(row) >= from) && (to === undefined || dayOf(row) <= to),
          );
        else
          candidates = this.orderedRange(
            this.dateField(),
            (row) => from !== undefined && dayOf(row) < from,
            (row) => to !== undefined && dayOf(row) > to,
          );
      }
      if (protection) {
        const protections = this.columns[protection] as unknown as { get(row: number): string };
        tests.push((row) => protections.get(row) === protectionType);
      }
      const test = (row: number) => tests.every((passes) => passes(row));
      if (!candidates) return this.liveMatching(test);
      const passing: number[] = [];
      for (let index = 0; index < candidates.length; index += 1) {
        const row = candidates[index] as number;
        if (this.isLive(row) && test(row)) passing.push(row);
      }
      // A few rows are sorted on their own; many are picked out of the order by their flags.
      if (passing.length * FEW_ROWS_SHARE < this.rowCount) return passing;
      const matched = new Uint8Array(this.rowCount);
      for (const row of passing) matched[row] = 1;
      return matched;
    };
  }

  private totalOf(selection: Selection, key: string): Cents {
    if (!this.definition.amount) return 0;
    const cacheKey = `${this.version}|${key}`;
    let total = this.totals.get(cacheKey);
    if (total === undefined) {
      const amounts = this.columns[this.definition.amount] as unknown as { get(row: number): number };
      total = 0;
      // Every live row is summed in row order, straight through memory: walking an order jumps from row
      // to row, several times slower at millions.
      if (selection.length === this.size) {
        for (let row = 0; row < this.rowCount; row += 1) if (this.isLive(row)) total += amounts.get(row);
      } else
        for (let position = 0; position < selection.length; position += 1)
          total += amounts.get(selection.rows[position] as number);
      if (this.totals.size >= 32) this.totals.clear();
      this.totals.set(cacheKey, total);
    }
    return total;
  }

  list(query: AdminListQuery<List>): RecordListPage<List> {
    const filter = this.filterOf(query.filters);
    const key = JSON.stringify(query.filters);
    const selection =
      filter === 'none'
        ? { rows: new Int32Array(0), length: 0, reversed: false }
        : this.select(query.sort.field, query.sort.direction, filter && { key, matched: filter });
    return {
      records: this.pageOf(selection, query.page, query.pageSize).map((row) => this.listedAt(row)),
      count: selection.length,
      totalCents: this.totalOf(selection, key),
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  protected rowAt(row: number): StoredRecord {
    const stored = {
      id: this.columns.ids.get(row),
      updatedAt: this.columns.updatedAts.get(row),
    } as StoredRecord;
    for (const column of this.layout.columnNames)
      stored[column] = (this.columns[column] as Column<unknown>).get(row);
    return stored;
  }

  /** A row as the list shows it: the record's fields, with its member's and plot's current names. */
  private listedAt(row: number): ListedRecord<List> {
    const stored = this.rowAt(row);
    const memberCode = stored.memberCodes as number;
    const listed: Record<string, unknown> = {
      id: stored.id,
      memberId: this.members.idAt(memberCode),
      memberName: this.members.nameAt(memberCode),
      memberNumber: this.members.numberAt(memberCode),
      updatedAt: stored.updatedAt,
    };
    if (this.definition.plots) {
      const plotCode = stored.plotCodes as number;
      listed.plotId = this.plots.idAt(plotCode);
      listed.plotName = this.plots.nameAt(plotCode);
    }
    for (const { into } of this.definition.columns) into(listed, stored);
    return listed as unknown as ListedRecord<List>;
  }

  /**
   * The live rows in id order with every order, and the names they hold, re-coded (what a snapshot
   * keeps). The rows' columns are read through, not copied: a large list is written without a second
   * copy of its values.
   */
  toListData(): RecordListData {
    const members = this.members.coded();
    const plots = this.definition.plots ? this.plots.coded() : undefined;
    const { live, renumbered } = this.liveInIdOrder();
    const columns: Record<string, ColumnValues<unknown>> = {};
    for (const name of this.layout.columnNames) {
      const column = this.columns[name] as Column<unknown>;
      const at = (position: number) => column.get(live[position] as number);
      const instants: InstantValues = {
        length: live.length,
        at: at as InstantValues['at'],
        millisecondsAt: (position) => column.millisecondsAt(live[position] as number),
      };
      columns[name] = this.instantColumns.has(name) ? instants : { length: live.length, at };
    }
    const recoded = (column: 'memberCodes' | 'plotCodes', names: { renumbered: Int32Array }) => {
      const codes = this.columns[column] as unknown as Column<number>;
      return Int32Array.from(live, (row) => names.renumbered[codes.get(row)] as number);
    };
    columns.memberCodes = recoded('memberCodes', members);
    if (plots) columns.plotCodes = recoded('plotCodes', plots);
    return {
      columns,
      orders: this.ordersRenumbered(this.layout.sortFields, renumbered),
      tables: { members: members.columns, ...(plots ? { plots: plots.columns } : {}) },
    };
  }
}
