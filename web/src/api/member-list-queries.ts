import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MemberListQuery } from '@cpbo/schemas/member-list-query.ts';
import { listMembers } from './members.ts';
import { queryKeys } from './query-keys.ts';

// Apart from the other member reads: the member list is a first screen, which carries only its own read.
/** A page of the member list; the last page received stays while the next one loads. */
export const useMemberListPage = (query: MemberListQuery) =>
  useQuery({
    queryKey: queryKeys.members.list(query),
    queryFn: () => listMembers(query),
    placeholderData: keepPreviousData,
  });
