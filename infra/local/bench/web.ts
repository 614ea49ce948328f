/**
 * npm run bench:web — the weight and the Lighthouse scores of the first screens. Builds the SPA, reads
 * from the build which JS and CSS the first screens load (page-assets.ts: the login page, the field
 * agent's screens, the administrator's screens; with their gzipped sizes), starts the local product
 * (compression on, a small seed, at a lower priority than the browser) and runs Lighthouse (mobile) on each, signed in as the demo's agent or
 * administrator; each figure is printed beside its target (the login page's JS ≤ 170 KB gzipped; each
 * agent's and administrator's screen ≥ 95, total blocking time ≤ 200 ms and its layout-shift bound, medians).
 * BENCH_RUNS Lighthouse runs per page (default 5; the median is printed). CHROME_PATH names the browser
 * (default /usr/bin/chromium). BENCH_REPORTS names a folder to keep each run's Lighthouse report in (JSON).
 * BENCH_SCREENS=home,plot+page measures only the screens named (spaces as +).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserSignIn } from '../browser-sign-in.ts';
import { startSeededRuntime } from '../runtime-process.ts';
import { defaultLogins } from '../seed/index.ts';
import { chromePath, runLighthouse, type LighthouseFigures } from './lighthouse.ts';
import { findScreenSample } from './screen-sample.ts';
import {
  fileSizes,
  firstScreens,
  loginPageScriptBudget,
  pageFiles,
  screenLogins,
  totalSizes,
  type FileSizes,
  type FirstScreen,
  type ViteManifest,
  withSample,
} from './page-assets.ts';
import { recordBench } from './results.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REPORTS = process.env.BENCH_REPORTS;
const webRoot = fileURLToPath(new URL('../../../web/', import.meta.url));
const webDist = join(webRoot, 'dist');
const only = process.env.BENCH_SCREENS?.split(',').map((name) => name.replace(/\+/g, ' '));
const pages = firstScreens.filter(({ name }) => !only || only.includes(name));

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
/** The machine's 1, 5 and 15 minute load averages: a shared machine's load moves the scores. */
const load = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};

