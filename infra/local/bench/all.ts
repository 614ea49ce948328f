/**
 * npm run bench — every benchmark, one after the other (`npm run bench:<name>`, each printing what it
 * prints alone and recording its figures in bench/results.json), then one table of all their figures.
 * A bench that fails does not stop the others; the run then exits non-zero.
 *
 * The sizes are the issue's by default. BENCH_QUICK=1 picks small ones, for a check that every bench
 * runs (each size variable set explicitly still wins):
 *   members 5 000 (BENCH_MEMBERS) and none large (BENCH_LARGE_MEMBERS), 50 calls (BENCH_CALLS), 1 cold run
 *   (BENCH_COLD_RUNS); admin lists 2 000 members, 4 000 plots, 10 000 contributions, 2 000 payouts and
 *   2 000 cashouts (BENCH_ADMIN_MEMBERS, …_PLOTS, …_CONTRIBUTIONS, …_PAYOUTS, …_CASHOUTS); dashboard 200 and 5 000 contributions (BENCH_SMALL_CONTRIBUTIONS,
 *   BENCH_LARGE_CONTRIBUTIONS), 5 rounds (BENCH_ROUNDS); import 500 members (BENCH_IMPORT_MEMBERS);
 *   load 10 s (BENCH_LOAD_SECONDS) and a bare loop of 5 s (BENCH_LOAD_BARE_SECONDS), with and without
 *   faults; web 1 Lighthouse run per page (BENCH_RUNS); lambda 5 processes per bundle (BENCH_LAMBDA_RUNS);
 *   benefit-run 2 000 plots (BENCH_BENEFIT_PLOTS).
 * BENCH_ONLY=members,web runs only those.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { benchNames, readResults, resultsTable, type BenchName } from './results.ts';

const quickSizes: Record<string, string> = {
  BENCH_MEMBERS: '5000',
  BENCH_LARGE_MEMBERS: '0',
  BENCH_CALLS: '50',
  BENCH_COLD_RUNS: '1',
  BENCH_ADMIN_MEMBERS: '2000',
  BENCH_ADMIN_PLOTS: '4000',
  BENCH_ADMIN_CONTRIBUTIONS: '10000',
  BENCH_ADMIN_PAYOUTS: '2000',
  BENCH_ADMIN_CASHOUTS: '2000',
  BENCH_SMALL_CONTRIBUTIONS: '200',
  BENCH_LARGE_CONTRIBUTIONS: '5000',
  BENCH_ROUNDS: '5',
  BENCH_IMPORT_MEMBERS: '500',
  BENCH_LOAD_SECONDS: '10',
  BENCH_LOAD_BARE_SECONDS: '5',
  BENCH_RUNS: '1',
  BENCH_LAMBDA_RUNS: '5',
  BENCH_BENEFIT_PLOTS: '2000',
};

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

const quick = process.env.BENCH_QUICK === '1';
const env = quick ? { ...quickSizes, ...process.env } : process.env;
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const unknown = only?.filter((name) => !(benchNames as readonly string[]).includes(name)) ?? [];
if (unknown.length)
  throw new Error(`BENCH_ONLY names no bench: ${unknown.join(', ')} (${benchNames.join(', ')})`);
const chosen = benchNames.filter((name) => !only || only.includes(name));

const startedAt = new Date();
console.log(
  `[bench] ${chosen.join(', ')} with ${quick ? 'small sizes (BENCH_QUICK=1)' : "the issue's sizes"}; load average ${load()}`,
);
const failed: BenchName[] = [];
const durations = new Map<BenchName, number>();
for (const name of chosen) {
  console.log(`\n[bench] npm run bench:${name}`);
  const started = Date.now();
  const run = spawnSync('npm', ['run', `bench:${name}`], { stdio: 'inherit', env });
  durations.set(name, (Date.now() - started) / 1000);
  if (run.status !== 0) failed.push(name);
}

// Only this run's entries: an older one would pass for a figure measured now.
const entries = readResults().filter(
  ({ bench, recordedAt }) => chosen.includes(bench) && new Date(recordedAt) >= startedAt,
);
const missing = chosen.filter((name) => !entries.some(({ bench }) => bench === name));
const minutes = (Date.now() - startedAt.getTime()) / 60_000;
console.log('');
console.log(
  `[bench] ${minutes.toFixed(1)} min (${chosen.map((name) => `${name} ${durations.get(name)?.toFixed(0)} s`).join(', ')}); load average at the end ${load()}`,
);
console.log('');
console.log(resultsTable(entries));
const notMet = entries.flatMap(({ figures }) => figures).filter(({ met }) => met === false).length;
console.log('');
console.log(
  `[bench] ${entries.reduce((sum, { figures }) => sum + figures.length, 0)} figures, ${notMet} targets not met` +
    (missing.length ? `; no figures from ${missing.join(', ')}` : ''),
);
if (failed.length) {
  console.error(`[bench] failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
