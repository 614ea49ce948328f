import type { DashboardPoint, TimeScale } from '../../../api/dashboard.ts';
import { formatDate, formatMonth } from '../../../common/format/format.ts';

/**
 * A period as the screen names it, from its first day (YYYY-MM-DD): a day or the Monday of a week
 * DD/MM/YYYY, a month MM/YYYY (spec section 9's display formats).
 */
export const periodLabel = (firstDay: string, timeScale: TimeScale): string =>
  timeScale === 'monthly' ? formatMonth(firstDay) : formatDate(firstDay);

/** The series' points as chart bars, labelled with their periods. */
export const seriesBars = (series: readonly DashboardPoint[], timeScale: TimeScale) =>
  series.map(({ date, amount }) => ({ label: periodLabel(date, timeScale), value: amount }));
