import { newPlotRequestSchema, updatePlotRequestSchema } from '@cpbo/schemas/members.ts';
import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import { toCents } from '@cpbo/schemas/money.ts';
import type { TFunction } from 'i18next';
import { formatNumber } from '../format/format.ts';

/**
 * The rules of the plot forms' fields (new plot, protection update), with the API's own limits, and
 * the conversions between what is typed and what the API takes.
 */

interface Range {
  min: number;
  max: number;
}

const { properties: newPlot } = newPlotRequestSchema;
const { properties: update } = updatePlotRequestSchema;

export const plotLimits = {
  nameMaxLength: newPlot.name.maxLength,
  latitude: { min: newPlot.latitude.minimum, max: newPlot.latitude.maximum },
  longitude: { min: newPlot.longitude.minimum, max: newPlot.longitude.maximum },
  droughtMonthlyContrib: {
    min: update.droughtMonthlyContrib.minimum,
    max: update.droughtMonthlyContrib.maximum,
  },
  /** Unix seconds. */
  startCoverageDate: { min: newPlot.startCoverageDate.minimum, max: newPlot.startCoverageDate.maximum },
  cropDescriptionMaxLength: newPlot.cropDescription.maxLength,
} as const satisfies Record<string, number | Range>;

/** A translation key of the plots catalogue and its values. */
export interface FieldProblem {
  key: string;
  values?: Record<string, string | number>;
}

/** A problem's message, its numbers written the way the language writes them. */
export function problemMessage(
  t: TFunction,
  problem: FieldProblem | undefined,
  language: string,
): string | undefined {
  if (!problem) return undefined;
  const values = Object.entries(problem.values ?? {}).map(([name, value]) => [
    name,
    typeof value === 'number' ? formatNumber(value, language) : value,
  ]);
  return String(t(problem.key, Object.fromEntries(values)));
}

/** '12.5', '12,5' (French keyboards) or ' 12 ' → the number; anything else → undefined. */
export function parseDecimal(text: string): number | undefined {
  const normalised = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(normalised)) return undefined;
  return Number(normalised);
}

const inRange = (value: number, { min, max }: Range) => value >= min && value <= max;

export function nameProblem(name: string): FieldProblem | undefined {
  if (!name.trim()) return { key: 'plots.errors.nameRequired' };
  if (name.trim().length > plotLimits.nameMaxLength)
    return { key: 'plots.errors.nameTooLong', values: { max: plotLimits.nameMaxLength } };
  return undefined;
}

export function coordinateProblem(text: string, axis: 'latitude' | 'longitude'): FieldProblem | undefined {
  if (!text.trim()) return { key: `plots.errors.${axis}Required` };
  const value = parseDecimal(text);
  const range = plotLimits[axis];
  if (value === undefined || !inRange(value, range))
    return { key: `plots.errors.${axis}Invalid`, values: range };
  return undefined;
}

/** The crop description: optional, within the server's limit. */
export function cropDescriptionProblem(text: string): FieldProblem | undefined {
  if (text.trim().length > plotLimits.cropDescriptionMaxLength)
    return {
      key: 'plots.errors.cropDescriptionTooLong',
      values: { max: plotLimits.cropDescriptionMaxLength },
    };
  return undefined;
}

/** The crop description as the API takes it: trimmed, null when empty. */
export const cropDescriptionOf = (text: string): string | null => text.trim() || null;

/** The drought monthly contribution: required, not empty, and an amount the server takes. */
export function amountProblem(text: string): FieldProblem | undefined {
  if (!text.trim()) return { key: 'plots.errors.droughtMonthlyContribRequired' };
  const value = parseDecimal(text);
  const range = plotLimits.droughtMonthlyContrib;
  if (value === undefined || !inRange(value, range) || toCents(value) === undefined)
    return { key: 'plots.errors.droughtMonthlyContribInvalid', values: range };
  return undefined;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Today in the user's calendar (not UTC: the coverage starts on the day the agent sees). */
export const todayIso = (now = new Date()): IsoDate =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/**
 * 'YYYY-MM-DD' → 'DD/MM/YYYY' (spec section 9), by the text alone: a calendar date has no time zone
 * to shift it by a day.
 */
export function formatIsoDate(date: IsoDate | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** 'DD/MM/YYYY' as typed (one-digit day and month accepted) → 'YYYY-MM-DD'; undefined if no such day. */
export function parseDayMonthYear(text: string): IsoDate | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The day's 00:00 UTC in unix seconds: the server reads the calendar date back in UTC. */
export const unixSecondsOf = (date: IsoDate): number => Date.parse(`${date}T00:00:00Z`) / 1000;

export function startDateProblem(text: string): FieldProblem | undefined {
  if (!text.trim()) return { key: 'plots.errors.startCoverageDateRequired' };
  const date = parseDayMonthYear(text);
  const range = plotLimits.startCoverageDate;
  if (date === undefined || !inRange(unixSecondsOf(date), range))
    return { key: 'plots.errors.startCoverageDateInvalid' };
  return undefined;
}
