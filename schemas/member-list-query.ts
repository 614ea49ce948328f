import type { JSONSchema } from 'json-schema-to-ts';
import { adminPageSizes, pageNumberParameter } from './common.ts';

/**
 * The member list's query, once for both sides: its choices, its schema (checked by the API), the
 * encoder the SPA sends it with and the parser the handler reads it with.
 */

export const memberSortFields = [
  'name',
  'federation',
  'number',
  'pendingBenefits',
  'onboardingDate',
] as const;
export const sortDirections = ['asc', 'desc'] as const;
export const benefitsFilters = ['all', 'current_month', '1_month', '12_months'] as const;
export const contributionsFilters = [
  'all',
  'not_1_month',
  'not_2_months',
  'not_4_months',
  'not_12_months',
] as const;
export const plotsFilters = ['all', 'no', 'one', 'many'] as const;

/** Page sizes of the member list screen (spec: 10, 50, 100); the admin members table uses the admin sizes. */
export const memberListPageSizes = ['10', '50', '100'] as const;
export const memberSearchMaxLength = 100;

export type MemberSortField = (typeof memberSortFields)[number];
export type SortDirection = (typeof sortDirections)[number];
export type BenefitsFilter = (typeof benefitsFilters)[number];
export type ContributionsFilter = (typeof contributionsFilters)[number];
export type PlotsFilter = (typeof plotsFilters)[number];

const sortDirection = { type: 'string', enum: sortDirections } as const;

const sortProperties = Object.fromEntries(
  memberSortFields.map((field) => [`sort:${field}`, sortDirection]),
) as { [Field in MemberSortField as `sort:${Field}`]: typeof sortDirection };

export const memberListQuerySchema = {
  $id: 'query/members',
  type: 'object',
  additionalProperties: false,
  properties: {
    page: pageNumberParameter,
    pageSize: { type: 'string', enum: [...new Set([...memberListPageSizes, ...adminPageSizes])] },
    ...sortProperties,
    'filter:search': { type: 'string', maxLength: memberSearchMaxLength },
    'filter:benefits': { type: 'string', enum: benefitsFilters },
    'filter:contributions': { type: 'string', enum: contributionsFilters },
    'filter:plots': { type: 'string', enum: plotsFilters },
  },
} as const satisfies JSONSchema;

/** A member-list query, every part given. */
export interface MemberListQuery {
  page: number;
  pageSize: number;
  sort: { field: MemberSortField; direction: SortDirection };
  /** Name, number or federation; trimmed, empty meaning no search. */
  search: string;
  benefits: BenefitsFilter;
  contributions: ContributionsFilter;
  plots: PlotsFilter;
}

/** What the API answers for a query string without parameters: first page of 10, by name, unfiltered. */
export const defaultMemberListQuery: MemberListQuery = {
  page: 1,
  pageSize: Number(memberListPageSizes[0]),
  sort: { field: 'name', direction: 'asc' },
  search: '',
  benefits: 'all',
  contributions: 'all',
  plots: 'all',
};

/** A query as a caller writes it: a part left out takes its default. */
export type MemberListRequest = Pick<MemberListQuery, 'page' | 'pageSize'> &
  Partial<Omit<MemberListQuery, 'page' | 'pageSize'>>;

/**
 * The query-string parameters of a query: page and size, the sort when one is given, the search and
 * the filters when they select something. No other parameter (the API refuses unknown ones).
 */
export const encodeMemberListQuery = (query: MemberListRequest): Record<string, string> => {
  const parameters: Record<string, string> = { page: String(query.page), pageSize: String(query.pageSize) };
  if (query.sort) parameters[`sort:${query.sort.field}`] = query.sort.direction;
  const search = query.search?.trim();
  if (search) parameters['filter:search'] = search;
  if (query.benefits && query.benefits !== 'all') parameters['filter:benefits'] = query.benefits;
  if (query.contributions && query.contributions !== 'all')
    parameters['filter:contributions'] = query.contributions;
  if (query.plots && query.plots !== 'all') parameters['filter:plots'] = query.plots;
  return parameters;
};

const oneOf = <Value extends string>(values: readonly Value[], value: string | undefined): value is Value =>
  (values as readonly string[]).includes(value as string);

/** Why a query string is not a member-list query. */
export type MemberListQueryProblem = 'TWO_SORTS' | 'INVALID';

/**
 * The query of these query-string parameters (the handler checks them against the schema first; this
 * also refuses what the schema would): one sort at most, name ascending by default; search trimmed.
 */
export const parseMemberListQuery = (
  parameters: Readonly<Record<string, string | undefined>>,
): MemberListQuery | MemberListQueryProblem => {
  const sorts = memberSortFields.filter((field) => parameters[`sort:${field}`] !== undefined);
  if (sorts.length > 1) return 'TWO_SORTS';
  const {
    page = String(defaultMemberListQuery.page),
    pageSize = String(defaultMemberListQuery.pageSize),
    'filter:search': search = '',
    'filter:benefits': benefits = 'all',
    'filter:contributions': contributions = 'all',
    'filter:plots': plots = 'all',
  } = parameters;
  const field = sorts[0] ?? defaultMemberListQuery.sort.field;
  const direction = parameters[`sort:${field}`] ?? defaultMemberListQuery.sort.direction;
  if (
    !new RegExp(memberListQuerySchema.properties.page.pattern).test(page) ||
    !oneOf(memberListQuerySchema.properties.pageSize.enum, pageSize) ||
    search.length > memberSearchMaxLength ||
    !oneOf(sortDirections, direction) ||
    !oneOf(benefitsFilters, benefits) ||
    !oneOf(contributionsFilters, contributions) ||
    !oneOf(plotsFilters, plots)
  )
    return 'INVALID';
  return {
    page: Number(page),
    pageSize: Number(pageSize),
    sort: { field, direction },
    search: search.trim(),
    benefits,
    contributions,
    plots,
  };
};
