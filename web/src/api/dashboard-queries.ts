import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiRequest } from './api-client.ts';
import {
  getCoveredPlots,
  getFederations,
  getPendingBenefits,
  getRebuildJob,
  getSeries,
  rebuildUnderWay,
  type SeriesName,
  type SeriesQuery,
} from './dashboard.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The aggregates follow the records a moment after they are written (the table's stream): while the
 * screen is open and visible its figures are read again every few seconds, so that a contribution just
 * recorded shows up without a reload.
 */
export const DASHBOARD_REFRESH_MS = 10_000;

type Read<Answer> = (options: Pick<ApiRequest, 'errors'>) => Promise<Answer>;

/**
 * A dashboard read. Its first failure shows in the error dialog and stops the refreshes until the
 * user tries again; a refresh that fails keeps the figures shown, quietly (one dialog every few
 * seconds would make the screen unusable), and the next refresh tries again.
 */
function useDashboardRead<Answer>(queryKey: QueryKey, read: Read<Answer>) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey,
    queryFn: () => read({ errors: queryClient.getQueryData(queryKey) === undefined ? 'global' : 'caller' }),
    refetchInterval: ({ state }) =>
      state.status === 'error' && state.data === undefined ? false : DASHBOARD_REFRESH_MS,
  });
}

/** One time chart's series, for the filters' scale and federation. */
export const useSeries = (series: SeriesName, query: SeriesQuery) =>
  useDashboardRead(queryKeys.dashboard.series(series, query), (options) => getSeries(series, query, options));

/** The pending benefit of every federation: no filter applies. */
export const usePendingBenefits = () =>
  useDashboardRead(queryKeys.dashboard.pendingBenefits, getPendingBenefits);

/** The plots covered today, of a federation or of all. */
export const useCoveredPlots = (federation: string | null) =>
  useDashboardRead(queryKeys.dashboard.coveredPlots(federation), (options) =>
    getCoveredPlots(federation, options),
  );

/** The federations the filter offers. */
export const useFederations = () => useDashboardRead(queryKeys.dashboard.federations, getFederations);

/** How often a recomputation under way is read again. */
const REBUILD_POLL_MS = 2000;

/** A recomputation's job, read again while it is under way; nothing is asked before one started. */
export const useRebuildJob = (jobId: string | null) =>
  useQuery({
    queryKey: queryKeys.dashboard.rebuild(jobId ?? ''),
    queryFn: () => getRebuildJob(jobId ?? ''),
    enabled: jobId !== null,
    refetchInterval: ({ state }) => (rebuildUnderWay(state.data?.job) ? REBUILD_POLL_MS : false),
  });
