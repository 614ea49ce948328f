import { useQuery } from '@tanstack/react-query';
import { getMember } from '../../../api/members.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * The member of the page; read again after a payment or a contribution (their forms invalidate it),
 * while the page keeps showing the member.
 */
export function useMember(memberId: string) {
  return useQuery({ queryKey: queryKeys.members.detail(memberId), queryFn: () => getMember(memberId) });
}
