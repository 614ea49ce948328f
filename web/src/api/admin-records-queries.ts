import { useQuery } from '@tanstack/react-query';
import { getAdminMoneyRecord, getMemberDeletion, type AdminMoneyKind } from './admin-records.ts';
import { queryKeys } from './query-keys.ts';

/** The money record an edit form changes. */
export const useAdminMoneyRecord = <Kind extends AdminMoneyKind>(kind: Kind, id: string) =>
  useQuery({ queryKey: queryKeys.admin.record(kind, id), queryFn: () => getAdminMoneyRecord(kind, id) });

const DELETION_POLL_MS = 1_000;

/** A member's deletion, read again every second until its job is over. */
export const useMemberDeletion = (jobId: string) =>
  useQuery({
    queryKey: queryKeys.admin.memberDeletion(jobId),
    queryFn: () => getMemberDeletion(jobId),
    refetchInterval: ({ state }) =>
      state.data?.job.state === 'DONE' || state.data?.job.state === 'FAILED' ? false : DELETION_POLL_MS,
  });
