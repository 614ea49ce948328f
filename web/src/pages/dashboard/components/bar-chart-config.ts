import type { ChartConfiguration } from 'chart.js';

/** One bar: its label on the category axis and its value. */
export interface ChartBar {
  label: string;
  value: number;
}

export interface BarChartOptions {
  bars: readonly ChartBar[];
  /** The language (en, fr): chart.js formats what it writes itself with it. */
  language: string;
  /** A value as the tooltip and the text alternative write it (an amount in the currency, a count). */
  formatValue: (value: number) => string;
  /** A value on the value axis: shorter than formatValue (1.2K, 1,2 k). */
  formatTick: (value: number) => string;
  /** Federations along the vertical axis, bars growing to the right. */
  horizontal?: boolean;
  /** Counts: the value axis shows whole numbers only. */
  wholeNumbers?: boolean;
  /** The bars' colour. */
  color: string;
}

// Cloudscape's chart text and grid colours (visual refresh, light mode).
const axisTextColor = '#5f6b7a';
const gridColor = '#e9ebed';

/** The chart.js configuration of one of the dashboard's bar charts. */
export function barChartConfig({
  bars,
  language,
  formatValue,
  formatTick,
  horizontal = false,
  wholeNumbers = false,
  color,
}: BarChartOptions): ChartConfiguration<'bar', number[], string> {
  const valueAxis = {
    beginAtZero: true,
    grid: { color: gridColor },
    ticks: {
      color: axisTextColor,
      precision: wholeNumbers ? 0 : undefined,
      // Along the horizontal axis, fewer labels rather than slanted ones.
      maxRotation: horizontal ? 0 : undefined,
      callback: (value: number | string) => formatTick(Number(value)),
    },
  };
  const categoryAxis = { grid: { display: false }, ticks: { color: axisTextColor } };
  return {
    type: 'bar',
    data: {
      labels: bars.map((bar) => bar.label),
      datasets: [
        {
          data: bars.map((bar) => bar.value),
          backgroundColor: color,
          borderRadius: 2,
          maxBarThickness: 48,
        },
      ],
    },
    options: {
      locale: language,
      indexAxis: horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      // The screen is read once the data arrives: no animation to wait for (or to distract).
      animation: false,
      scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
      plugins: {
        tooltip: {
          callbacks: {
            label: (item) => formatValue(Number(item.raw)),
          },
        },
      },
    },
  };
}
