import { useQuery } from '@tanstack/react-query';
import { getAdminMoneyRecord, type AdminMoneyKind } from './admin-records.ts';
import { queryKeys } from './query-keys.ts';

/** The money record an edit form changes. */
export const useAdminMoneyRecord = <Kind extends AdminMoneyKind>(kind: Kind, id: string) =>
  useQuery({ queryKey: queryKeys.admin.record(kind, id), queryFn: () => getAdminMoneyRecord(kind, id) });
