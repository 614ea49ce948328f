import { useQuery } from '@tanstack/react-query';
import { getPlotOwner, type PlotOwner } from '../../api/plots.ts';
import { queryKeys } from '../../api/query-keys.ts';

/** The member the new plot is for, for the breadcrumbs and the header; undefined until known. */
export function usePlotOwner(memberId: string): PlotOwner | undefined {
  // Only the names are missing on a failure: an unknown member is reported by the save.
  const { data } = useQuery({
    queryKey: queryKeys.members.plotOwner(memberId),
    queryFn: () => getPlotOwner(memberId, { errors: 'caller' }),
  });
  return data;
}
