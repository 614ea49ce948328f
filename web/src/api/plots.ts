import type {
  CreatedIdAnswer,
  FromSchema,
  MemberDetailAnswer,
  newPlotRequestSchema,
  PlotAnswer,
  updatePlotRequestSchema,
} from '@cpbo/schemas';
import { apiFetch, type ApiRequest } from './api-client.ts';
import { memberPath, plotPath, plotsPath } from './resource-paths.ts';

// The answers and bodies are the API's own contract (schemas/members.ts).
/** A member's plot, as GET /members/{memberId}/plots/{plotId} answers it; dates are 'YYYY-MM-DD'. */
export type Plot = PlotAnswer;
/** The enabler config version a plot was created under (its coverage dates follow from it). */
export type PlotConfigVersion = NonNullable<PlotAnswer['enablerConfig']>;
/**
 * What the new-plot forms send; startCoverageDate: unix seconds of the start day at 00:00 UTC (the server
 * reads the calendar date in UTC).
 */
export type NewPlot = Required<FromSchema<typeof newPlotRequestSchema>>;

/** The body of a plot's update (protection, crop): the server rewrites every field, so all of them travel. */
export type PlotUpdate = Required<FromSchema<typeof updatePlotRequestSchema>>;

/** What the plot screens show of the member a plot belongs to (breadcrumbs, headers). */
export type PlotOwner = Pick<MemberDetailAnswer, 'id' | 'name' | 'number'>;

export const getPlot = (memberId: string, plotId: string, options: Pick<ApiRequest, 'errors'> = {}) =>
  apiFetch<Plot>(plotPath(memberId, plotId), options);

/** Answers 409 ERR_ENABLER_NO_CONFIG while the member's enabler has no config. */
export const createPlot = (
  memberId: string,
  plot: NewPlot,
  options: Pick<ApiRequest, 'errors' | 'idempotencyKey'> = {},
) => apiFetch<CreatedIdAnswer>(plotsPath(memberId), { method: 'POST', body: plot, ...options });

/** Answers the plot as saved. */
export const updatePlot = (
  memberId: string,
  plotId: string,
  update: PlotUpdate,
  options: Pick<ApiRequest, 'errors' | 'idempotencyKey'> = {},
) => apiFetch<Plot>(plotPath(memberId, plotId), { method: 'POST', body: update, ...options });

/** The member page's answer holds much more; the plot screens only need who the member is. */
export const getPlotOwner = async (
  memberId: string,
  options: Pick<ApiRequest, 'errors'> = {},
): Promise<PlotOwner> => {
  const { id, name, number } = await apiFetch<MemberDetailAnswer>(memberPath(memberId), options);
  return { id, name, number };
};
