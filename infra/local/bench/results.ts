/**
 * The benchmarks' record: each bench script ends with recordBench(), which writes its figures into
 * bench/results.json (one entry per bench, replaced by its next run), each figure with the reference
 * measured in the same run and the issue's target, met or not. `npm run bench` (all.ts) prints them as
 * one table.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const resultsFile = fileURLToPath(new URL('../../../bench/results.json', import.meta.url));

/** The benches, in the order `npm run bench` runs them (each is `npm run bench:<name>`). */
export const benchNames = [
  'members',
  'admin-lists',
  'dashboard',
  'import',
  'load',
  'load-faults',
  'web',
  'lambda',
  'benefit-run',
] as const;
export type BenchName = (typeof benchNames)[number];

export interface Measure {
  name: string;
  value: number;
  unit: string;
}

/** A bound on a figure: on its value, or, with `timesReference`, on its value over its reference's. */
export interface Target {
  op: '≤' | '<' | '≥';
  value: number;
  timesReference?: boolean;
}

export interface BenchFigure extends Measure {
  /** What the figure is compared with, measured in the same run (a bare DynamoDB call, a minimal handler). */
  reference?: Measure;
  /** The target, when it sets one (a figure it only asks to state has none). */
  target?: Target;
}

export interface RecordedFigure extends BenchFigure {
  /** null: no target. */
  met: boolean | null;
}

export interface BenchEntry {
  bench: BenchName;
  recordedAt: string;
  /** The machine's 1, 5 and 15 minute load averages when the bench ended (the machine may be shared). */
  loadAverage: number[];
  /** The sizes and counts the run used. */
  settings: Record<string, number | string>;
  figures: RecordedFigure[];
}

export const isMet = ({ value, reference, target }: BenchFigure): boolean | null => {
  if (!target) return null;
  if (target.timesReference && !reference) throw new Error('A target on the reference needs a reference');
  const bound = target.timesReference ? target.value * (reference as Measure).value : target.value;
  if (target.op === '≤') return value <= bound;
  if (target.op === '<') return value < bound;
  return value >= bound;
};

export const readResults = (file = resultsFile): BenchEntry[] => {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { benches: BenchEntry[] }).benches;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

/** Writes a bench's figures into the record, in place of its earlier entry. */
export const recordBench = (
  bench: BenchName,
  settings: BenchEntry['settings'],
  figures: BenchFigure[],
  file = resultsFile,
): BenchEntry => {
  const entry: BenchEntry = {
    bench,
    recordedAt: new Date().toISOString(),
    loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
    settings,
    figures: figures.map((figure) => ({ ...figure, met: isMet(figure) })),
  };
  const benches = [...readResults(file).filter((other) => other.bench !== bench), entry].sort(
    (a, b) => benchNames.indexOf(a.bench) - benchNames.indexOf(b.bench),
  );
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ benches }, null, 2)}\n`);
  console.log(`[bench] ${figures.length} figures of bench:${bench} recorded in bench/results.json`);
  return entry;
};

// 149.8 KB against a bound of 150 must not read "150".
const number = (value: number): string =>
  Number.isInteger(value) || Math.abs(value) >= 1000
    ? value.toFixed(0)
    : Math.abs(value) >= 10
      ? value.toFixed(1)
      : value.toFixed(2);
const measured = ({ value, unit }: Measure): string => `${number(value)} ${unit}`;

const targetText = ({ target, unit }: BenchFigure): string => {
  if (!target) return '(stated)';
  return target.timesReference
    ? `${target.op} ${target.value} × ref`
    : `${target.op} ${target.value} ${unit}`;
};

/** One Markdown table of every figure of the given entries. */
export const resultsTable = (entries: readonly BenchEntry[]): string => {
  const rows = entries.flatMap(({ bench, figures }) =>
    figures.map((figure) => [
      bench,
      figure.name,
      measured(figure),
      figure.reference ? `${measured(figure.reference)} (${figure.reference.name})` : '',
      figure.reference && figure.reference.value !== 0
        ? `${(figure.value / figure.reference.value).toFixed(2)} ×`
        : '',
      targetText(figure),
      figure.met === null ? '' : figure.met ? 'met' : 'NOT met',
    ]),
  );
  const header = ['bench', 'figure', 'value', 'reference, same run', 'value / ref', 'target', 'met'];
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
};
