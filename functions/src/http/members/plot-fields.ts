import type { PlotChanges } from '#data/members/plots.ts';
import type { Plot } from '#data/members/plot-items.ts';
import { centsOf } from '../body-amounts.ts';

/** A plot's fields as the agent's and the administrator's forms send them. */
export interface PlotFieldsBody {
  name: string;
  latitude: number;
  longitude: number;
  droughtMonthlyContrib?: number;
  excessRainMonthlyContrib?: number;
  cropDescription?: string | null;
  isIrrigated?: boolean | null;
}

/**
 * A plot's details after an edit, for both edits of a plot: the body's fields, texts trimmed (an
 * empty description is none), and the plot's own value for every field the body leaves out.
 */
export const plotChangesOfBody = (body: PlotFieldsBody, current: Plot): PlotChanges => ({
  name: body.name.trim(),
  latitude: body.latitude,
  longitude: body.longitude,
  droughtMonthlyContribCents:
    body.droughtMonthlyContrib === undefined
      ? current.droughtMonthlyContribCents
      : centsOf(body.droughtMonthlyContrib),
  excessRainMonthlyContribCents:
    body.excessRainMonthlyContrib === undefined
      ? current.excessRainMonthlyContribCents
      : centsOf(body.excessRainMonthlyContrib),
  cropDescription:
    body.cropDescription === undefined ? current.cropDescription : body.cropDescription?.trim() || null,
  isIrrigated: body.isIrrigated === undefined ? current.isIrrigated : body.isIrrigated,
});
