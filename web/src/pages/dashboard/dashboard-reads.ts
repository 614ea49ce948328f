import { useMemo } from 'react';
import type { DashboardPendingBenefits, DashboardSeries } from '../../api/dashboard.ts';
import type { DashboardFilterValues } from './components/dashboard-filters.tsx';

/** What the dashboard draws of a read: its answer, whether it failed, and how to ask again. */
export interface Answer<Data> {
  data: Data | undefined;
  isError: boolean;
  refetch: () => unknown;
}

/** The answers of the dashboard's reads, as its view draws them. */
export interface DashboardReads {
  /** The filters the answers were read for. */
  readFor: DashboardFilterValues;
  federations: readonly string[] | undefined;
  covers: Answer<DashboardSeries>;
  contributions: Answer<DashboardSeries>;
  benefits: Answer<DashboardSeries>;
  pending: Answer<DashboardPendingBenefits>;
  coveredPlots: Answer<number>;
}

/** A query's answer as one object that changes only when what the dashboard draws of it does. */
export function useAnswerOf<Data>({ data, isError, refetch }: Answer<Data>): Answer<Data> {
  return useMemo(() => ({ data, isError, refetch }), [data, isError, refetch]);
}
