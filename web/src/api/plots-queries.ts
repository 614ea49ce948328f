import { useQuery } from '@tanstack/react-query';
import type { ApiRequest } from './api-client.ts';
import { getPlot, getPlotOwner, type PlotOwner } from './plots.ts';
import { queryKeys } from './query-keys.ts';

/** A member's plot. */
export const usePlot = (memberId: string, plotId: string, options: Pick<ApiRequest, 'errors'> = {}) =>
  useQuery({
    queryKey: queryKeys.members.plot(memberId, plotId),
    queryFn: () => getPlot(memberId, plotId, options),
  });

/** The member a new plot is for, for the breadcrumbs and the header; undefined until known. */
export function usePlotOwner(memberId: string): PlotOwner | undefined {
  // Only the names are missing on a failure: an unknown member is reported by the save.
  const { data } = useQuery({
    queryKey: queryKeys.members.plotOwner(memberId),
    queryFn: () => getPlotOwner(memberId, { errors: 'caller' }),
  });
  return data;
}
