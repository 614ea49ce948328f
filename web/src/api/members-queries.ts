import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memberSearchMaxLength } from '@cpbo/schemas/member-list-query.ts';
import type { ApiRequest } from './api-client.ts';
import { getMember, listMembers } from './members.ts';
import { queryKeys } from './query-keys.ts';

/**
 * A member with its plots and records, read again after a write on its records (they invalidate
 * `queryKeys.members.all`); nothing is asked while no member is chosen.
 */
export const useMember = (memberId: string | undefined, options: Pick<ApiRequest, 'errors'> = {}) =>
  useQuery({
    queryKey: queryKeys.members.detail(memberId ?? ''),
    queryFn: () => getMember(memberId ?? '', options),
    enabled: memberId !== undefined,
  });

/** Spec section 5: a picker asks for the first page of ten members sorted by name. */
const MEMBER_PICKER_PAGE_SIZE = 10;

/** The members a picker offers for a search, asked only once its list is open. */
export const useMemberSearch = (search: string, open: boolean) =>
  useQuery({
    queryKey: queryKeys.memberSearch(search),
    queryFn: () =>
      listMembers({
        page: 1,
        pageSize: MEMBER_PICKER_PAGE_SIZE,
        sort: { field: 'name', direction: 'asc' },
        search: search.slice(0, memberSearchMaxLength),
      }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
