import { useQuery } from '@tanstack/react-query';
import type { ApiRequest } from './api-client.ts';
import { getPlot, getPlotOwner, type PlotOwner } from './plots.ts';
import { queryKeys } from './query-keys.ts';

/** Whether to ask at all: a plot or member the device created has no page on the server yet. */
type Enabled = { enabled?: boolean };

/** A member's plot. */
export const usePlot = (
  memberId: string,
  plotId: string,
  { enabled = true, ...options }: Pick<ApiRequest, 'errors'> & Enabled = {},
) =>
  useQuery({
    queryKey: queryKeys.members.plot(memberId, plotId),
    queryFn: () => getPlot(memberId, plotId, options),
    enabled,
  });

/** The member a new plot is for, for the breadcrumbs and the header; undefined until known. */
export function usePlotOwner(memberId: string, { enabled = true }: Enabled = {}): PlotOwner | undefined {
  // Only the names are missing on a failure: an unknown member is reported by the save.
  const { data } = useQuery({
    queryKey: queryKeys.members.plotOwner(memberId),
    queryFn: () => getPlotOwner(memberId, { errors: 'caller' }),
    enabled,
  });
  return data;
}
