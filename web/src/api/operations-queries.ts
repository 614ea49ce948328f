import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LogLevel } from '@cpbo/schemas/operations.ts';
import { getMirrorJob, listLogs, listReports, type PageRequest } from './operations.ts';
import { queryKeys } from './query-keys.ts';

/** A page of the application's log; the page shown stays while the next one loads. */
export const useLogPage = (query: PageRequest & { level: LogLevel }) =>
  useQuery({
    queryKey: queryKeys.logs.page(query),
    queryFn: () => listLogs(query),
    placeholderData: keepPreviousData,
  });

/** A page of the mobile app's reports; the page shown stays while the next one loads. */
export const useReportPage = (query: PageRequest) =>
  useQuery({
    queryKey: queryKeys.reports.page(query),
    queryFn: () => listReports(query),
    placeholderData: keepPreviousData,
  });

/** How often the status is read again while a refresh is processing. */
const MIRROR_POLL_MS = 5000;

/** The mirror environment's status, read again while a refresh is processing. */
export const useMirrorJob = () =>
  useQuery({
    queryKey: queryKeys.mirror,
    queryFn: () => getMirrorJob(),
    refetchInterval: (query) => (query.state.data?.status === 'PROCESSING' ? MIRROR_POLL_MS : false),
  });
