import { compareText } from '@cpbo/schemas/text.ts';
import { exactMilliseconds, type ColumnValues, type InstantValues } from './column-values.ts';
/*
 * An enabler's list in memory (the member list, and the administrators' plot and money tables): rows as
 * columns, one sort order per sortable field kept up to date change by change, recent filtered results
 * cached, and pages cut from a ready order (docs/architecture.md, "The member list at scale"). A
 * changed row gets a new row number and its old row dies: a dead row keeps its values, so the orders
 * find it by binary search to take it out. What is particular to a list (its columns, how its fields
 * compare, its filters) is its subclass's: domain/lists/member-list.ts, domain/lists/record-list.ts.
 */

/** What every list's rows have: an id, and when the row last changed (ISO instant). */
export interface IndexedValues {
  ids: string;
  updatedAts: string;
}

/** A list's columns as arrays, one position per row. */
export type ColumnArrays<Values> = { [Name in keyof Values]: Values[Name][] };
/** A list's columns as a snapshot gives them. */
export type ColumnReaders<Values> = { [Name in keyof Values]: ColumnValues<Values[Name]> };

/** Sort orders of an index: its rows, ascending. */
export type IndexOrders<Field extends string> = Partial<Record<Field, Int32Array>>;

/** An index as a snapshot keeps it: live rows only, in id order, with its sort orders. */
export interface IndexData<Values, Field extends string> {
  columns: ColumnReaders<Values>;
  orders: IndexOrders<Field>;
}

/** What an index knows of its rows: its columns, the value of each for a row, its sort fields. */
export interface IndexLayout<Row, Values extends IndexedValues, Field extends string> {
  columnNames: readonly (keyof Values & string)[];
  valuesOf(row: Row): Values;
  sortFields: readonly Field[];
  /**
   * Row numbers are kept for good (no compaction): others hold them as codes (a record list's member
   * and plot names). Dead rows then stay until the next load.
   */
  keepsRowNumbers?: boolean;
}

export type SortDirection = 'asc' | 'desc';

/** The rows a query selects, in its order (`reversed`: read the rows from the end). */
export interface Selection {
  rows: Int32Array;
  length: number;
  reversed: boolean;
}

/** A column of the index: the rows it was loaded with, then the rows added since. */
export class Column<T> {
  private readonly added: T[] = [];
  private readonly loadedRows: number;
  /** Every value as one array, made when a pass first reads the whole column, then kept up to date. */
  private everyValue: T[] | undefined;

  /** The loaded values when they are an array or a typed array, read by index (much quicker than `at`). */
  private readonly indexed: ArrayLike<T> | undefined;

  constructor(private readonly loaded: ColumnValues<T>) {
    this.loadedRows = loaded.length;
    this.indexed =
      Array.isArray(loaded) || ArrayBuffer.isView(loaded) ? (loaded as unknown as ArrayLike<T>) : undefined;
  }

  get length(): number {
    return this.loadedRows + this.added.length;
  }

  get(row: number): T {
    if (row >= this.loadedRows) return this.added[row - this.loadedRows] as T;
    return (this.indexed ? this.indexed[row] : this.loaded.at(row)) as T;
  }

  /**
   * The row's value as an instant's milliseconds (NaN for null), read without making its text when the
   * column was loaded as instants; undefined when it is not an instant that reads back from them.
   */
  millisecondsAt(row: number): number | undefined {
    if (row < this.loadedRows && 'millisecondsAt' in this.loaded)
      return (this.loaded as unknown as InstantValues).millisecondsAt(row);
    return exactMilliseconds(this.get(row));
  }

  push(value: T): number {
    this.added.push(value);
    this.everyValue?.push(value);
    return this.length - 1;
  }

  /** Every value, as one array: a pass over all rows reads it much quicker than row by row. */
  all(): T[] {
    if (!this.everyValue) {
      this.everyValue = new Array<T>(this.length);
      for (let row = 0; row < this.everyValue.length; row += 1) this.everyValue[row] = this.get(row);
    }
    return this.everyValue;
  }
}

export type Columns<Values> = { [Name in keyof Values]: Column<Values[Name]> };

