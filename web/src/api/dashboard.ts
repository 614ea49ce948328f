import type {
  DashboardCoveredPlots,
  DashboardFederations,
  DashboardPendingBenefits,
  DashboardRebuildAnswer,
  DashboardSeries,
  DashboardTimeScale,
} from '@cpbo/schemas';
import { dashboardTimeScales, defaultDashboardTimeScale } from '@cpbo/schemas/dashboard.ts';
import { apiFetch, type ApiRequest } from './api-client.ts';

type Errors = Pick<ApiRequest, 'errors'>;

// The calls' queries and answers are the API's own contract, in schemas/dashboard.ts.
export type {
  DashboardPendingBenefits,
  DashboardPoint,
  DashboardRebuildAnswer,
  DashboardSeries,
  PendingBenefitOfFederation,
} from '@cpbo/schemas';
export type TimeScale = DashboardTimeScale;
export const timeScales = dashboardTimeScales;
export const defaultTimeScale = defaultDashboardTimeScale;

/** The three series of the dashboard's time charts. */
export const seriesNames = [
  'numberOfCoversStartedByDate',
  'totalContributionsByDate',
  'totalBenefitsComputedByDate',
] as const;
export type SeriesName = (typeof seriesNames)[number];

export interface SeriesQuery {
  timeScale: TimeScale;
  /** null: every member, with or without a federation. */
  federation: string | null;
}

const federationQuery = (federation: string | null) => (federation === null ? {} : { federation });

/** One amount (covers: a count) per period, oldest first, ending with the current period. */
export const getSeries = (series: SeriesName, { timeScale, federation }: SeriesQuery, options: Errors = {}) =>
  apiFetch<DashboardSeries>(`/dashboard/${series}`, {
    query: { timeScale, ...federationQuery(federation) },
    ...options,
  });

/** The pending benefit of each federation (null: members without one), all dates. */
export const getPendingBenefits = (options: Errors = {}) =>
  apiFetch<DashboardPendingBenefits>('/dashboard/totalPendingBenefitsByFederation', options);

/** The plots covered today. */
export const getCoveredPlots = (federation: string | null, options: Errors = {}) =>
  apiFetch<DashboardCoveredPlots>('/dashboard/numberOfCoveredPlots', {
    query: federationQuery(federation),
    ...options,
  });

/** The federations the filter offers. */
export const getFederations = (options: Errors = {}) =>
  apiFetch<DashboardFederations>('/dashboard/federations', options);

/** Administrators: queues the recomputation of every aggregate of the current enabler from its records. */
export const rebuildDashboard = () =>
  apiFetch<DashboardRebuildAnswer>('/dashboard/rebuild', { method: 'POST' });

/** A recomputation's job, polled until it is DONE or FAILED. */
export const getRebuildJob = (id: string) =>
  apiFetch<DashboardRebuildAnswer>(`/dashboard/rebuild/${encodeURIComponent(id)}`);

export type RebuildJob = DashboardRebuildAnswer['job'];

export const rebuildUnderWay = (job: RebuildJob | null | undefined): boolean =>
  job?.state === 'QUEUED' || job?.state === 'RUNNING';
