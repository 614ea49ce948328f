import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitFieldWrite } from '../../../api/offline/field-writes.ts';
import { newLocalId } from '../../../api/offline/local-ids.ts';
import type { Plot, PlotUpdate } from '../../../api/plots.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useActionKey } from '../../../api/use-action-key.ts';
import { readAgain } from '../../../api/read-again.ts';

/**
 * A change of the plot page's forms (protection, crop): the update rewrites every field of the plot,
 * so the fields a form does not change travel as saved. Offline, or without an answer, it waits on the
 * device with its Idempotency-Key like the field's other writes (api/offline/field-writes.ts).
 */
export function usePlotUpdate(plot: Plot) {
  const queryClient = useQueryClient();
  const actionKey = useActionKey();
  return useMutation({
    mutationFn: (changes: Partial<PlotUpdate>) => {
      const body = {
        name: plot.name,
        latitude: plot.latitude,
        longitude: plot.longitude,
        cropDescription: plot.cropDescription,
        isIrrigated: plot.isIrrigated,
        excessRainMonthlyContrib: plot.excessRainMonthlyContrib,
        droughtMonthlyContrib: plot.droughtMonthlyContrib,
        ...changes,
      };
      return submitFieldWrite({
        kind: 'protection',
        id: newLocalId(),
        key: actionKey.keyFor({ plotId: plot.id, ...body }),
        memberId: plot.memberId,
        memberName: plot.memberName,
        plotId: plot.id,
        plotName: plot.name,
        body,
      });
    },
    // Kept on the device offline: the library must not hold it back.
    networkMode: 'always',
    onSuccess: (result) => {
      actionKey.succeeded();
      if (result.status === 'queued') return;
      const savedPlot = result.answer;
      // The screen shows the plot as the server saved it; the member's page and list are read again.
      queryClient.setQueryData(queryKeys.members.plot(savedPlot.memberId, savedPlot.id), savedPlot);
      void readAgain(queryClient, [queryKeys.members.detail(savedPlot.memberId), queryKeys.members.lists]);
    },
  });
}
