import { addMonths, type IsoDate } from './coverage-dates.ts';
import type { Cents } from './money.ts';

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

export const sortFields = ['name', 'federation', 'number', 'pendingBenefits', 'onboardingDate'] as const;
export type SortField = (typeof sortFields)[number];
export type SortDirection = 'asc' | 'desc';

export const benefitsFilters = ['all', 'current_month', '1_month', '12_months'] as const;
export const contributionsFilters = [
  'all',
  'not_1_month',
  'not_2_months',
  'not_4_months',
  'not_12_months',
] as const;
export const plotsFilters = ['all', 'no', 'one', 'many'] as const;
export const memberPageSizes = [10, 50, 100] as const;

export interface MemberListQuery {
  page: number;
  pageSize: number;
  sort: { field: SortField; direction: SortDirection };
  search: string;
  benefits: (typeof benefitsFilters)[number];
  contributions: (typeof contributionsFilters)[number];
  plots: (typeof plotsFilters)[number];
}

export interface MemberListPage {
  members: MemberSummary[];
  count: number;
  page: number;
  pageSize: number;
}

/** Text compared without case or accents, so 'Élodie' sorts and matches with 'elodie'. */
export const foldText = (text: string): string =>
  text
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

/** The filters and search of a query as one predicate (built once per request, run on every member). */
export const memberMatcher = (
  query: Pick<MemberListQuery, 'search' | 'benefits' | 'contributions' | 'plots'>,
  today: IsoDate,
) => {
  const needle = foldText(query.search.trim());
  const benefitSince = benefitsSince(query.benefits, today);
  const noContributionSince = contributionsMissingSince(query.contributions, today);
  return (member: MemberSummary, searchText: string): boolean => {
    if (needle && !searchText.includes(needle)) return false;
    if (benefitSince && !(member.lastPayoutDate && member.lastPayoutDate >= benefitSince)) return false;
    if (
      noContributionSince &&
      member.lastContributionDate &&
      member.lastContributionDate >= noContributionSince
    )
      return false;
    if (query.plots === 'no' && member.plotCount !== 0) return false;
    if (query.plots === 'one' && member.plotCount !== 1) return false;
    if (query.plots === 'many' && member.plotCount < 2) return false;
    return true;
  };
};

/** A member with the texts its searches and sorts compare, folded once when it enters the index. */
interface IndexEntry {
  summary: MemberSummary;
  searchText: string;
  nameKey: string;
  federationKey: string | null;
}

export const indexEntry = (summary: MemberSummary): IndexEntry => ({
  summary,
  // What the search looks in: name, number and federation.
  searchText: foldText(`${summary.name}\u0000${summary.number}\u0000${summary.federation ?? ''}`),
  nameKey: foldText(summary.name),
  federationKey: summary.federation === null ? null : foldText(summary.federation),
});

