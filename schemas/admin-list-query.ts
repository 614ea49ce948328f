import type { JSONSchema } from 'json-schema-to-ts';
import { adminPageSizes, dayParameter, pageNumberParameter, recordIdParameter } from './common.ts';
import { protectionTypes } from './protection-types.ts';
import { sortDirections, type SortDirection } from './member-list-query.ts';

/**
 * The query of the administrators' tables of plots, contributions, payouts and cashouts (spec section
 * 7: `page`, `pageSize`, `sort:{field}`, `filter:{name}`), once for both sides: each list's sort fields
 * and filters, its schema (checked by the API), the encoder the SPA sends it with and the parser the
 * handler reads it with. Every column a table shows sorts; any page is reachable by its number.
 */

export const adminLists = ['plots', 'contributions', 'payouts', 'cashouts'] as const;
export type AdminList = (typeof adminLists)[number];

/** Each list's sortable columns, by the name of the row's field; the first date is the default, newest first. */
export const adminListSortFields = {
  plots: [
    'startCoverageDate',
    'memberName',
    'memberNumber',
    'name',
    'latitude',
    'endCoverageDate',
    'droughtMonthlyContrib',
    'cropDescription',
    'isIrrigated',
  ],
  contributions: [
    'contributionDate',
    'memberName',
    'memberNumber',
    'plotName',
    'amount',
    'protectionType',
    'createdBy',
  ],
  payouts: [
    'payoutDate',
    'memberName',
    'memberNumber',
    'plotName',
    'amount',
    'assessmentId',
    'assessmentDate',
    'createdBy',
  ],
  cashouts: ['cashoutDate', 'memberName', 'memberNumber', 'amount', 'createdBy'],
} as const satisfies Record<AdminList, readonly string[]>;

export type AdminListSortField<List extends AdminList> = (typeof adminListSortFields)[List][number];

/** Each list's filters: a member, a plot, a range of the list's date (inclusive days), a protection type. */
export const adminListFilters = {
  plots: ['memberId', 'from', 'to'],
  contributions: ['memberId', 'plotId', 'from', 'to', 'protectionType'],
  payouts: ['memberId', 'plotId', 'from', 'to'],
  cashouts: ['memberId', 'from', 'to'],
} as const satisfies Record<AdminList, readonly string[]>;

export type ProtectionType = (typeof protectionTypes)[number];

export interface AdminListFilterValues {
  memberId?: string;
  plotId?: string;
  /** 'YYYY-MM-DD', inclusive. */
  from?: string;
  to?: string;
  protectionType?: ProtectionType;
}

export interface AdminListQuery<List extends AdminList = AdminList> {
  page: number;
  pageSize: number;
  sort: { field: AdminListSortField<List>; direction: SortDirection };
  filters: AdminListFilterValues;
}

/** The default sort: the list's first field (its date), newest first. */
export const defaultAdminListSort = <List extends AdminList>(list: List): AdminListQuery<List>['sort'] => ({
  field: adminListSortFields[list][0] as AdminListSortField<List>,
  direction: 'desc',
});

const sortDirection = { type: 'string', enum: sortDirections } as const;
/** 'YYYY-MM-DD', inclusive. */
const day = dayParameter;
const pagePattern = pageNumberParameter.pattern;
const filterSchemas = {
  memberId: recordIdParameter,
  plotId: recordIdParameter,
  from: day,
  to: day,
  protectionType: { type: 'string', enum: protectionTypes },
} as const;

type SortProperties<List extends AdminList> = {
  [Field in AdminListSortField<List> as `sort:${Field}`]: typeof sortDirection;
};
type FilterProperties<List extends AdminList> = {
  [Name in (typeof adminListFilters)[List][number] as `filter:${Name}`]: (typeof filterSchemas)[Name];
};

