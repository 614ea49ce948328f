import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  benefitsFilters,
  contributionsFilters,
  defaultMemberListQuery,
  encodeMemberListQuery,
  memberListPageSizes,
  memberListQuerySchema,
  memberSortFields,
  parseMemberListQuery,
  plotsFilters,
  sortDirections,
  type MemberListQuery,
} from './member-list-query.ts';
import { adminPageSizes } from './common.ts';

const validate = new Ajv({ allErrors: true }).compile(memberListQuerySchema);

/** Every sort, direction and filter once, over a few pages and sizes. */
const everyQuery: MemberListQuery[] = memberSortFields.flatMap((field, f) =>
  sortDirections.flatMap((direction, d) =>
    [...benefitsFilters, ...contributionsFilters, ...plotsFilters].map((_, i) => ({
      page: 1 + ((f + d + i) % 7),
      pageSize: Number(memberListPageSizes[i % memberListPageSizes.length]),
      sort: { field, direction },
      search: ['', 'awa', 'Élodie N', 'M-0012'][i % 4] as string,
      benefits: benefitsFilters[i % benefitsFilters.length] as MemberListQuery['benefits'],
      contributions: contributionsFilters[
        (i + f) % contributionsFilters.length
      ] as MemberListQuery['contributions'],
      plots: plotsFilters[(i + d) % plotsFilters.length] as MemberListQuery['plots'],
    })),
  ),
);

describe('member list query', () => {
  it('declares one sort parameter per sort field, and nothing the parser does not read', () => {
    expect(Object.keys(memberListQuerySchema.properties).sort()).toEqual(
      [
        'page',
        'pageSize',
        ...memberSortFields.map((field) => `sort:${field}`),
        'filter:search',
        'filter:benefits',
        'filter:contributions',
        'filter:plots',
      ].sort(),
    );
  });

  it('takes the member list sizes and the admin sizes', () => {
    for (const size of [...memberListPageSizes, ...adminPageSizes])
      expect(validate({ pageSize: size })).toBe(true);
    expect(validate({ pageSize: '20' })).toBe(false);
  });

  it('encodes every query to parameters the schema accepts and the parser reads back', () => {
    for (const query of everyQuery) {
      const parameters = encodeMemberListQuery(query);
      expect(validate(parameters), JSON.stringify(parameters)).toBe(true);
      expect(parseMemberListQuery(parameters)).toEqual({ ...query, search: query.search.trim() });
    }
  });

  it('sends only what selects something', () => {
    expect(encodeMemberListQuery({ page: 1, pageSize: 10 })).toEqual({ page: '1', pageSize: '10' });
    expect(
      encodeMemberListQuery({
        page: 3,
        pageSize: 50,
        sort: { field: 'pendingBenefits', direction: 'desc' },
        search: '   ',
        benefits: 'all',
        contributions: 'not_4_months',
        plots: 'all',
      }),
    ).toEqual({
      page: '3',
      pageSize: '50',
      'sort:pendingBenefits': 'desc',
      'filter:contributions': 'not_4_months',
    });
    expect(encodeMemberListQuery({ page: 1, pageSize: 10, search: ' awa ' })['filter:search']).toBe('awa');
  });

  it('defaults to the first page of 10 by name', () => {
    expect(parseMemberListQuery({})).toEqual(defaultMemberListQuery);
    expect(defaultMemberListQuery.pageSize).toBe(10);
  });

  it('reads one sort, the filters and a trimmed search', () => {
    expect(
      parseMemberListQuery({
        page: '2',
        pageSize: '50',
        'sort:pendingBenefits': 'desc',
        'filter:search': ' awa ',
        'filter:plots': 'many',
      }),
    ).toEqual({
      ...defaultMemberListQuery,
      page: 2,
      pageSize: 50,
      sort: { field: 'pendingBenefits', direction: 'desc' },
      search: 'awa',
      plots: 'many',
    });
  });

  it('refuses two sorts at once', () => {
    expect(parseMemberListQuery({ 'sort:name': 'asc', 'sort:number': 'desc' })).toBe('TWO_SORTS');
  });

  it('refuses on its own what the schema refuses', () => {
    const refused: Record<string, string>[] = [
      { page: '0' },
      { page: '1.5' },
      { page: '-1' },
      { page: '1e3' },
      { pageSize: '20' },
      { pageSize: 'All' },
      { 'sort:name': 'up' },
      { 'filter:benefits': 'never' },
      { 'filter:contributions': 'not_3_months' },
      { 'filter:plots': 'two' },
      { 'filter:search': 'x'.repeat(101) },
    ];
    for (const parameters of refused) {
      expect(validate(parameters), JSON.stringify(parameters)).toBe(false);
      expect(parseMemberListQuery(parameters), JSON.stringify(parameters)).toBe('INVALID');
    }
  });
});
