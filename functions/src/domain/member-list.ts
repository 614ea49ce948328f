import { addMonths, type IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import {
  memberSortFields,
  type MemberListQuery,
  type MemberSortField,
} from '@cpbo/schemas/member-list-query.ts';

/** What the member list knows of each member (one row of the list, plus what its filters read). */
export interface MemberSummary {
  id: string;
  name: string;
  village: string;
  number: string;
  federation: string | null;
  onboardingDate: IsoDate;
  contributionTotalCents: Cents;
  pendingBenefitsCents: Cents;
  plotCount: number;
  lastContributionDate: IsoDate | null;
  lastPayoutDate: IsoDate | null;
  /** When the member last changed (ISO instant); the list catches up from it. */
  updatedAt: string;
}

export interface MemberListPage {
  members: MemberSummary[];
  count: number;
  page: number;
  pageSize: number;
}

/** Printable ASCII but ^ and ` (diacritics of their own, which folding drops). */
const asciiWithoutDiacritics = /^[\x20-\x5d\x5f\x61-\x7e]*$/;

/** Text compared without case or accents, so 'Élodie' sorts and matches with 'elodie'. */
export const foldText = (text: string): string =>
  // Most names and numbers are plain ASCII: lower case is then the whole fold, and much quicker.
  asciiWithoutDiacritics.test(text)
    ? text.toLowerCase()
    : text
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase();

const firstOfMonth = (today: IsoDate): IsoDate => `${today.slice(0, 7)}-01`;

/** The date a period filter starts from, for `today`. */
const benefitsSince = (filter: MemberListQuery['benefits'], today: IsoDate): IsoDate | undefined =>
  ({
    all: undefined,
    current_month: firstOfMonth(today),
    '1_month': addMonths(today, -1),
    '12_months': addMonths(today, -12),
  })[filter];

const contributionsMissingSince = (
  filter: MemberListQuery['contributions'],
  today: IsoDate,
): IsoDate | undefined =>
  ({
    all: undefined,
    not_1_month: addMonths(today, -1),
    not_2_months: addMonths(today, -2),
    not_4_months: addMonths(today, -4),
    not_12_months: addMonths(today, -12),
  })[filter];

/** A change read from the enabler's change timeline: a member's new summary, or its removal. */
export type MemberChange =
  { type: 'member'; summary: MemberSummary } | { type: 'removed'; id: string; removedAt: string };

/**
 * An index's members as columns: one array per field, one position (row) per member, rows in id
 * order. This is what a snapshot carries: no object per member, so a new instance has little to build.
 */
export interface MemberColumns {
  ids: string[];
  names: string[];
  /** The names folded (foldText), for the name order and the search. */
  nameKeys: string[];
  villages: string[];
  numbers: string[];
  federations: (string | null)[];
  onboardingDates: IsoDate[];
  contributionTotals: Cents[];
  pendingBenefits: Cents[];
  plotCounts: number[];
  lastContributionDates: (IsoDate | null)[];
  lastPayoutDates: (IsoDate | null)[];
  updatedAts: string[];
}

export const columnNames = [
  'ids',
  'names',
  'nameKeys',
  'villages',
  'numbers',
  'federations',
  'onboardingDates',
  'contributionTotals',
  'pendingBenefits',
  'plotCounts',
  'lastContributionDates',
  'lastPayoutDates',
  'updatedAts',
] as const satisfies readonly (keyof MemberColumns)[];
type ColumnName = (typeof columnNames)[number];
type ValueOf<Name extends ColumnName> = MemberColumns[Name][number];

/**
 * The values of one column, read row by row. Arrays and typed arrays are such; a snapshot's reader
 * gives text and dictionary-coded columns that make each value only when it is read, so a new instance
 * does not build half a million strings it may never need.
 */
export interface ColumnValues<T> {
  readonly length: number;
  at(row: number): T | undefined;
}

export type MemberColumnValues = { [Name in ColumnName]: ColumnValues<ValueOf<Name>> };

const emptyColumns = (): MemberColumns =>
  Object.fromEntries(columnNames.map((name) => [name, []])) as unknown as MemberColumns;

/** Sort orders of an index: its rows, ascending. */
export type MemberOrders = Partial<Record<MemberSortField, Int32Array>>;

/** An index as a snapshot keeps it: live rows only, in id order, with its sort orders. */
export interface MemberIndexData {
  columns: MemberColumnValues;
  orders: MemberOrders;
}

// Made on first use: creating a collator loads its locale data, a few milliseconds of every cold start.
let naturalNumber: Intl.Collator | undefined;
const numberCollator = (): Intl.Collator =>
  (naturalNumber ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A column of the index: the rows it was loaded with, then the rows added since. */
class Column<T> {
  private readonly added: T[] = [];
  private readonly loadedRows: number;
  /** Every value as one array, made when a pass first reads the whole column, then kept up to date. */
  private everyValue: T[] | undefined;

  constructor(private readonly loaded: ColumnValues<T>) {
    this.loadedRows = loaded.length;
  }

  get length(): number {
    return this.loadedRows + this.added.length;
  }

  get(row: number): T {
    return (row < this.loadedRows ? this.loaded.at(row) : this.added[row - this.loadedRows]) as T;
  }

  push(value: T): number {
    this.added.push(value);
    this.everyValue?.push(value);
    return this.length - 1;
  }

  /** Every value, as one array: a pass over all members reads it much quicker than row by row. */
  all(): T[] {
    if (!this.everyValue) {
      this.everyValue = new Array<T>(this.length);
      for (let row = 0; row < this.everyValue.length; row += 1) this.everyValue[row] = this.get(row);
    }
    return this.everyValue;
  }
}

type Columns = { [Name in ColumnName]: Column<ValueOf<Name>> };

const columnsOf = (values: MemberColumnValues): Columns =>
  Object.fromEntries(
    columnNames.map((name) => [name, new Column(values[name] as ColumnValues<unknown>)]),
  ) as unknown as Columns;

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

/** What a search reads, folded: made at the first search, then kept up to date. */
interface SearchKeys {
  names: string[];
  numbers: string[];
}

/**
 * The members of one enabler in memory, with each sort order kept up to date change by change, so a
 * list request is one pass over a ready order and the recent filtered results are cached (the list
 * at scale, see docs/architecture.md). A changed member gets a new row and its old row dies: a dead row
 * keeps its values, so the orders find it by binary search to take it out.
 */
export class MemberIndex {
  private columns: Columns = columnsOf(emptyColumns());
  /** Rows below this are in id order (found by binary search); later rows are in `laterRows`. */
  private sortedRows = 0;
  private laterRows = new Map<string, number>();
  private dead = new Uint8Array(16);
  private deadCount = 0;
  private orders = new Map<MemberSortField, Order>();
  /** Members removed, and when: an older copy read afterwards must not bring them back. */
  private readonly removals = new Map<string, string>();
  /** Recent filtered orders (query less its page), so paging through one result costs no new pass. */
  private readonly results = new Map<string, Int32Array>();
  private searchKeys: SearchKeys | undefined;
  private readonly federationKeys = new Map<string, string>();

  /** An index from a snapshot's data: rows in id order (as toData writes them); orders sorted anew if missing or wrong. */
  static fromData(data: MemberIndexData): MemberIndex {
    const index = new MemberIndex();
    index.load(data);
    return index;
  }

  /** An index of these members (a full read of the table). */
  static fromSummaries(summaries: readonly MemberSummary[]): MemberIndex {
    const newest = new Map<string, MemberSummary>();
    for (const summary of summaries) {
      const held = newest.get(summary.id);
      if (!held || held.updatedAt < summary.updatedAt) newest.set(summary.id, summary);
    }
    const columns = emptyColumns();
    for (const summary of [...newest.values()].sort((a, b) => compareText(a.id, b.id))) {
      for (const name of columnNames) (columns[name] as unknown[]).push(fieldOf(summary, name));
    }
    return MemberIndex.fromData({ columns, orders: {} });
  }

  private load({ columns, orders }: MemberIndexData): void {
    const rows = columns.ids.length;
    if (columnNames.some((name) => columns[name].length !== rows))
      throw new Error('The columns of a member index differ in length');
    this.columns = columnsOf(columns);
    this.sortedRows = rows;
    this.laterRows = new Map();
    this.dead = new Uint8Array(Math.max(16, rows));
    this.deadCount = 0;
    this.orders = new Map();
    this.results.clear();
    this.searchKeys = undefined;
    for (const field of memberSortFields) {
      const order = orders[field];
      if (order && isPermutation(order, rows))
        this.orders.set(field, { rows: order, length: rows, left: [], came: [] });
    }
  }

  get size(): number {
    return this.columns.ids.length - this.deadCount;
  }

  private rowOf(id: string): number | undefined {
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

  get(id: string): MemberSummary | undefined {
    const row = this.rowOf(id);
    return row === undefined ? undefined : this.summaryAt(row);
  }

  /** Applies a change of the timeline; true when it changed the index. */
  apply(change: MemberChange): boolean {
    return change.type === 'member' ? this.upsert(change.summary) : this.remove(change.id, change.removedAt);
  }

  /**
   * Adds or replaces a member. An older copy than the one held is ignored (the catch-up's overlap
   * reads members again); a copy of the same instant replaces it only if it differs, so two writes
   * in one millisecond settle on what the table holds.
   */
  upsert(summary: MemberSummary): boolean {
    const removedAt = this.removals.get(summary.id);
    if (removedAt !== undefined) {
      if (summary.updatedAt <= removedAt) return false;
      this.removals.delete(summary.id);
    }
    const held = this.rowOf(summary.id);
    if (held !== undefined) {
      const heldAt = this.columns.updatedAts.get(held);
      if (summary.updatedAt < heldAt || (summary.updatedAt === heldAt && this.holds(held, summary)))
        return false;
      this.kill(held);
    }
    let row = 0;
    for (const name of columnNames)
      row = (this.columns[name] as Column<unknown>).push(fieldOf(summary, name));
    if (row >= this.dead.length) {
      const grown = new Uint8Array(Math.max(16, row * 2));
      grown.set(this.dead);
      this.dead = grown;
    }
    this.laterRows.set(summary.id, row);
    // The folded names are the nameKeys column's own array, which its push keeps up to date.
    this.searchKeys?.numbers.push(foldText(summary.number));
    this.changed(held === undefined ? [] : [held], [row]);
    return true;
  }

  /** Removes a member (removed at `removedAt`, its tombstone's instant); true when it was there. */
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

  private kill(row: number): void {
    this.dead[row] = 1;
    this.deadCount += 1;
  }

  private holds(row: number, summary: MemberSummary): boolean {
    const held = this.summaryAt(row);
    return (Object.keys(held) as (keyof MemberSummary)[]).every((key) => held[key] === summary[key]);
  }

  private changed(left: number[], came: number[]): void {
    this.results.clear();
    for (const order of this.orders.values()) {
      order.left.push(...left);
      order.came.push(...came);
    }
    if (this.deadCount > 1024 && this.deadCount > COMPACT_SHARE * this.columns.ids.length)
      this.load(this.compacted([...this.orders.keys()]));
  }

  private federationKey(federation: string): string {
    let key = this.federationKeys.get(federation);
    if (key === undefined) {
      key = foldText(federation);
      this.federationKeys.set(federation, key);
    }
    return key;
  }

  /**
   * Orders rows by one field, ascending; ties are broken by id (then row) so that pages never overlap
   * or skip a member, and members without a federation come last.
   */
  private compareRows(field: MemberSortField): (a: number, b: number) => number {
    const { ids, nameKeys, numbers, pendingBenefits, onboardingDates, federations } = this.columns;
    const byId = (a: number, b: number) => compareText(ids.get(a), ids.get(b)) || a - b;
    switch (field) {
      case 'pendingBenefits':
        return (a, b) => pendingBenefits.get(a) - pendingBenefits.get(b) || byId(a, b);
      case 'onboardingDate':
        return (a, b) => compareText(onboardingDates.get(a), onboardingDates.get(b)) || byId(a, b);
      case 'number': {
        const collator = numberCollator();
        return (a, b) => collator.compare(numbers.get(a), numbers.get(b)) || byId(a, b);
      }
      case 'federation':
        return (a, b) => {
          const first = federations.get(a);
          const second = federations.get(b);
          const firstKey = first === null ? null : this.federationKey(first);
          const secondKey = second === null ? null : this.federationKey(second);
          if (firstKey === secondKey) return byId(a, b);
          if (firstKey === null) return 1;
          if (secondKey === null) return -1;
          return compareText(firstKey, secondKey);
        };
      case 'name':
        return (a, b) => compareText(nameKeys.get(a), nameKeys.get(b)) || byId(a, b);
    }
  }

  private ordered(field: MemberSortField): Order {
    const order = this.orders.get(field);
    if (!order) {
      const live: number[] = [];
      for (let row = 0; row < this.columns.ids.length; row += 1) if (!this.dead[row]) live.push(row);
      const rows = Int32Array.from(live.sort(this.compareRows(field)));
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
        if (order.rows[position] !== row) throw new Error('A member index order lost a row');
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
    // copy the runs between them, so the comparisons grow with the changes, not with the members.
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

  private searchable(): SearchKeys {
    this.searchKeys ??= {
      names: this.columns.nameKeys.all(),
      numbers: this.columns.numbers.all().map(foldText),
    };
    return this.searchKeys;
  }

  /**
   * The filters and search of a query as one test of a row (built once per request, run on every
   * member); none for a query without filters. It reads whole columns, and only those it needs.
   */
  private matcher(query: MemberListQuery, today: IsoDate): ((row: number) => boolean) | undefined {
    const needle = foldText(query.search.trim());
    const benefitSince = benefitsSince(query.benefits, today);
    const noContributionSince = contributionsMissingSince(query.contributions, today);
    const { plots } = query;
    if (!needle && !benefitSince && !noContributionSince && plots === 'all') return undefined;
    const keys = needle ? this.searchable() : undefined;
    const federations = needle ? this.columns.federations.all() : [];
    const lastPayouts = benefitSince ? this.columns.lastPayoutDates.all() : [];
    const lastContributions = noContributionSince ? this.columns.lastContributionDates.all() : [];
    const plotCounts = plots === 'all' ? [] : this.columns.plotCounts.all();
    return (row) => {
      // The search looks in the name, the number and the federation.
      if (
        keys &&
        !(keys.names[row] as string).includes(needle) &&
        !(keys.numbers[row] as string).includes(needle)
      ) {
        const federation = federations[row];
        if (!federation || !this.federationKey(federation).includes(needle)) return false;
      }
      if (benefitSince) {
        const lastPayout = lastPayouts[row];
        if (!(lastPayout && lastPayout >= benefitSince)) return false;
      }
      if (noContributionSince) {
        const lastContribution = lastContributions[row];
        if (lastContribution && lastContribution >= noContributionSince) return false;
      }
      if (plots !== 'all') {
        const count = plotCounts[row] as number;
        if (plots === 'no' && count !== 0) return false;
        if (plots === 'one' && count !== 1) return false;
        if (plots === 'many' && count < 2) return false;
      }
      return true;
    };
  }

  /** The rows a query selects, in its order (cached; an unfiltered query reads the order itself). */
  private matching(
    query: MemberListQuery,
    today: IsoDate,
  ): { rows: Int32Array; length: number; reversed: boolean } {
    const order = this.ordered(query.sort.field);
    const matches = this.matcher(query, today);
    if (!matches)
      return { rows: order.rows, length: order.length, reversed: query.sort.direction === 'desc' };
    const key = JSON.stringify([
      query.sort,
      query.search,
      query.benefits,
      query.contributions,
      query.plots,
      today,
    ]);
    let result = this.results.get(key);
    if (!result) {
      // Rows are tested in row order, which reads the columns straight through memory; walking a sort
      // order instead jumps from member to member and is several times slower at 500 000.
      const rows = this.columns.ids.length;
      const matched = new Uint8Array(rows);
      for (let row = 0; row < rows; row += 1) if (!this.dead[row] && matches(row)) matched[row] = 1;
      const selected: number[] = [];
      if (query.sort.direction === 'asc') {
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

  list(query: MemberListQuery, today: IsoDate): MemberListPage {
    const { rows, length, reversed } = this.matching(query, today);
    const start = (query.page - 1) * query.pageSize;
    const members: MemberSummary[] = [];
    for (let position = start; position < Math.min(length, start + query.pageSize); position += 1)
      members.push(this.summaryAt(rows[reversed ? length - 1 - position : position] as number));
    return { members, count: length, page: query.page, pageSize: query.pageSize };
  }

  private summaryAt(row: number): MemberSummary {
    const c = this.columns;
    return {
      id: c.ids.get(row),
      name: c.names.get(row),
      village: c.villages.get(row),
      number: c.numbers.get(row),
      federation: c.federations.get(row),
      onboardingDate: c.onboardingDates.get(row),
      contributionTotalCents: c.contributionTotals.get(row),
      pendingBenefitsCents: c.pendingBenefits.get(row),
      plotCount: c.plotCounts.get(row),
      lastContributionDate: c.lastContributionDates.get(row),
      lastPayoutDate: c.lastPayoutDates.get(row),
      updatedAt: c.updatedAts.get(row),
    };
  }

  /** The live members in id order, with every sort order (what a snapshot keeps). */
  toData(): { columns: MemberColumns; orders: MemberOrders } {
    return this.compacted(memberSortFields);
  }

  /** The live members in id order, as arrays, with these sort orders. */
  private compacted(fields: readonly MemberSortField[]): { columns: MemberColumns; orders: MemberOrders } {
    const { ids } = this.columns;
    const total = ids.length;
    const sortedLive: number[] = [];
    for (let row = 0; row < this.sortedRows; row += 1) if (!this.dead[row]) sortedLive.push(row);
    const laterLive: number[] = [];
    for (let row = this.sortedRows; row < total; row += 1) if (!this.dead[row]) laterLive.push(row);
    laterLive.sort((a, b) => compareText(ids.get(a), ids.get(b)));
    const live: number[] = [];
    for (let first = 0, second = 0; first < sortedLive.length || second < laterLive.length;) {
      const a = sortedLive[first];
      const b = laterLive[second];
      if (b === undefined || (a !== undefined && ids.get(a) < ids.get(b))) {
        live.push(a as number);
        first += 1;
      } else {
        live.push(b);
        second += 1;
      }
    }
    const renumbered = new Int32Array(total).fill(-1);
    live.forEach((row, position) => (renumbered[row] = position));
    const columns = Object.fromEntries(
      columnNames.map((name) => {
        const column = this.columns[name] as Column<unknown>;
        return [name, live.map((row) => column.get(row))];
      }),
    ) as unknown as MemberColumns;
    const orders = Object.fromEntries(
      fields.map((field) => {
        const { rows, length } = this.ordered(field);
        const renamed = new Int32Array(length);
        for (let position = 0; position < length; position += 1)
          renamed[position] = renumbered[rows[position] as number] as number;
        return [field, renamed];
      }),
    ) as MemberOrders;
    return { columns, orders };
  }
}

/** A member's value for one column. */
const fieldOf = (summary: MemberSummary, name: ColumnName): unknown => {
  switch (name) {
    case 'ids':
      return summary.id;
    case 'names':
      return summary.name;
    case 'nameKeys':
      return foldText(summary.name);
    case 'villages':
      return summary.village;
    case 'numbers':
      return summary.number;
    case 'federations':
      return summary.federation;
    case 'onboardingDates':
      return summary.onboardingDate;
    case 'contributionTotals':
      return summary.contributionTotalCents;
    case 'pendingBenefits':
      return summary.pendingBenefitsCents;
    case 'plotCounts':
      return summary.plotCount;
    case 'lastContributionDates':
      return summary.lastContributionDate;
    case 'lastPayoutDates':
      return summary.lastPayoutDate;
    case 'updatedAts':
      return summary.updatedAt;
  }
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