const listQuerySchema = <const Id extends string, List extends AdminList>(id: Id, list: List) =>
  ({
    $id: id,
    type: 'object',
    additionalProperties: false,
    properties: {
      page: pageNumberParameter,
      pageSize: { type: 'string', enum: adminPageSizes },
      ...(Object.fromEntries(
        adminListSortFields[list].map((field) => [`sort:${field}`, sortDirection]),
      ) as SortProperties<List>),
      ...(Object.fromEntries(
        adminListFilters[list].map((name) => [`filter:${name}`, filterSchemas[name]]),
      ) as FilterProperties<List>),
    },
  }) as const satisfies JSONSchema;

export const adminPlotListQuerySchema = listQuerySchema('query/admin-plots', 'plots');
export const adminContributionListQuerySchema = listQuerySchema('query/admin-contributions', 'contributions');
export const adminPayoutListQuerySchema = listQuerySchema('query/admin-payouts', 'payouts');
export const adminCashoutListQuerySchema = listQuerySchema('query/admin-cashouts', 'cashouts');

/**
 * The query-string parameters of a query: page and size, its sort, and the filters given. No other
 * parameter (the API refuses unknown ones).
 */
export const encodeAdminListQuery = <List extends AdminList>(
  list: List,
  query: AdminListQuery<List>,
): Record<string, string> => {
  const parameters: Record<string, string> = {
    page: String(query.page),
    pageSize: String(query.pageSize),
    [`sort:${query.sort.field}`]: query.sort.direction,
  };
  for (const name of adminListFilters[list] as readonly (keyof AdminListFilterValues)[]) {
    const value = query.filters[name];
    if (value !== undefined && value !== '') parameters[`filter:${name}`] = value;
  }
  return parameters;
};

/** Why a query string is not a list query. */
export type AdminListQueryProblem = 'TWO_SORTS' | 'INVALID';

const isDay = (text: string): boolean => {
  if (!new RegExp(day.pattern).test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

const validFilter = (name: keyof AdminListFilterValues, value: string): boolean => {
  if (name === 'from' || name === 'to') return isDay(value);
  if (name === 'protectionType') return (protectionTypes as readonly string[]).includes(value);
  const { minLength, maxLength, pattern } = recordIdParameter;
  return value.length >= minLength && value.length <= maxLength && new RegExp(pattern).test(value);
};

/**
 * The query of these query-string parameters (the handler checks them against the schema first; this
 * also refuses what the schema would, and two sorts at once): page 1 of 10, the list's date newest
 * first, unfiltered, but for what is given.
 */
export const parseAdminListQuery = <List extends AdminList>(
  list: List,
  parameters: Readonly<Record<string, string | undefined>>,
): AdminListQuery<List> | AdminListQueryProblem => {
  const fields = adminListSortFields[list] as readonly AdminListSortField<List>[];
  const sorts = fields.filter((field) => parameters[`sort:${field}`] !== undefined);
  if (sorts.length > 1) return 'TWO_SORTS';
  const known = new Set([
    'page',
    'pageSize',
    ...fields.map((field) => `sort:${field}`),
    ...adminListFilters[list].map((name) => `filter:${name}`),
  ]);
  if (Object.keys(parameters).some((name) => parameters[name] !== undefined && !known.has(name)))
    return 'INVALID';
  const { page = '1', pageSize = '10' } = parameters;
  const sort = sorts[0]
    ? { field: sorts[0], direction: parameters[`sort:${sorts[0]}`] as SortDirection }
    : defaultAdminListSort(list);
  if (
    !new RegExp(pagePattern).test(page) ||
    !(adminPageSizes as readonly string[]).includes(pageSize) ||
    !(sortDirections as readonly string[]).includes(sort.direction)
  )
    return 'INVALID';
  const filters: AdminListFilterValues = {};
  for (const name of adminListFilters[list] as readonly (keyof AdminListFilterValues)[]) {
    const value = parameters[`filter:${name}`];
    if (value === undefined) continue;
    if (!validFilter(name, value)) return 'INVALID';
    (filters as Record<string, string>)[name] = value;
  }
  return { page: Number(page), pageSize: Number(pageSize), sort, filters };
};
