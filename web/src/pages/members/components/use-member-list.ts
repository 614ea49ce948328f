import { useDeferredValue, useEffect, useState } from 'react';
import { defaultMemberListQuery } from '@cpbo/schemas/member-list-query.ts';
import { isApiError } from '../../../api/api-error.ts';
import { useMemberListPage, useStoredMemberList } from '../../../api/member-list-queries.ts';
import { memberPageSizes } from '../../../api/members.ts';
import { useTablePreferences } from '../../../api/preferences-queries.ts';
import { useOnline } from '../../../browser/use-online.ts';
import { pageKeepingFirstRow } from '../../../common/format/first-row.ts';
import type { MemberListQuery, MemberRow, MemberSortField, SortDirection } from '../../../api/members.ts';
import type { MemberFilterValues } from './member-filters.tsx';

const noMembers: MemberRow[] = [];

/** Spec section 9: the search waits for the user to stop typing this long. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The member list's query (one sort, search, filters, page) and the API's answer to it. The search
 * text is sent once the user stopped typing; any change but the page's goes back to the first page.
 * Without network (the device is offline, or the server cannot be reached) the device answers at once
 * from the members it holds, and says so (`offline`).
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
  const online = useOnline();
  // The last page received gives the count and the pages while the next one loads; its rows do not show.
  const answer = useMemberListPage(query, online);
  const current = answer.isPlaceholderData ? undefined : answer.data;
  const unreachable = answer.isError && isApiError(answer.error) && answer.error.isNetworkFailure;
  const stored = useStoredMemberList(query, !online || unreachable);
  const came = stored ? stored.members : (current?.members ?? noMembers);
  // The rows that came are drawn in a transition, which React renders in short slices (as the admin tables');
  // until then they are still loading.
  const members = useDeferredValue(came);
  const drawing = members !== came;

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
    loading: (!stored && (answer.isPending || answer.isPlaceholderData)) || drawing,
    /** The first answer (a page or a failure) has come. */
    answered: stored !== undefined || !answer.isPending,
    // The error dialog tells what went wrong; the table shows no rows.
    failed: !stored && answer.isError,
    members,
    /** No rows are drawn yet and the first are on their way: the pagination waits for them, below them on a phone. */
    rowsPending: members.length === 0 && ((!stored && answer.isPending) || drawing),
    count: stored ? stored.count : (answer.data?.count ?? 0),
    /** Answered on the device (no network): when its oldest row shown was read, and whether it holds any. */
    offline: stored && { readAt: stored.readAt, holdsMembers: stored.holdsMembers },
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
