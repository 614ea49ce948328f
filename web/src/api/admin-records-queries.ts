import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getAdminMoneyRecord, getMemberDeletion, type AdminMoneyKind } from './admin-records.ts';
import { queryKeys } from './query-keys.ts';

/** The money record an edit form changes. */
export const useAdminMoneyRecord = <Kind extends AdminMoneyKind>(kind: Kind, id: string) =>
  useQuery({ queryKey: queryKeys.admin.record(kind, id), queryFn: () => getAdminMoneyRecord(kind, id) });

const DELETION_POLL_MS = 1_000;

/**
 * A member's deletion, read again every second until its job is over. A first read that fails shows
 * in the error dialog and stops the polling; a later one keeps the progress shown, quietly (a dialog
 * every second would make the screen unusable), and the next read tries again.
 */
export const useMemberDeletion = (jobId: string) => {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.admin.memberDeletion(jobId);
  return useQuery({
    queryKey,
    queryFn: () =>
      getMemberDeletion(jobId, {
        errors: queryClient.getQueryData(queryKey) === undefined ? 'global' : 'caller',
      }),
    refetchInterval: ({ state }) => {
      const jobState = state.data?.job.state;
      return jobState === undefined || jobState === 'DONE' || jobState === 'FAILED'
        ? false
        : DELETION_POLL_MS;
    },
  });
};