const build = (): void => {
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error('The SPA build failed');
  }
  console.log(`built the SPA in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

interface PageWeight {
  scripts: string[];
  stylesheets: string[];
  js: FileSizes;
  css: FileSizes;
}

const weigh = (manifest: ViteManifest, page: FirstScreen): PageWeight => {
  const files = pageFiles(manifest, page.lazyModules);
  for (const module of files.bundled) console.log(`  (${page.name}: ${module} has no chunk of its own)`);
  return {
    scripts: files.scripts,
    stylesheets: files.stylesheets,
    js: totalSizes(files.scripts.map((file) => fileSizes(webDist, file))),
    css: totalSizes(files.stylesheets.map((file) => fileSizes(webDist, file))),
  };
};

/** The built JS and CSS the browser fetched beside those the manifest predicts, to catch a stale page list. */
const compareFetched = (page: FirstScreen, weight: PageWeight, run: LighthouseFigures): string[] => {
  const fetched = run.fetched
    .filter(({ resourceType }) => resourceType === 'Script' || resourceType === 'Stylesheet')
    .map(({ url }) => new URL(url).pathname.slice(1));
  const predicted = [...weight.scripts, ...weight.stylesheets];
  return [
    ...fetched
      .filter((file) => !predicted.includes(file))
      .map((file) => `${page.name} fetched ${file}, not counted`),
    ...predicted
      .filter((file) => !fetched.includes(file))
      .map((file) => `${page.name} counted ${file}, not fetched`),
  ];
};

const main = async (): Promise<void> => {
  build();
  const manifest = JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  const weights = pages.map((page) => weigh(manifest, page));

  console.log('');
  console.log(
    '| page | JS files | JS raw KB | JS gzip KB (target) | JS brotli KB | CSS files | CSS raw KB | CSS gzip KB |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  pages.forEach((page, index) => {
    const { scripts, stylesheets, js, css } = weights[index] as PageWeight;
    const budget = page.signedInAs
      ? ''
      : ` (≤ ${kb(loginPageScriptBudget)}: ${js.gzip <= loginPageScriptBudget ? 'met' : 'NOT MET'})`;
    console.log(
      `| ${page.name} (${page.path}) | ${scripts.length} | ${kb(js.raw)} | ${kb(js.gzip)}${budget} | ${kb(js.brotli)} | ${stylesheets.length} | ${kb(css.raw)} | ${kb(css.gzip)} |`,
    );
  });

  // The browser stands for the phone and the product for the cloud: on these two cores the product's
  // work (its pollers, DynamoDB Local's collections) gives way to the page being measured.
  const runtime = await startSeededRuntime(webDist, 'cpbo-bench-web-', {}, { niceness: 10 });
  try {
    const sample = await findScreenSample(runtime.url, defaultLogins);
    console.log('');
    console.log(
      `Lighthouse (mobile) on ${runtime.url}, ${RUNS} runs per page, ${chromePath()}; load average ${load()}`,
    );
    const mismatches = new Set<string>();
    const results = [];
    for (const [index, page] of pages.entries()) {
      const runs: LighthouseFigures[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const login = page.signedInAs && screenLogins(page.signedInAs, defaultLogins);
        const cookies = login ? await browserSignIn(runtime.url, login.email, login.password) : [];
        const figures = await runLighthouse(`${runtime.url}${withSample(page.path, sample)}`, cookies);
        const ownCall = page.ownCall && withSample(page.ownCall, sample);
        if (ownCall && !figures.fetched.some(({ url }) => new URL(url).pathname === ownCall)) {
          throw new Error(`Lighthouse did not see ${ownCall}: the ${page.name} did not show`);
        }
        for (const line of compareFetched(page, weights[index] as PageWeight, figures)) mismatches.add(line);
        for (const warning of figures.warnings) mismatches.add(`${page.name}: ${warning}`);
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          const file = join(REPORTS, `${page.name.replace(/\W+/g, '-')}-${run + 1}.json`);
          writeFileSync(file, JSON.stringify(figures.report));
        }
        runs.push(figures);
      }
      results.push({ page, runs });
    }

    console.log('');
    console.log(
      '| page | performance (runs) | target | accessibility | FCP ms | LCP ms | TBT ms | target | SI ms | CLS | target | JS+CSS fetched KB |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');
    for (const { page, runs } of results) {
      const of = (pick: (figures: LighthouseFigures) => number) => median(runs.map(pick));
      const performances = runs.map(({ performance }) => performance).join(', ');
      const { targets } = page;
      const performanceTarget = targets
        ? `≥ ${targets.performance}: ${verdict(of((f) => f.performance) >= targets.performance)}`
        : '';
      const blockingTarget = targets
        ? `≤ ${targets.totalBlockingTimeMs}: ${verdict(of((f) => f.totalBlockingTime) <= targets.totalBlockingTimeMs)}`
        : '';
      const shiftTarget = targets
        ? `≤ ${targets.cumulativeLayoutShift}: ${verdict(of((f) => f.cumulativeLayoutShift) <= targets.cumulativeLayoutShift)}`
        : '';
      const fetchedBytes = of(({ fetched }) =>
        fetched
          .filter(({ resourceType }) => resourceType === 'Script' || resourceType === 'Stylesheet')
          .reduce((sum, { transferSize }) => sum + transferSize, 0),
      );
      console.log(
        `| ${page.name} | ${of((f) => f.performance)} (${performances}) | ${performanceTarget} | ${of((f) => f.accessibility)} | ${of((f) => f.firstContentfulPaint).toFixed(0)} | ${of((f) => f.largestContentfulPaint).toFixed(0)} | ${of((f) => f.totalBlockingTime).toFixed(0)} | ${blockingTarget} | ${of((f) => f.speedIndex).toFixed(0)} | ${of((f) => f.cumulativeLayoutShift).toFixed(3)} | ${shiftTarget} | ${kb(fetchedBytes)} |`,
      );
    }
    console.log(`load average at the end: ${load()}`);
    const failures = new Set(
      results.flatMap(({ page, runs }) =>
        runs.flatMap((run) => run.accessibilityFailures.map((failure) => `${page.name}: ${failure}`)),
      ),
    );
    if (failures.size) {
      console.log('');
      console.log('Accessibility audits not passed:');
      for (const failure of failures) console.log(`  ${failure}`);
    }
    if (mismatches.size) {
      console.log('');
      console.log('Notes:');
      for (const line of mismatches) console.log(`  ${line}`);
    }
    recordBench('web', { runs: RUNS }, [
      ...pages.flatMap((page, index) => {
        const { js, css } = weights[index] as PageWeight;
        return [
          {
            name: `${page.name}: JS gzipped`,
            value: js.gzip / 1024,
            unit: 'KB',
            ...(page.signedInAs ? {} : { target: { op: '≤', value: loginPageScriptBudget / 1024 } as const }),
          },
          { name: `${page.name}: CSS gzipped`, value: css.gzip / 1024, unit: 'KB' },
        ];
      }),
      ...results.flatMap(({ page, runs }) => [
        {
          name: `${page.name}: Lighthouse performance`,
          value: median(runs.map((f) => f.performance)),
          unit: 'score',
          target: { op: '≥', value: page.targets?.performance ?? 90 } as const,
        },
        {
          name: `${page.name}: Lighthouse total blocking time`,
          value: median(runs.map((f) => f.totalBlockingTime)),
          unit: 'ms',
          ...(page.targets ? { target: { op: '≤', value: page.targets.totalBlockingTimeMs } as const } : {}),
        },
        {
          name: `${page.name}: Lighthouse layout shift`,
          value: median(runs.map((f) => f.cumulativeLayoutShift)),
          unit: 'CLS',
          target: { op: '≤', value: page.targets?.cumulativeLayoutShift ?? 0.1 } as const,
        },
        {
          name: `${page.name}: Lighthouse accessibility`,
          value: median(runs.map((f) => f.accessibility)),
          unit: 'score',
          target: { op: '≥', value: 100 } as const,
        },
      ]),
    ]);
  } finally {
    await runtime.stop();
  }
};

await main();
