import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updatePlot, type Plot, type PlotUpdate } from '../../../api/plots.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * A change of the plot page's forms (protection, crop): the update rewrites every field of the plot,
 * so the fields a form does not change travel as saved.
 */
export function usePlotUpdate(plot: Plot) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<PlotUpdate>) =>
      updatePlot(plot.memberId, plot.id, {
        name: plot.name,
        latitude: plot.latitude,
        longitude: plot.longitude,
        cropDescription: plot.cropDescription,
        isIrrigated: plot.isIrrigated,
        excessRainMonthlyContrib: plot.excessRainMonthlyContrib,
        droughtMonthlyContrib: plot.droughtMonthlyContrib,
        ...changes,
      }),
    onSuccess: (savedPlot) => {
      // The screen shows the plot as the server saved it; the member's page and list are read again.
      queryClient.setQueryData(queryKeys.members.plot(savedPlot.memberId, savedPlot.id), savedPlot);
      void queryClient.invalidateQueries({ queryKey: queryKeys.members.detail(savedPlot.memberId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.members.lists });
    },
  });
}
