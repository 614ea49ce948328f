import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { NewPlot } from '../../api/plots.ts';
import {
  amountProblem,
  coordinateProblem,
  cropDescriptionOf,
  cropDescriptionProblem,
  formatIsoDate,
  nameProblem,
  parseDayMonthYear,
  parseDecimal,
  startDateProblem,
  unixSecondsOf,
  type FieldProblem,
} from './plot-fields.ts';
import { isIrrigatedOf, type Irrigation } from './irrigation.ts';

/** The new-plot form as typed. */
export interface NewPlotValues {
  name: string;
  latitude: string;
  longitude: string;
  /** DD/MM/YYYY. */
  startCoverageDate: string;
  droughtMonthlyContrib: string;
  cropDescription: string;
  isIrrigated: Irrigation;
}

export type NewPlotField = keyof NewPlotValues;

/** Spec sections 5 and 9: latitude 10, longitude 10, drought contribution 0, coverage from today. */
export const newPlotDefaults = (today: IsoDate): NewPlotValues => ({
  name: '',
  latitude: '10',
  longitude: '10',
  startCoverageDate: formatIsoDate(today),
  droughtMonthlyContrib: '0',
  cropDescription: '',
  isIrrigated: 'unknown',
});

export const newPlotProblems = (values: NewPlotValues): Partial<Record<NewPlotField, FieldProblem>> => {
  const problems: Partial<Record<NewPlotField, FieldProblem>> = {
    name: nameProblem(values.name),
    latitude: coordinateProblem(values.latitude, 'latitude'),
    longitude: coordinateProblem(values.longitude, 'longitude'),
    startCoverageDate: startDateProblem(values.startCoverageDate),
    droughtMonthlyContrib: amountProblem(values.droughtMonthlyContrib),
    cropDescription: cropDescriptionProblem(values.cropDescription),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem));
};

/** The request for values without problems. */
export function newPlotOf(values: NewPlotValues): NewPlot {
  const start = parseDayMonthYear(values.startCoverageDate);
  const numberOf = (text: string) => parseDecimal(text) ?? Number.NaN;
  return {
    name: values.name.trim(),
    latitude: numberOf(values.latitude),
    longitude: numberOf(values.longitude),
    droughtMonthlyContrib: numberOf(values.droughtMonthlyContrib),
    // Excess-rain protection is not offered yet (spec section 1).
    excessRainMonthlyContrib: 0,
    startCoverageDate: start ? unixSecondsOf(start) : Number.NaN,
    cropDescription: cropDescriptionOf(values.cropDescription),
    isIrrigated: isIrrigatedOf(values.isIrrigated),
  };
}
