import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  benefitRowSortFields,
  benefitRowsQuery,
  benefitRowsQuerySchema,
  duplicateSortFields,
  duplicatesQuery,
  duplicatesQuerySchema,
  type BenefitRowsQuery,
  type DuplicatesQuery,
} from './benefit-run-query.ts';
import { adminPageSizes } from './common.ts';

const valid = (schema: object) => new Ajv({ strict: false }).compile(schema);

const rowFilters: BenefitRowsQuery['filters'] = {
  status: 'REFUSED',
  reason: 'NOT_COVERED',
  federation: 'Fédération de Kaffrine',
  search: 'awa diop',
};

/** Each sort field in both directions, over the sizes and a few pages, with and without filters. */
const everyQuery = <Field extends string, Filters>(fields: readonly Field[], filters: Filters) =>
  fields.flatMap((field, index) =>
    (['asc', 'desc'] as const).map((direction) => ({
      page: 1 + index * 7,
      pageSize: Number(adminPageSizes[index % adminPageSizes.length]),
      sort: { field, direction },
      filters: index % 2 ? filters : ({} as Filters),
    })),
  );

describe.each([
  ['rows', benefitRowsQuery, benefitRowsQuerySchema, everyQuery(benefitRowSortFields, rowFilters)],
  [
    'duplicates',
    duplicatesQuery,
    duplicatesQuerySchema,
    everyQuery(duplicateSortFields, { kind: 'PHONE' } as DuplicatesQuery['filters']),
  ],
] as const)('the preview’s %s query', (_name, pair, schema, queries) => {
  it('writes what the API’s schema accepts, and reads back every query it writes, one sort at a time', () => {
    const accepts = valid(schema);
    for (const query of queries) {
      const parameters = (pair.encode as (query: unknown) => Record<string, string>)(query);
      expect(accepts(parameters), JSON.stringify(accepts.errors)).toBe(true);
      expect(Object.keys(parameters).filter((name) => name.startsWith('sort:'))).toHaveLength(1);
      expect(pair.parse(parameters)).toEqual(query);
    }
  });

  it('reads page 1 of 10 in the default order, unfiltered, when nothing is given', () => {
    expect(pair.parse({})).toEqual({ page: 1, pageSize: 10, sort: pair.defaultSort, filters: {} });
  });

  it('refuses two sorts at once', () => {
    const [first, second] = Object.keys(schema.properties).filter((name) => name.startsWith('sort:'));
    expect(pair.parse({ [first as string]: 'asc', [second as string]: 'desc' })).toBe('TWO_SORTS');
  });
});

describe('the preview’s default orders', () => {
  it('are the file’s rows in order and the duplicates by group, ascending', () => {
    expect(benefitRowsQuery.defaultSort).toEqual({ field: 'row', direction: 'asc' });
    expect(duplicatesQuery.defaultSort).toEqual({ field: 'group', direction: 'asc' });
  });

  it('leave an empty filter out', () => {
    const query: BenefitRowsQuery = {
      page: 1,
      pageSize: 10,
      sort: benefitRowsQuery.defaultSort,
      filters: { search: '' },
    };
    expect(benefitRowsQuery.encode(query)).toEqual({ page: '1', pageSize: '10', 'sort:row': 'asc' });
  });
});
