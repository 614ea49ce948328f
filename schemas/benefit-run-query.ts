import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { adminPageSizes, pageNumberParameter } from './common.ts';
import { benefitRowRefusals, benefitRowStatuses, duplicateKinds } from './benefit-runs.ts';
import { sortDirections, type SortDirection } from './member-list-query.ts';

/*
 * The queries of a benefit run's preview tables, its rows and its possible duplicates (`page`,
 * `pageSize`, one `sort:{field}`, `filter:{name}`), once for both sides: the sort fields, the filters,
 * the schema the API checks, the encoder the SPA sends a query with and the parser the handler reads
 * it with, as for the administrators' lists (admin-list-query.ts).
 */

/** The preview's columns a table sorts by (one at a time); the first is the default, ascending. */
export const benefitRowSortFields = [
  'row',
  'plotName',
  'memberName',
  'memberNumber',
  'village',
  'federation',
  'maximum',
  'month',
  'factor',
  'damageIndex',
  'seasonContributions',
  'paidShare',
  'benefit',
  'status',
  'reason',
] as const;
export const duplicateSortFields = [
  'group',
  'kind',
  'memberName',
  'memberNumber',
  'village',
  'benefit',
] as const;
export type BenefitRowSortField = (typeof benefitRowSortFields)[number];
export type DuplicateSortField = (typeof duplicateSortFields)[number];

/** The longest search text of the preview's rows. */
export const BENEFIT_ROW_SEARCH_MAX_LENGTH = 100;

const sortDirection = { type: 'string', enum: sortDirections } as const;
const pageProperties = {
  page: pageNumberParameter,
  pageSize: { type: 'string', enum: adminPageSizes },
} as const;

/** GET /admin/benefit-runs/{id}/rows: a page of the preview's rows, sorted by one column, filtered. */
export const benefitRowsQuerySchema = {
  $id: 'query/benefit-run-rows',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pageProperties,
    ...(Object.fromEntries(benefitRowSortFields.map((field) => [`sort:${field}`, sortDirection])) as {
      [Field in BenefitRowSortField as `sort:${Field}`]: typeof sortDirection;
    }),
    'filter:status': { type: 'string', enum: benefitRowStatuses },
    'filter:reason': { type: 'string', enum: benefitRowRefusals },
    'filter:federation': { type: 'string', maxLength: 120 },
    /** Plot, member name or number, village: contains, case and accents ignored. */
    'filter:search': { type: 'string', maxLength: BENEFIT_ROW_SEARCH_MAX_LENGTH },
  },
} as const satisfies JSONSchema;

/** GET /admin/benefit-runs/{id}/duplicates: a page of the possible duplicate beneficiaries. */
export const duplicatesQuerySchema = {
  $id: 'query/benefit-run-duplicates',
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pageProperties,
    ...(Object.fromEntries(duplicateSortFields.map((field) => [`sort:${field}`, sortDirection])) as {
      [Field in DuplicateSortField as `sort:${Field}`]: typeof sortDirection;
    }),
    'filter:kind': { type: 'string', enum: duplicateKinds },
  },
} as const satisfies JSONSchema;

type RowsParameters = FromSchema<typeof benefitRowsQuerySchema>;
type DuplicatesParameters = FromSchema<typeof duplicatesQuerySchema>;

/** A preview table's query: the page, its size, the one sort and the filters given. */
export interface PreviewQuery<Field extends string, Filters> {
  page: number;
  pageSize: number;
  sort: { field: Field; direction: SortDirection };
  filters: Filters;
}

export type BenefitRowsQuery = PreviewQuery<
  BenefitRowSortField,
  {
    status?: RowsParameters['filter:status'];
    reason?: RowsParameters['filter:reason'];
    federation?: string;
    search?: string;
  }
>;
export type DuplicatesQuery = PreviewQuery<
  DuplicateSortField,
  { kind?: DuplicatesParameters['filter:kind'] }
>;

/** Why query-string parameters are not a preview table's query (the schema refuses the rest). */
export type PreviewQueryProblem = 'TWO_SORTS';

/** The encoder and parser of one preview table's query. */
const previewQuery = <Field extends string, Filters extends Partial<Record<string, string>>>(
  sortFields: readonly Field[],
) => {
  const defaultSort = { field: sortFields[0] as Field, direction: 'asc' as SortDirection };
  return {
    defaultSort,
    /** The query-string parameters of a query; an empty filter is left out. */
    encode: (query: PreviewQuery<Field, Filters>): Record<string, string> => {
      const parameters: Record<string, string> = {
        page: String(query.page),
        pageSize: String(query.pageSize),
        [`sort:${query.sort.field}`]: query.sort.direction,
      };
      for (const [name, value] of Object.entries(query.filters))
        if (value !== undefined && value !== '') parameters[`filter:${name}`] = value;
      return parameters;
    },
    /**
     * The query of parameters the schema accepted: page 1 of 10 in the default order, unfiltered,
     * but for what is given; two sorts at once are refused.
     */
    parse: (
      parameters: Readonly<Record<string, string | undefined>>,
    ): PreviewQuery<Field, Filters> | PreviewQueryProblem => {
      const sorts = sortFields.filter((field) => parameters[`sort:${field}`] !== undefined);
      if (sorts.length > 1) return 'TWO_SORTS';
      const filters: Record<string, string> = {};
      for (const [name, value] of Object.entries(parameters))
        if (name.startsWith('filter:') && value !== undefined) filters[name.slice('filter:'.length)] = value;
      return {
        page: Number(parameters.page ?? 1),
        pageSize: Number(parameters.pageSize ?? 10),
        sort: sorts[0]
          ? { field: sorts[0], direction: parameters[`sort:${sorts[0]}`] as SortDirection }
          : defaultSort,
        filters: filters as Filters,
      };
    },
  };
};

/** The preview's rows: by row number by default. */
export const benefitRowsQuery = previewQuery<BenefitRowSortField, BenefitRowsQuery['filters']>(
  benefitRowSortFields,
);
/** The possible duplicates: by group by default. */
export const duplicatesQuery = previewQuery<DuplicateSortField, DuplicatesQuery['filters']>(
  duplicateSortFields,
);
