import type { BenchFigure } from './results.ts';

/* What the benches print and record of their timings: percentiles, seconds, figures of new and warm instances. */

/** The p-th percentile of the values (nearest rank). */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** What a bench prints of a new instance's runs: their first answers (and median), module load, next answer. */
export const coldLine = (
  label: string,
  runs: readonly { firstMs: number; moduleMs: number; secondMs: number }[],
): string => {
  const p50 = (pick: (run: (typeof runs)[number]) => number) => percentile(runs.map(pick), 50);
  return (
    `${label}: ${p50((run) => run.firstMs).toFixed(0)} ms (first answer of a new instance, median of ` +
    `${runs.map((run) => run.firstMs.toFixed(0)).join(', ')} ms; module load ` +
    `${p50((run) => run.moduleMs).toFixed(0)} ms; next answer ${p50((run) => run.secondMs).toFixed(1)} ms)`
  );
};

/** A new instance's first answer (the median of its runs) beside its module's load, under its bound if any. */
export const coldFigure = (
  name: string,
  median: number,
  moduleMs: number[],
  bound: number | undefined,
): BenchFigure => ({
  name,
  value: median,
  unit: 'ms',
  reference: { name: 'its module load', value: percentile(moduleMs, 50), unit: 'ms' },
  ...(bound === undefined ? {} : { target: { op: '≤', value: bound } as const }),
});

/** A warm call's p50 beside the bare one-page Query's of the same run, its target a multiple of it. */
export const warmFigure = (name: string, p50: number, queryP50: number, times: number): BenchFigure => ({
  name,
  value: p50,
  unit: 'ms',
  reference: { name: 'bare DynamoDB Query', value: queryP50, unit: 'ms' },
  target: { op: '≤', value: times, timesReference: true },
});
