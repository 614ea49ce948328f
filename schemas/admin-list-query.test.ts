import { describe, expect, it } from 'vitest';
import {
  adminContributionListQuerySchema,
  adminCashoutListQuerySchema,
  adminListFilters,
  adminLists,
  adminListSortFields,
  adminPayoutListQuerySchema,
  adminPlotListQuerySchema,
  encodeAdminListQuery,
  parseAdminListQuery,
  type AdminList,
  type AdminListFilterValues,
  type AdminListQuery,
} from './admin-list-query.ts';
import { adminPageSizes } from './common.ts';

const schemas = {
  plots: adminPlotListQuerySchema,
  contributions: adminContributionListQuerySchema,
  payouts: adminPayoutListQuerySchema,
  cashouts: adminCashoutListQuerySchema,
} as const;

const filterValues: Required<AdminListFilterValues> = {
  memberId: '0b9c6d52-5f43-4a51-9d2b-5a8f1d6c9e11',
  plotId: '7e1f0a3c-2b4d-4c6e-8f90-1a2b3c4d5e6f',
  from: '2026-02-28',
  to: '2026-03-31',
  protectionType: 'EXCESS_RAIN',
};

/** Each sort field in both directions, over the sizes and a few pages, with every filter of the list. */
const everyQuery = <List extends AdminList>(list: List): AdminListQuery<List>[] =>
  adminListSortFields[list].flatMap((field, index) =>
    (['asc', 'desc'] as const).map((direction) => ({
      page: 1 + index * 7,
      pageSize: Number(adminPageSizes[index % adminPageSizes.length]),
      sort: { field, direction },
      filters: Object.fromEntries(
        adminListFilters[list].map((name) => [name, filterValues[name as keyof AdminListFilterValues]]),
      ),
    })),
  );

describe.each(adminLists)('the %s list’s query', (list) => {
  it('declares a page, a size, one parameter per sort field and filter, and nothing else', () => {
    expect(Object.keys(schemas[list].properties).sort()).toEqual(
      [
        'page',
        'pageSize',
        ...adminListSortFields[list].map((field) => `sort:${field}`),
        ...adminListFilters[list].map((name) => `filter:${name}`),
      ].sort(),
    );
    expect(schemas[list].additionalProperties).toBe(false);
  });

  it('reads back every query it writes, one sort at a time', () => {
    for (const query of everyQuery(list)) {
      const parameters = encodeAdminListQuery(list, query);
      expect(Object.keys(parameters).filter((name) => name.startsWith('sort:'))).toHaveLength(1);
      expect(parseAdminListQuery(list, parameters)).toEqual(query);
    }
  });

  it('reads page 1 of 10, newest first, unfiltered, when nothing is given', () => {
    expect(parseAdminListQuery(list, {})).toEqual({
      page: 1,
      pageSize: 10,
      sort: { field: adminListSortFields[list][0], direction: 'desc' },
      filters: {},
    });
  });

  it('refuses two sorts at once, and what the schema refuses', () => {
    const [first, second] = adminListSortFields[list];
    expect(parseAdminListQuery(list, { [`sort:${first}`]: 'asc', [`sort:${second}`]: 'desc' })).toBe(
      'TWO_SORTS',
    );
    for (const parameters of [
      { page: '0' },
      { page: 'two' },
      { pageSize: '7' },
      { pageSize: 'All' },
      { [`sort:${first}`]: 'up' },
      { 'filter:from': '2026-02-30' },
      { 'filter:to': '31/03/2026' },
      { 'filter:memberId': 'not an id' },
      { 'sort:unknown': 'asc' },
      { cursor: 'abc' },
    ])
      expect(parseAdminListQuery(list, parameters), JSON.stringify(parameters)).toBe('INVALID');
  });
});

describe('the filters of each list', () => {
  it('are the spec’s: a member and a date range everywhere, a plot on plot money, the protection on contributions', () => {
    expect(adminListFilters).toEqual({
      plots: ['memberId', 'from', 'to'],
      contributions: ['memberId', 'plotId', 'from', 'to', 'protectionType'],
      payouts: ['memberId', 'plotId', 'from', 'to'],
      cashouts: ['memberId', 'from', 'to'],
    });
    expect(parseAdminListQuery('cashouts', { 'filter:plotId': filterValues.plotId })).toBe('INVALID');
    expect(parseAdminListQuery('payouts', { 'filter:protectionType': 'DROUGHT' })).toBe('INVALID');
  });
});
