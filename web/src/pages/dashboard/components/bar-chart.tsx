import { useEffect, useMemo, useRef } from 'react';
import { drawInTurn } from './draw-in-turn.ts';
import { useTranslation } from 'react-i18next';
import { barChartConfig, type BarChartOptions, type ChartBar } from './bar-chart-config.ts';
import { Chart } from './chart-setup.ts';

export interface BarChartProps extends Omit<BarChartOptions, 'language'> {
  /** What the chart shows ("Contributions per month"): the caption of its text alternative. */
  title: string;
  /** The headers of the text alternative's two columns. */
  labelHeader: string;
  valueHeader: string;
  /** One sentence saying what the chart shows: the canvas' accessible name. */
  summary: string;
  /** The canvas' height in pixels (its width is the container's). */
  height: number;
}

/**
 * A chart.js bar chart with its text alternative: the canvas is an image named by a one-sentence
 * summary, and a visually hidden table gives a screen reader every value the bars show.
 */
export function BarChart({ title, labelHeader, valueHeader, summary, height, ...options }: BarChartProps) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { bars, formatValue, formatTick, horizontal, wholeNumbers, color } = options;
  // The same bars arrive as a new array at every render (a refresh, a dialog opening): the chart is drawn
  // anew only when what it shows changes.
  const barsKey = JSON.stringify(bars);
  const config = useMemo(
    () =>
      barChartConfig({
        bars: JSON.parse(barsKey) as ChartBar[],
        language,
        formatValue,
        formatTick,
        horizontal,
        wholeNumbers,
        color,
      }),
    [barsKey, language, formatValue, formatTick, horizontal, wholeNumbers, color],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    let chart: Chart | undefined;
    const cancel = drawInTurn(() => {
      chart = new Chart(canvas, config);
    });
    return () => {
      cancel();
      chart?.destroy();
    };
  }, [config]);

  return (
    <figure className="dashboard-chart">
      <div className="dashboard-chart__canvas" style={{ height }}>
        <canvas ref={canvasRef} role="img" aria-label={summary} />
      </div>
      <ChartTable
        title={title}
        labelHeader={labelHeader}
        valueHeader={valueHeader}
        bars={bars}
        formatValue={formatValue}
      />
    </figure>
  );
}

interface ChartTableProps {
  title: string;
  labelHeader: string;
  valueHeader: string;
  bars: readonly ChartBar[];
  formatValue: (value: number) => string;
}

/** Every value of a chart, for screen readers only. */
function ChartTable({ title, labelHeader, valueHeader, bars, formatValue }: ChartTableProps) {
  return (
    <table className="visually-hidden">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col">{valueHeader}</th>
        </tr>
      </thead>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.label}>
            <th scope="row">{bar.label}</th>
            <td>{formatValue(bar.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
