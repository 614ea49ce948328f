import type { TFunction } from 'i18next';
import type { ChartBar } from './bar-chart-config.ts';
import { sumOfAmounts } from '@cpbo/schemas/money.ts';

/**
 * One sentence a screen reader gives for a chart: its total and its highest bar, and for a time chart
 * the periods it spans. The data table beside it gives every value.
 */
export function chartSummary(
  t: TFunction,
  title: string,
  bars: readonly ChartBar[],
  formatValue: (value: number) => string,
  span?: { from: string; to: string },
): string {
  const highest = bars.reduce<ChartBar | undefined>(
    (best, bar) => (best === undefined || bar.value > best.value ? bar : best),
    undefined,
  );
  const figures = {
    title,
    total: formatValue(sumOfAmounts(bars.map((bar) => bar.value))),
    highest: highest ? formatValue(highest.value) : '',
    label: highest?.label ?? '',
  };
  return span
    ? t('dashboard.charts.summary.series', { ...figures, ...span })
    : t('dashboard.charts.summary.federations', figures);
}
