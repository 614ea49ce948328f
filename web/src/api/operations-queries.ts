import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LogLevel } from '@cpbo/schemas/operations.ts';
import { readEveryPage } from './every-page.ts';
import { getMirrorJob, listLogs, listReports, type PageRequest } from './operations.ts';
import { queryKeys } from './query-keys.ts';

/** A page, or with `all` every page of `pageSize` one after the other (a table's "All"). */
type NumberedRequest = PageRequest & { all: boolean };

/** A page of the application's log, or every line with "All"; the page shown stays while the next one loads. */
export const useLogPage = (query: NumberedRequest & { level: LogLevel }, enabled = true) =>
  useQuery({
    enabled,
    queryKey: queryKeys.logs.page(query),
    queryFn: async () => {
      if (!query.all) return listLogs(query);
      const pages = await readEveryPage((page) => listLogs({ ...query, page }), query.pageSize);
      return { logs: pages.flatMap((answer) => answer.logs), count: pages[0]?.count ?? 0 };
    },
    placeholderData: keepPreviousData,
  });

/** A page of the mobile app's reports, or every report with "All"; the page shown stays while the next one loads. */
export const useReportPage = (query: NumberedRequest, enabled = true) =>
  useQuery({
    enabled,
    queryKey: queryKeys.reports.page(query),
    queryFn: async () => {
      if (!query.all) return listReports(query);
      const pages = await readEveryPage((page) => listReports({ ...query, page }), query.pageSize);
      return { reports: pages.flatMap((answer) => answer.reports), count: pages[0]?.count ?? 0 };
    },
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
