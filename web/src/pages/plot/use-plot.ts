import { useQuery } from '@tanstack/react-query';
import { getPlot } from '../../api/plots.ts';
import { queryKeys } from '../../api/query-keys.ts';

/** The plot of the address. A failure is shown by the error dialog; the page only says the plot is not there. */
export function usePlot(memberId: string, plotId: string) {
  return useQuery({
    queryKey: queryKeys.members.plot(memberId, plotId),
    queryFn: () => getPlot(memberId, plotId),
  });
}
