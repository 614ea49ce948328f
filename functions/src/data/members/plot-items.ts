import { fromCents } from '@cpbo/schemas/money.ts';
import type { PlotEntry } from '#domain/lists/record-list.ts';
import { changeKey, memberPartition, plotSortKey, recordById, recordsOfEnabler } from './member-keys.ts';
import { orNull, readItem } from '../table/item-values.ts';

/* A member's plot: its item in the table and the plot as the API sees it. */

/** The plot as its admin table lists it, with its enabler and creation. */
export interface Plot extends PlotEntry {
  enablerId: string;
  createdAt: string;
}

export const toPlot = (item: Record<string, unknown>): Plot => ({
  ...readItem(item, {
    text: ['id', 'memberId', 'enablerId', 'name', 'createdAt', 'updatedAt'],
    number: ['latitude', 'longitude'],
    optional: ['cropDescription'],
    count: ['droughtMonthlyContribCents', 'excessRainMonthlyContribCents'],
  }),
  ...readItem(item, { text: ['startCoverageDate', 'endOfSeasonDate', 'endCoverageDate'] }),
  isIrrigated: orNull(item.isIrrigated),
  enablerConfig: orNull(item.enablerConfig),
});

/** A plot's terms as the API answers them and the data files write them: amounts in units. */
export const plotTermsOf = (plot: Omit<PlotEntry, 'updatedAt'>) => ({
  latitude: plot.latitude,
  longitude: plot.longitude,
  cropDescription: plot.cropDescription,
  isIrrigated: plot.isIrrigated,
  droughtMonthlyContrib: fromCents(plot.droughtMonthlyContribCents),
  excessRainMonthlyContrib: fromCents(plot.excessRainMonthlyContribCents),
  startCoverageDate: plot.startCoverageDate,
  endOfSeasonDate: plot.endOfSeasonDate,
  endCoverageDate: plot.endCoverageDate,
  enablerConfig: plot.enablerConfig,
});

/**
 * A new plot, with its member's federation: the plot keeps a copy, so that the dashboard's covers
 * (fed by the stream) group by federation; the aggregates worker keeps the copy equal to the member's.
 */
export type NewPlot = Omit<Plot, 'id' | 'createdAt' | 'updatedAt'> & { federation: string | null };

/** A plot's item (createPlot; the demo seed). */
export const plotItem = ({ federation, ...plot }: NewPlot, id: string, at: string) => ({
  pk: memberPartition(plot.memberId),
  sk: plotSortKey(id),
  entityType: 'PLOT',
  // In the enabler's plot timeline under its last change (updatedAt): every edit moves it there.
  gsi1pk: recordsOfEnabler(plot.enablerId, 'PLOT'),
  gsi1sk: changeKey(at, id),
  gsi3pk: recordById(id),
  gsi3sk: 'RECORD',
  id,
  ...plot,
  ...(federation ? { federation } : {}),
  createdAt: at,
  updatedAt: at,
});
