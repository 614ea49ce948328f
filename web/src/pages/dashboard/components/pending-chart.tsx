import { useTranslation } from 'react-i18next';
import type { DashboardPendingBenefits } from '../../../api/dashboard.ts';
import { BarChart } from './bar-chart.tsx';
import { ChartCard } from './chart-card.tsx';
import { chartSummary } from './chart-summary.ts';
import type { Answer } from '../dashboard-reads.ts';

export interface PendingChartProps {
  read: Answer<DashboardPendingBenefits>;
  federationLabel: (federation: string | null) => string;
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
  color: string;
}

// A bar per federation, so the chart grows with them; at least the height a few bars need.
const barHeight = 32;
const axisHeight = 48;
const minHeight = 160;
const heightFor = (federations: number) => Math.max(minHeight, federations * barHeight + axisHeight);

/** The benefit pending in each federation today: no scale or federation filter applies (spec section 9). */
export function PendingChart({ read, federationLabel, formatValue, formatTick, color }: PendingChartProps) {
  const { t } = useTranslation();
  const title = t('dashboard.charts.pending.title');
  return (
    <ChartCard
      title={title}
      description={t('dashboard.charts.pending.description')}
      read={read}
      isEmpty={(federations) => federations.length === 0}
      emptyText={t('dashboard.charts.pending.empty')}
      height={minHeight}
    >
      {(federations) => {
        const bars = federations.map((entry) => ({
          label: federationLabel(entry.federation),
          value: entry.amount,
        }));
        return (
          <BarChart
            title={title}
            summary={chartSummary(t, title, bars, formatValue)}
            labelHeader={t('dashboard.charts.pending.labelHeader')}
            valueHeader={t('dashboard.charts.pending.valueHeader')}
            bars={bars}
            formatValue={formatValue}
            formatTick={formatTick}
            horizontal
            color={color}
            height={heightFor(bars.length)}
          />
        );
      }}
    </ChartCard>
  );
}
