import { addMonths, type IsoDate } from './coverage-dates.ts';
import type { MemberListQuery, MemberSortField } from './member-list-query.ts';
import { compareText, foldText, numberCollator } from './text.ts';

/**
 * The member list's search, filters and order, once for both sides: the API's list in memory
 * (functions/src/domain/member-list.ts, on columns) and a field agent's device, which searches the rows
 * it kept when the network is away (issue 38).
 */

const firstOfMonth = (today: IsoDate): IsoDate => `${today.slice(0, 7)}-01`;

/** The day a benefits filter starts from, for `today`: a member matches with a payout since. */
export const benefitsSince = (filter: MemberListQuery['benefits'], today: IsoDate): IsoDate | undefined =>
  ({
    all: undefined,
    current_month: firstOfMonth(today),
    '1_month': addMonths(today, -1),
    '12_months': addMonths(today, -12),
  })[filter];

/** The day a "without contributions" filter looks from: a member matches with none since. */
export const contributionsMissingSince = (
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

/** Whether a member's number of plots passes the plots filter. */
export const plotsMatch = (filter: MemberListQuery['plots'], count: number): boolean =>
  filter === 'all' ||
  (filter === 'no' && count === 0) ||
  (filter === 'one' && count === 1) ||
  (filter === 'many' && count >= 2);

/** What the list's search, filters and order read of a member. */
export interface MemberListRow {
  id: string;
  name: string;
  number: string;
  federation: string | null;
  onboardingDate: IsoDate;
  pendingBenefits: number;
  plotCount: number;
  lastContributionDate: IsoDate | null;
  lastPayoutDate: IsoDate | null;
}

/** The query's search and filters as one test of a row; the search looks in the name, number and federation. */
export const memberRowMatcher = (query: MemberListQuery, today: IsoDate) => {
  const needle = foldText(query.search.trim());
  const benefitSince = benefitsSince(query.benefits, today);
  const noContributionSince = contributionsMissingSince(query.contributions, today);
  return (row: MemberListRow): boolean =>
    (!needle ||
      foldText(row.name).includes(needle) ||
      foldText(row.number).includes(needle) ||
      (row.federation !== null && foldText(row.federation).includes(needle))) &&
    (!benefitSince || (row.lastPayoutDate !== null && row.lastPayoutDate >= benefitSince)) &&
    (!noContributionSince ||
      !(row.lastContributionDate && row.lastContributionDate >= noContributionSince)) &&
    plotsMatch(query.plots, row.plotCount);
};

/**
 * The list's order on a field, ascending, as the API sorts it: names and federations without case or
 * accents (members without a federation last), numbers as people read them, ties broken by id.
 */
export const compareMemberRows = (field: MemberSortField) => {
  const byId = (a: MemberListRow, b: MemberListRow) => compareText(a.id, b.id);
  switch (field) {
    case 'pendingBenefits':
      return (a: MemberListRow, b: MemberListRow) => a.pendingBenefits - b.pendingBenefits || byId(a, b);
    case 'onboardingDate':
      return (a: MemberListRow, b: MemberListRow) =>
        compareText(a.onboardingDate, b.onboardingDate) || byId(a, b);
    case 'number':
      return (a: MemberListRow, b: MemberListRow) =>
        numberCollator().compare(a.number, b.number) || byId(a, b);
    case 'federation':
      return (a: MemberListRow, b: MemberListRow) => {
        if (a.federation === null || b.federation === null)
          return a.federation === b.federation ? byId(a, b) : a.federation === null ? 1 : -1;
        return compareText(foldText(a.federation), foldText(b.federation)) || byId(a, b);
      };
    case 'name':
      return (a: MemberListRow, b: MemberListRow) =>
        compareText(foldText(a.name), foldText(b.name)) || byId(a, b);
  }
};

/**
 * A page of the rows a query matches, in its order (descending reverses the ascending order, members
 * without a federation then first, as the API's list reads its order backwards), with their count.
 */
export const memberListPageOf = <Row extends MemberListRow>(
  rows: readonly Row[],
  query: MemberListQuery,
  today: IsoDate,
): { members: Row[]; count: number } => {
  const compare = compareMemberRows(query.sort.field);
  const matched = rows.filter(memberRowMatcher(query, today)).sort(compare);
  if (query.sort.direction === 'desc') matched.reverse();
  const start = (query.page - 1) * query.pageSize;
  return { members: matched.slice(start, start + query.pageSize), count: matched.length };
};
