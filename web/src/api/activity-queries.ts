import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listActivity, memberHistory, type ActivityRequest } from './activity.ts';
import { queryKeys } from './query-keys.ts';

/** A page of the activity; the page shown stays while the next one loads. */
export const useActivityPage = (request: ActivityRequest, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.activity.page(request),
    queryFn: () => listActivity(request),
    placeholderData: keepPreviousData,
    enabled,
  });

/** A page of a member's history. */
export const useMemberHistory = (
  memberId: string,
  request: Pick<ActivityRequest, 'before' | 'pageSize'>,
  enabled: boolean,
) =>
  useQuery({
    queryKey: queryKeys.activity.member(memberId, request),
    queryFn: () => memberHistory(memberId, request),
    placeholderData: keepPreviousData,
    enabled,
  });
