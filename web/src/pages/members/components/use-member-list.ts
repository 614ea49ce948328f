import { useEffect, useState } from 'react';
import { defaultMemberListQuery } from '@cpbo/schemas/member-list-query.ts';
import { useMemberListPage } from '../../../api/member-list-queries.ts';
import { memberPageSizes } from '../../../api/members.ts';
import { useTablePreferences } from '../../../api/preferences-queries.ts';
import { pageKeepingFirstRow } from '../../../common/format/first-row.ts';
import type { MemberListQuery, MemberSortField, SortDirection } from '../../../api/members.ts';
import type { MemberFilterValues } from './member-filters.tsx';

/** Spec section 9: the search waits for the user to stop typing this long. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The member list's query (one sort, search, filters, page) and the API's answer to it. The search
 * text is sent once the user stopped typing; any change but the page's goes back to the first page.
 */
export function useMemberList() {
  // Starts as the API does without parameters (by name, ascending), shown as such in the table.
  const [query, setQuery] = useState<MemberListQuery>(defaultMemberListQuery);
  const [searchText, setSearchText] = useState('');
  // The page size the user keeps (on the server) applies once read; the first page is not held for it.
  const kept = useTablePreferences('members');
  const keptSize = kept.chosen.pageSize;
  const [keptApplied, setKeptApplied] = useState(false);
  if (!keptApplied && keptSize !== undefined) {
    setKeptApplied(true);
    if ((memberPageSizes as readonly number[]).includes(keptSize) && keptSize !== query.pageSize)
      setQuery((current) => ({
        ...current,
        pageSize: keptSize,
        page: pageKeepingFirstRow(current.page, current.pageSize, keptSize),
      }));
  }
  // The last page received gives the count and the pages while the next one loads; its rows do not show.
  const answer = useMemberListPage(query);
  const current = answer.isPlaceholderData ? undefined : answer.data;

  useEffect(() => {
    const search = searchText.trim();
    if (search === query.search) return;
    const timer = setTimeout(
      () => setQuery((current) => ({ ...current, search, page: 1 })),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText, query.search]);

  return {
    query,
    searchText,
    loading: answer.isPending || answer.isPlaceholderData,
    /** The first answer (a page or a failure) has come. */
    answered: !answer.isPending,
    // The error dialog tells what went wrong; the table shows no rows.
    failed: answer.isError,
    members: current?.members ?? [],
    count: answer.data?.count ?? 0,
    setSearchText,
    setSort: (field: MemberSortField, direction: SortDirection) =>
      setQuery((current) => ({ ...current, sort: { field, direction }, page: 1 })),
    setFilters: (filters: MemberFilterValues) => setQuery((current) => ({ ...current, ...filters, page: 1 })),
    setPage: (page: number) => setQuery((current) => ({ ...current, page })),
    // A new size keeps the first member shown in view, and is kept for the user's next session.
    setPageSize: (pageSize: number) => {
      setKeptApplied(true);
      kept.save({ pageSize });
      setQuery((current) => ({
        ...current,
        pageSize,
        page: pageKeepingFirstRow(current.page, current.pageSize, pageSize),
      }));
    },
    clearSearchAndFilters: () => {
      setSearchText('');
      setQuery((current) => ({
        ...current,
        search: '',
        benefits: 'all',
        contributions: 'all',
        plots: 'all',
        page: 1,
      }));
    },
  };
}
