import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import { benefitsSince, contributionsMissingSince, plotsMatch } from '@cpbo/schemas/member-list-rules.ts';
import { compareText, foldText, numberCollator } from '@cpbo/schemas/text.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import {
  memberSortFields,
  type MemberListQuery,
  type MemberSortField,
} from '@cpbo/schemas/member-list-query.ts';
import {
  DirectoryIndex,
  type ColumnArrays,
  type ColumnReaders,
  type IndexData,
  type IndexedValues,
  type IndexOrders,
} from './directory-index.ts';

/** What the member list knows of each member (one row of the list, plus what its filters read). */
export interface MemberSummary {
  id: string;
  name: string;
  village: string;
  number: string;
  federation: string | null;
  onboardingDate: IsoDate;
  contributionTotalCents: Cents;
  /**
   * The pending benefit (payouts not yet paid out in cash), by the name the member's item stores it
   * under; the API answers it as `pendingBenefits` in the list and `cashoutBalance` on the member.
   */
  cashoutBalanceCents: Cents;
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

// The search, filters and order's rules are the web's too (a field agent's device searches offline).

/** A change read from the enabler's change timeline: a member's new summary, or its removal. */
export type MemberChange =
  { type: 'member'; summary: MemberSummary } | { type: 'removed'; id: string; removedAt: string };

/** A member's values, one per column of the index. */
export interface MemberValues extends IndexedValues {
  names: string;
  /** The names folded (foldText), for the name order and the search. */
  nameKeys: string;
  villages: string;
  numbers: string;
  federations: string | null;
  onboardingDates: IsoDate;
  contributionTotals: Cents;
  pendingBenefits: Cents;
  plotCounts: number;
  lastContributionDates: IsoDate | null;
  lastPayoutDates: IsoDate | null;
}

/** An index's members as columns: one array per field, one position (row) per member, rows in id order. */
export type MemberColumns = ColumnArrays<MemberValues>;
export type MemberColumnValues = ColumnReaders<MemberValues>;
export type MemberOrders = IndexOrders<MemberSortField>;
export type MemberIndexData = IndexData<MemberValues, MemberSortField>;

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
] as const satisfies readonly (keyof MemberValues)[];

const valuesOf = (summary: MemberSummary): MemberValues => ({
  ids: summary.id,
  names: summary.name,
  nameKeys: foldText(summary.name),
  villages: summary.village,
  numbers: summary.number,
  federations: summary.federation,
  onboardingDates: summary.onboardingDate,
  contributionTotals: summary.contributionTotalCents,
  pendingBenefits: summary.cashoutBalanceCents,
  plotCounts: summary.plotCount,
  lastContributionDates: summary.lastContributionDate,
  lastPayoutDates: summary.lastPayoutDate,
  updatedAts: summary.updatedAt,
});

/** What a search reads, folded: made at the first search, then kept up to date. */
interface SearchKeys {
  names: string[];
  numbers: string[];
}

/**
 * The members of one enabler in memory (domain/lists/directory-index.ts): a list request is one pass over a
 * ready order, and the recent filtered results are cached.
 */
export class MemberIndex extends DirectoryIndex<MemberSummary, MemberValues, MemberSortField> {
  private searchKeys: SearchKeys | undefined;
  private readonly federationKeys = new Map<string, string>();

  constructor() {
    super({ columnNames, valuesOf, sortFields: memberSortFields });
  }

  /** An index from a snapshot's data: rows in id order (as toData writes them); orders sorted anew if missing or wrong. */
  static fromData(data: MemberIndexData): MemberIndex {
    const index = new MemberIndex();
    index.load(data);
    return index;
  }

  /** An index of these members (a full read of the table). */
  static fromSummaries(summaries: readonly MemberSummary[]): MemberIndex {
    const index = new MemberIndex();
    index.loadRows(summaries);
    return index;
  }

  /** Applies a change of the timeline; true when it changed the index. */
  apply(change: MemberChange): boolean {
    return change.type === 'member' ? this.upsert(change.summary) : this.remove(change.id, change.removedAt);
  }

  protected override reloaded(): void {
    this.searchKeys = undefined;
  }

  protected override added(_row: number, values: MemberValues): void {
    // The folded names are the nameKeys column's own array, which its push keeps up to date.
    this.searchKeys?.numbers.push(foldText(values.numbers));
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
  protected compareRows(field: MemberSortField): (a: number, b: number) => number {
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
      return plots === 'all' || plotsMatch(plots, plotCounts[row] as number);
    };
  }

  list(query: MemberListQuery, today: IsoDate): MemberListPage {
    const matches = this.matcher(query, today);
    const selection = this.select(
      query.sort.field,
      query.sort.direction,
      matches && {
        key: JSON.stringify([query.search, query.benefits, query.contributions, query.plots, today]),
        matched: () => this.liveMatching(matches),
      },
    );
    return {
      members: this.pageOf(selection, query.page, query.pageSize).map((row) => this.rowAt(row)),
      count: selection.length,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  protected rowAt(row: number): MemberSummary {
    const c = this.columns;
    return {
      id: c.ids.get(row),
      name: c.names.get(row),
      village: c.villages.get(row),
      number: c.numbers.get(row),
      federation: c.federations.get(row),
      onboardingDate: c.onboardingDates.get(row),
      contributionTotalCents: c.contributionTotals.get(row),
      cashoutBalanceCents: c.pendingBenefits.get(row),
      plotCount: c.plotCounts.get(row),
      lastContributionDate: c.lastContributionDates.get(row),
      lastPayoutDate: c.lastPayoutDates.get(row),
      updatedAt: c.updatedAts.get(row),
    };
  }
}
