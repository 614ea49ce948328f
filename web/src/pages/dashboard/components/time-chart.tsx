import { useTranslation } from 'react-i18next';
import type { DashboardSeries, TimeScale } from '../../../api/dashboard.ts';
import { BarChart } from './bar-chart.tsx';
import { ChartCard } from './chart-card.tsx';
import { chartSummary } from './chart-summary.ts';
import { seriesBars } from './periods.ts';
import type { Answer } from '../dashboard-reads.ts';

export const TIME_CHART_HEIGHT = 260;

export interface TimeChartProps {
  /** The translation block of the chart: `dashboard.charts.<chart>` (title, description, empty, valueHeader). */
  chart: 'covers' | 'contributions' | 'benefits';
  timeScale: TimeScale;
  read: Answer<DashboardSeries>;
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
  /** Counts (covers): whole numbers on the axis. */
  wholeNumbers?: boolean;
  color: string;
}

const isFlat = (series: DashboardSeries) => series.every(({ amount }) => amount === 0);

/** One series over time: a bar per day, week or month, oldest first. */
export function TimeChart({
  chart,
  timeScale,
  read,
  formatValue,
  formatTick,
  wholeNumbers,
  color,
}: TimeChartProps) {
  const { t } = useTranslation();
  const title = t(`dashboard.charts.${chart}.title`, {
    scale: t(`dashboard.charts.per.${timeScale}`),
  });
  return (
    <ChartCard
      title={title}
      description={t(`dashboard.charts.${chart}.description`)}
      read={read}
      isEmpty={isFlat}
      emptyText={t(`dashboard.charts.${chart}.empty`)}
      height={TIME_CHART_HEIGHT}
    >
      {(series) => {
        const bars = seriesBars(series, timeScale);
        const span = { from: bars[0]?.label ?? '', to: bars.at(-1)?.label ?? '' };
        return (
          <BarChart
            title={title}
            summary={chartSummary(t, title, bars, formatValue, span)}
            labelHeader={t(`dashboard.charts.periodHeader.${timeScale}`)}
            valueHeader={t(`dashboard.charts.${chart}.valueHeader`)}
            bars={bars}
            formatValue={formatValue}
            formatTick={formatTick}
            wholeNumbers={wholeNumbers}
            color={color}
            height={TIME_CHART_HEIGHT}
          />
        );
      }}
    </ChartCard>
  );
}
