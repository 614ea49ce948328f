import { apiFetch, type ApiRequest } from './api-client.ts';

/** The enabler config version a plot was created under (its coverage dates follow from it). */
export interface PlotConfigVersion {
  version: number;
  _id: string;
}

/** A member's plot, as GET /members/{memberId}/plots/{plotId} answers it; dates are 'YYYY-MM-DD'. */
export interface Plot {
  id: string;
  _id: string;
  name: string;
  memberId: string;
  memberName: string;
  memberNumber: string;
  latitude: number;
  longitude: number;
  cropDescription: string | null;
  /** null: not known. */
  isIrrigated: boolean | null;
  /** Amounts in the enabler's currency. */
  droughtMonthlyContrib: number;
  excessRainMonthlyContrib: number;
  startCoverageDate: string;
  endOfSeasonDate: string;
  endCoverageDate: string;
  enablerConfig: PlotConfigVersion | null;
}

export interface NewPlot {
  name: string;
  latitude: number;
  longitude: number;
  droughtMonthlyContrib: number;
  excessRainMonthlyContrib: number;
  /** Unix seconds of the start day at 00:00 UTC: the server reads the calendar date in UTC. */
  startCoverageDate: number;
}

/** The body of the protection update: the server rewrites every field, so all of them travel. */
export type PlotUpdate = Pick<
  Plot,
  | 'name'
  | 'latitude'
  | 'longitude'
  | 'droughtMonthlyContrib'
  | 'excessRainMonthlyContrib'
  | 'cropDescription'
  | 'isIrrigated'
>;

/** What the plot screens show of the member a plot belongs to (breadcrumbs, headers). */
export interface PlotOwner {
  id: string;
  name: string;
  number: string;
}

const plotsPath = (memberId: string) => `/members/${encodeURIComponent(memberId)}/plots`;
const plotPath = (memberId: string, plotId: string) => `${plotsPath(memberId)}/${encodeURIComponent(plotId)}`;

export const getPlot = (memberId: string, plotId: string, options: Pick<ApiRequest, 'errors'> = {}) =>
  apiFetch<Plot>(plotPath(memberId, plotId), options);

/** Answers 409 ERR_ENABLER_NO_CONFIG while the member's enabler has no config. */
export const createPlot = (
  memberId: string,
  plot: NewPlot,
  options: Pick<ApiRequest, 'idempotencyKey'> = {},
) => apiFetch<{ id: string }>(plotsPath(memberId), { method: 'POST', body: plot, ...options });

/** Answers the plot as saved. */
export const updatePlot = (memberId: string, plotId: string, update: PlotUpdate) =>
  apiFetch<Plot>(plotPath(memberId, plotId), { method: 'POST', body: update });

/** The member page's answer holds much more; the plot screens only need who the member is. */
export const getPlotOwner = async (
  memberId: string,
  options: Pick<ApiRequest, 'errors'> = {},
): Promise<PlotOwner> => {
  const { id, name, number } = await apiFetch<PlotOwner>(`/members/${encodeURIComponent(memberId)}`, options);
  return { id, name, number };
};