const columnsOf = <Values>(
  names: readonly (keyof Values)[],
  values: ColumnReaders<Values>,
): Columns<Values> =>
  Object.fromEntries(names.map((name) => [name, new Column(values[name])])) as unknown as Columns<Values>;

const emptyArrays = <Values>(names: readonly (keyof Values)[]): ColumnArrays<Values> =>
  Object.fromEntries(names.map((name) => [name, []])) as unknown as ColumnArrays<Values>;

/** One sort order, kept up to date with the changes made since it was last used. */
interface Order {
  rows: Int32Array;
  length: number;
  /** Rows that left (replaced or removed) and rows that came, since the order was last brought up to date. */
  left: number[];
  came: number[];
}

/** Up to this many changes an order is patched in place; more are merged in one pass. */
const PATCH_LIMIT = 32;
/** Dead rows are dropped from the columns once they are this share of all rows. */
const COMPACT_SHARE = 0.25;
const MAX_CACHED_RESULTS = 32;

export abstract class DirectoryIndex<
  Row extends { id: string; updatedAt: string },
  Values extends IndexedValues,
  Field extends string,
> {
  protected columns: Columns<Values>;
  /** Rows below this are in id order (found by binary search); later rows are in `laterRows`. */
  private sortedRows = 0;
  private laterRows = new Map<string, number>();
  private dead = new Uint8Array(16);
  private deadCount = 0;
  private orders = new Map<Field, Order>();
  /** Rows removed, and when: an older copy read afterwards must not bring them back. */
  private readonly removals = new Map<string, string>();
  /** Recent filtered orders (query less its page), so paging through one result costs no new pass. */
  private readonly results = new Map<string, Int32Array>();
  /** Moves at every change and load: what a subclass caches of the rows is keyed by it. */
  protected version = 0;
  /** Moves at every load, which numbers the rows anew: an order read for one load fits no other. */
  private loads = 0;

  protected constructor(protected readonly layout: IndexLayout<Row, Values, Field>) {
    this.columns = columnsOf(layout.columnNames, emptyArrays(layout.columnNames) as ColumnReaders<Values>);
  }

  /** How two rows compare on a field, ascending, ties broken so that no two rows compare equal. */
  protected abstract compareRows(field: Field): (a: number, b: number) => number;

  /** A row's values as the list's own row. */
  protected abstract rowAt(row: number): Row;

  /** Drops what a subclass built on the rows (a search's keys…): the rows were renumbered. */
  protected reloaded(): void {}

  /** The live rows in id order (rows loaded from the table, in any order, are kept newest first by id). */
  protected loadRows(rows: readonly Row[]): void {
    const newest = new Map<string, Row>();
    for (const row of rows) {
      const held = newest.get(row.id);
      if (!held || held.updatedAt < row.updatedAt) newest.set(row.id, row);
    }
    const columns = emptyArrays<Values>(this.layout.columnNames);
    for (const row of [...newest.values()].sort((a, b) => compareText(a.id, b.id))) {
      const values = this.layout.valuesOf(row);
      for (const name of this.layout.columnNames) (columns[name] as unknown[]).push(values[name]);
    }
    this.load({ columns: columns as ColumnReaders<Values>, orders: {} });
  }

  /** Loads a snapshot's data: rows in id order (as toData writes them); orders sorted anew if missing or wrong. */
  protected load({ columns, orders }: IndexData<Values, Field>): void {
    const rows = columns.ids.length;
    if (this.layout.columnNames.some((name) => columns[name].length !== rows))
      throw new Error('The columns of an index differ in length');
    this.columns = columnsOf(this.layout.columnNames, columns);
    this.sortedRows = rows;
    this.laterRows = new Map();
    this.dead = new Uint8Array(Math.max(16, rows));
    this.deadCount = 0;
    this.orders = new Map();
    this.results.clear();
    this.version += 1;
    this.loads += 1;
    this.reloaded();
    for (const field of this.layout.sortFields) {
      const order = orders[field];
      if (order && isPermutation(order, rows))
        this.orders.set(field, { rows: order, length: rows, left: [], came: [] });
    }
  }

  get size(): number {
    return this.columns.ids.length - this.deadCount;
  }

  /** How the rows are numbered now: an order read apart for the loaded rows fits while this holds. */
  get numbering(): number {
    return this.loads;
  }

  hasOrder(field: Field): boolean {
    return this.orders.has(field);
  }

  /**
   * Takes a sort order of the rows as loaded (read apart from their snapshot, numbered as `numbering`
   * said then). The rows that left or came since are taken out and put in when it is next used.
   * False when it does not fit: the rows were numbered anew since, or it is not an order of them.
   */
  adoptOrder(field: Field, rows: Int32Array, numbering: number): boolean {
    if (numbering !== this.loads || this.orders.has(field) || !isPermutation(rows, this.sortedRows))
      return false;
    const left: number[] = [];
    for (let row = 0; row < this.sortedRows; row += 1) if (this.dead[row]) left.push(row);
    const came: number[] = [];
    for (let row = this.sortedRows; row < this.rowCount; row += 1) came.push(row);
    this.orders.set(field, { rows, length: rows.length, left, came });
    return true;
  }

  /** Rows ever held, dead ones included (row numbers run below it). */
  protected get rowCount(): number {
    return this.columns.ids.length;
  }

  protected isLive(row: number): boolean {
    return !this.dead[row];
  }

  protected rowOf(id: string): number | undefined {
    const later = this.laterRows.get(id);
    if (later !== undefined) return later;
    const { ids } = this.columns;
    let low = 0;
    let high = this.sortedRows;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (ids.get(middle) < id) low = middle + 1;
      else high = middle;
    }
    return low < this.sortedRows && !this.dead[low] && ids.get(low) === id ? low : undefined;
  }

  get(id: string): Row | undefined {
    const row = this.rowOf(id);
    return row === undefined ? undefined : this.rowAt(row);
  }

  /**
   * Adds or replaces a row. An older copy than the one held is ignored (the catch-up's overlap reads
   * rows again); a copy of the same instant replaces it only if it differs, so two writes in one
   * millisecond settle on what the table holds.
   */
  upsert(incoming: Row): boolean {
    const removedAt = this.removals.get(incoming.id);
    if (removedAt !== undefined) {
      if (incoming.updatedAt <= removedAt) return false;
      this.removals.delete(incoming.id);
    }
    const values = this.layout.valuesOf(incoming);
    const held = this.rowOf(incoming.id);
    if (held !== undefined) {
      const heldAt = this.columns.updatedAts.get(held);
      if (incoming.updatedAt < heldAt || (incoming.updatedAt === heldAt && this.holds(held, values)))
        return false;
      this.kill(held);
    }
    let row = 0;
    for (const name of this.layout.columnNames)
      row = (this.columns[name] as Column<unknown>).push(values[name]);
    if (row >= this.dead.length) {
      const grown = new Uint8Array(Math.max(16, row * 2));
      grown.set(this.dead);
      this.dead = grown;
    }
    this.laterRows.set(incoming.id, row);
    this.added(row, values);
    this.changed(held === undefined ? [] : [held], [row]);
    return true;
  }

  /** A row was pushed (before a compaction may renumber the rows): what a subclass keeps beside the columns. */
  protected added(_row: number, _values: Values): void {}

  /** Removes a row (removed at `removedAt`, its tombstone's instant); true when it was there. */
  remove(id: string, removedAt: string): boolean {
    const known = this.removals.get(id);
    if (known === undefined || known < removedAt) this.removals.set(id, removedAt);
    const row = this.rowOf(id);
    if (row === undefined || this.columns.updatedAts.get(row) > removedAt) return false;
    this.kill(row);
    this.laterRows.delete(id);
    this.changed([row], []);
    return true;
  }

  /** When the row of this id was removed, if it was (and not brought back since). */
  removedAt(id: string): string | undefined {
    return this.removals.get(id);
  }

  private kill(row: number): void {
    this.dead[row] = 1;
    this.deadCount += 1;
  }

  private holds(row: number, values: Values): boolean {
    return this.layout.columnNames.every((name) => this.columns[name].get(row) === values[name]);
  }

  private changed(left: number[], came: number[]): void {
    this.results.clear();
    this.version += 1;
    for (const order of this.orders.values()) {
      order.left.push(...left);
      order.came.push(...came);
    }
    if (
      !this.layout.keepsRowNumbers &&
      this.deadCount > 1024 &&
      this.deadCount > COMPACT_SHARE * this.columns.ids.length
    )
      this.load(this.compacted([...this.orders.keys()]));
  }

  /**
   * Keys by row whose order, compared one after the other, is the field's order (compareRows): a full
   * sort compares numbers instead of reading values. Undefined when the field has none.
   */
  protected sortKeys(_field: Field): Float64Array[] | undefined {
    return undefined;
  }

  /**
   * Keys shared by several sorts (the id ranks, a list's dates), kept while the rows do not change:
   * sorting every order of millions of rows (a snapshot's writing) makes each once, not once per order.
   */
  private sharedKeys: { version: number; keys: Map<string, Float64Array> } = { version: -1, keys: new Map() };

  protected sharedKey(name: string, make: () => Float64Array): Float64Array {
    if (this.sharedKeys.version !== this.version)
      this.sharedKeys = { version: this.version, keys: new Map() };
    let key = this.sharedKeys.keys.get(name);
    if (!key) this.sharedKeys.keys.set(name, (key = make()));
    return key;
  }

  /** Each live row's position in id order, by row: the last key of every sort (ids are unique among live rows). */
  protected idRanks(): Float64Array {
    return this.sharedKey('ids', () => {
      const ranks = new Float64Array(this.rowCount);
      this.liveInIdOrder().live.forEach((row, position) => (ranks[row] = position));
      return ranks;
    });
  }

  private ordered(field: Field): Order {
    const order = this.orders.get(field);
    if (!order) {
      const live: number[] = [];
      for (let row = 0; row < this.columns.ids.length; row += 1) if (!this.dead[row]) live.push(row);
      const keys = this.sortKeys(field);
      const rows = Int32Array.from(live).sort(keys ? byKeys(keys) : this.compareRows(field));
      const built: Order = { rows, length: rows.length, left: [], came: [] };
      this.orders.set(field, built);
      return built;
    }
    if (order.left.length || order.came.length) this.catchUpOrder(order, this.compareRows(field));
    return order;
  }

  /** Takes out the rows that left and puts in the rows that came (and are still alive). */
  private catchUpOrder(order: Order, compare: (a: number, b: number) => number): void {
    const came = new Set(order.came);
    // A row that came and left since the last use was never in the order.
    const leaving = order.left.filter((row) => !came.has(row));
    const coming = order.came.filter((row) => !this.dead[row]).sort(compare);
    order.left = [];
    order.came = [];
    if (leaving.length + coming.length <= PATCH_LIMIT) {
      for (const row of leaving) {
        const position = lowerBound(order.rows, order.length, row, compare);
        if (order.rows[position] !== row) throw new Error('An index order lost a row');
        order.rows.copyWithin(position, position + 1, order.length);
        order.length -= 1;
      }
      for (const row of coming) {
        if (order.length === order.rows.length) {
          const grown = new Int32Array(Math.max(16, order.rows.length * 2));
          grown.set(order.rows);
          order.rows = grown;
        }
        const position = lowerBound(order.rows, order.length, row, compare);
        order.rows.copyWithin(position + 1, position, order.length);
        order.rows[position] = row;
        order.length += 1;
      }
      return;
    }
    // Many changes: drop the dead rows in one pass, then place each newcomer by binary search and
    // copy the runs between them, so the comparisons grow with the changes, not with the rows.
    const kept = new Int32Array(order.length);
    let keptLength = 0;
    for (let position = 0; position < order.length; position += 1) {
      const row = order.rows[position] as number;
      if (!this.dead[row]) kept[keptLength++] = row;
    }
    const merged = new Int32Array(keptLength + coming.length);
    let from = 0;
    coming.forEach((row, index) => {
      const position = lowerBound(kept, keptLength, row, compare);
      merged.set(kept.subarray(from, position), from + index);
      merged[position + index] = row;
      from = position;
    });
    merged.set(kept.subarray(from, keptLength), from + coming.length);
    order.rows = merged;
    order.length = merged.length;
  }

  /**
   * The rows of a field's order, ascending, up to date: the first of them whose value is not below
   * `isBelow`'s bound, and the first above `isAbove`'s (a range of the order, by binary search).
   */
  protected orderedRange(
    field: Field,
    isBelow: (row: number) => boolean,
    isAbove: (row: number) => boolean,
  ): Int32Array {
    const { rows, length } = this.ordered(field);
    const first = (test: (row: number) => boolean, low = 0) => {
      let high = length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (test(rows[middle] as number)) low = middle + 1;
        else high = middle;
      }
      return low;
    };
    const start = first(isBelow);
    return rows.subarray(
      start,
      first((row) => !isAbove(row), start),
    );
  }

  /** The live rows that pass a test, as flags by row (a filter's pass over every row). */
  protected liveMatching(test: (row: number) => boolean): Uint8Array {
    const rows = this.columns.ids.length;
    const matched = new Uint8Array(rows);
    for (let row = 0; row < rows; row += 1) if (!this.dead[row] && test(row)) matched[row] = 1;
    return matched;
  }

  /**
   * The rows a query selects, in its order: the order itself without a filter; with one, the rows it
   * lets through, in that order (cached under `key`, which names the filter). A filter gives flags by
   * row, or the few rows it matched (a member's records…), which are sorted rather than the whole
   * order walked.
   */
  protected select(
    field: Field,
    direction: SortDirection,
    filter?: { key: string; matched: () => Uint8Array | number[] },
  ): Selection {
    const order = this.ordered(field);
    if (!filter) return { rows: order.rows, length: order.length, reversed: direction === 'desc' };
    const key = JSON.stringify([field, direction, filter.key]);
    let result = this.results.get(key);
    if (!result) {
      // Rows are tested in row order, which reads the columns straight through memory; walking a sort
      // order instead jumps from row to row and is several times slower at 500 000.
      const matched = filter.matched();
      const selected: number[] = [];
      if (Array.isArray(matched)) {
        selected.push(...matched.sort(this.compareRows(field)));
        if (direction === 'desc') selected.reverse();
      } else if (direction === 'asc') {
        for (let position = 0; position < order.length; position += 1) {
          const row = order.rows[position] as number;
          if (matched[row]) selected.push(row);
        }
      } else {
        for (let position = order.length - 1; position >= 0; position -= 1) {
          const row = order.rows[position] as number;
          if (matched[row]) selected.push(row);
        }
      }
      result = Int32Array.from(selected);
      if (this.results.size >= MAX_CACHED_RESULTS)
        this.results.delete(this.results.keys().next().value as string);
      this.results.set(key, result);
    }
    return { rows: result, length: result.length, reversed: false };
  }

  /** The row numbers of page `page` (1-based) of a selection. */
  protected pageOf({ rows, length, reversed }: Selection, page: number, pageSize: number): number[] {
    const start = (page - 1) * pageSize;
    const onPage: number[] = [];
    for (let position = start; position < Math.min(length, start + pageSize); position += 1)
      onPage.push(rows[reversed ? length - 1 - position : position] as number);
    return onPage;
  }

  /** The live rows in id order, with every sort order (what a snapshot keeps). */
  toData(): { columns: ColumnArrays<Values>; orders: IndexOrders<Field> } {
    const { columns, orders } = this.compacted(this.layout.sortFields);
    return { columns, orders };
  }

  /**
   * The live rows in id order, as arrays, with these sort orders, and where each row went
   * (`renumbered[row]`, -1 for a dead row).
   */
  protected compacted(fields: readonly Field[]): {
    columns: ColumnArrays<Values>;
    orders: IndexOrders<Field>;
    renumbered: Int32Array;
  } {
    const { live, renumbered } = this.liveInIdOrder();
    const columns = Object.fromEntries(
      this.layout.columnNames.map((name) => {
        const column = this.columns[name] as Column<unknown>;
        return [name, Array.from(live, (row) => column.get(row))];
      }),
    ) as unknown as ColumnArrays<Values>;
    return { columns, orders: this.ordersRenumbered(fields, renumbered), renumbered };
  }

  /** The live rows in id order, and where each row goes among them (`renumbered[row]`, -1 for a dead row). */
  protected liveInIdOrder(): { live: Int32Array; renumbered: Int32Array } {
    const { ids } = this.columns;
    const total = ids.length;
    const sortedLive: number[] = [];
    for (let row = 0; row < this.sortedRows; row += 1) if (!this.dead[row]) sortedLive.push(row);
    const laterLive: number[] = [];
    for (let row = this.sortedRows; row < total; row += 1) if (!this.dead[row]) laterLive.push(row);
    laterLive.sort((a, b) => compareText(ids.get(a), ids.get(b)));
    const live = new Int32Array(sortedLive.length + laterLive.length);
    let length = 0;
    for (let first = 0, second = 0; first < sortedLive.length || second < laterLive.length;) {
      const a = sortedLive[first];
      const b = laterLive[second];
      if (b === undefined || (a !== undefined && ids.get(a) < ids.get(b))) {
        live[length++] = a as number;
        first += 1;
      } else {
        live[length++] = b;
        second += 1;
      }
    }
    const renumbered = new Int32Array(total).fill(-1);
    live.forEach((row, position) => (renumbered[row] = position));
    return { live, renumbered };
  }

  /**
   * These sort orders, up to date, in the rows' new numbers: the orders themselves when the rows keep
   * theirs (none died or came since the load), so that a large list's are not held twice.
   */
  protected ordersRenumbered(fields: readonly Field[], renumbered: Int32Array): IndexOrders<Field> {
    const kept = this.deadCount === 0 && this.rowCount === this.sortedRows;
    const orders = Object.fromEntries(
      fields.map((field) => {
        const { rows, length } = this.ordered(field);
        if (kept) return [field, rows.subarray(0, length)];
        const renamed = new Int32Array(length);
        for (let position = 0; position < length; position += 1)
          renamed[position] = renumbered[rows[position] as number] as number;
        return [field, renamed];
      }),
    ) as IndexOrders<Field>;
    this.sharedKeys = { version: -1, keys: new Map() };
    return orders;
  }
}
/** Rows compared by their keys, one key after the other. */
const byKeys = (keys: Float64Array[]): ((a: number, b: number) => number) => {
  const [first, second, third] = keys as [Float64Array, Float64Array?, Float64Array?];
  if (keys.length > 3) throw new Error('At most three sort keys');
  return (a, b) =>
    (first[a] as number) - (first[b] as number) ||
    (second ? (second[a] as number) - (second[b] as number) : 0) ||
    (third ? (third[a] as number) - (third[b] as number) : 0) ||
    a - b;
};

/**
 * Each of `count` items' dense rank in the order `compare` gives (items it finds equal share a rank),
 * as keys for a sort.
 */
export const denseRanks = (count: number, compare: (a: number, b: number) => number): Float64Array => {
  const order = Int32Array.from({ length: count }, (_, item) => item).sort(compare);
  const ranks = new Float64Array(count);
  for (let position = 1; position < count; position += 1) {
    const item = order[position] as number;
    const previous = order[position - 1] as number;
    ranks[item] = (ranks[previous] as number) + (compare(previous, item) === 0 ? 0 : 1);
  }
  return ranks;
};

/** The first of the first `length` positions whose row does not sort before `row`. */
const lowerBound = (
  rows: Int32Array,
  length: number,
  row: number,
  compare: (a: number, b: number) => number,
): number => {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(rows[middle] as number, row) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** True when `order` holds each of the rows 0 … rows-1 once. */
const isPermutation = (order: Int32Array, rows: number): boolean => {
  if (order.length !== rows) return false;
  const seen = new Uint8Array(rows);
  for (const row of order) {
    if (row < 0 || row >= rows || seen[row]) return false;
    seen[row] = 1;
  }
  return true;
};