// Made on first use: creating a collator loads its locale data, a few milliseconds of every cold start.
let naturalNumber: Intl.Collator | undefined;
const numberCollator = (): Intl.Collator =>
  (naturalNumber ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Orders members by one field, ascending; ties are broken by id so that pages never overlap or skip a
 * member, and members without a federation come last.
 */
export const compareEntries = (field: SortField) => {
  const byId = (a: IndexEntry, b: IndexEntry) => compareText(a.summary.id, b.summary.id);
  switch (field) {
    case 'pendingBenefits':
      return (a: IndexEntry, b: IndexEntry) =>
        a.summary.pendingBenefitsCents - b.summary.pendingBenefitsCents || byId(a, b);
    case 'onboardingDate':
      return (a: IndexEntry, b: IndexEntry) =>
        compareText(a.summary.onboardingDate, b.summary.onboardingDate) || byId(a, b);
    case 'number': {
      const collator = numberCollator();
      return (a: IndexEntry, b: IndexEntry) =>
        collator.compare(a.summary.number, b.summary.number) || byId(a, b);
    }
    case 'federation':
      return (a: IndexEntry, b: IndexEntry) => {
        if (a.federationKey === b.federationKey) return byId(a, b);
        if (a.federationKey === null) return 1;
        if (b.federationKey === null) return -1;
        return compareText(a.federationKey, b.federationKey);
      };
    case 'name':
      return (a: IndexEntry, b: IndexEntry) => compareText(a.nameKey, b.nameKey) || byId(a, b);
  }
};

const MAX_CACHED_RESULTS = 32;

/**
 * The members of one enabler, kept in memory with each sort order computed once per change, so a
 * list request is one pass over a ready order (the list at scale, see ARCHITECTURE.md).
 */
export class MemberIndex {
  private readonly entries = new Map<string, IndexEntry>();
  private readonly orders = new Map<SortField, IndexEntry[]>();
  /** Recent filtered orders (query less its page), so paging through one result costs no new pass. */
  private readonly results = new Map<string, MemberSummary[]>();

  get size(): number {
    return this.entries.size;
  }

  get(id: string): MemberSummary | undefined {
    return this.entries.get(id)?.summary;
  }

  /**
   * Adds or replaces a member. A copy no newer than the one held is ignored, so the catch-up's
   * overlap (members read again) does not throw the sort orders away.
   */
  upsert(summary: MemberSummary): void {
    const held = this.entries.get(summary.id);
    if (held && held.summary.updatedAt >= summary.updatedAt) return;
    this.entries.set(summary.id, indexEntry(summary));
    this.changed();
  }

  remove(id: string): void {
    if (this.entries.delete(id)) this.changed();
  }

  private changed(): void {
    this.orders.clear();
    this.results.clear();
  }

  private ordered(field: SortField): IndexEntry[] {
    let order = this.orders.get(field);
    if (!order) {
      order = [...this.entries.values()].sort(compareEntries(field));
      this.orders.set(field, order);
    }
    return order;
  }

  private matching(query: MemberListQuery, today: IsoDate): MemberSummary[] {
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
      const order = this.ordered(query.sort.field);
      const matches = memberMatcher(query, today);
      result = [];
      if (query.sort.direction === 'asc') {
        for (const entry of order) if (matches(entry.summary, entry.searchText)) result.push(entry.summary);
      } else {
        for (let index = order.length - 1; index >= 0; index -= 1) {
          const entry = order[index] as IndexEntry;
          if (matches(entry.summary, entry.searchText)) result.push(entry.summary);
        }
      }
      if (this.results.size >= MAX_CACHED_RESULTS)
        this.results.delete(this.results.keys().next().value as string);
      this.results.set(key, result);
    }
    return result;
  }

  list(query: MemberListQuery, today: IsoDate): MemberListPage {
    const result = this.matching(query, today);
    const start = (query.page - 1) * query.pageSize;
    return {
      members: result.slice(start, start + query.pageSize),
      count: result.length,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
}

/**
 * Reads a list query from the query string (already checked against its schema): one sort at most,
 * name ascending by default; search trimmed, empty meaning no search.
 */
export const readMemberListQuery = (
  params: Record<string, string | undefined>,
): MemberListQuery | 'TWO_SORTS' => {
  const sorts = sortFields.filter((field) => params[`sort:${field}`] !== undefined);
  if (sorts.length > 1) return 'TWO_SORTS';
  const field = sorts[0] ?? 'name';
  return {
    page: Number(params.page ?? 1),
    pageSize: Number(params.pageSize ?? memberPageSizes[0]),
    sort: { field, direction: (params[`sort:${field}`] as SortDirection | undefined) ?? 'asc' },
    search: (params['filter:search'] ?? '').trim(),
    benefits: (params['filter:benefits'] as MemberListQuery['benefits'] | undefined) ?? 'all',
    contributions: (params['filter:contributions'] as MemberListQuery['contributions'] | undefined) ?? 'all',
    plots: (params['filter:plots'] as MemberListQuery['plots'] | undefined) ?? 'all',
  };
};
