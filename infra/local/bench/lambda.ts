/**
 * npm run bench:lambda — every Lambda bundled as the CDK bundles it (bundleFunction), with its size
 * raw and gzipped (all its files, and the part loaded at start: the entry and the chunks it imports
 * statically), and its module load: the median time of `await import(entry)` in fresh `node`
 * processes, beside a minimal handler that imports only the DynamoDB document client, bundled and
 * measured in the same run, the runs of all bundles interleaved so a busy moment hits them alike.
 * The CPU time of the same imports is printed too: on a shared machine it moves less than the
 * elapsed time, which is what the target is about (a Lambda has its CPU to itself).
 *
 *   --runs N        fresh processes per bundle (default BENCH_LAMBDA_RUNS, else 15)
 *   --sdk external  leave the AWS SDK out of the bundles, loaded from node_modules as Lambda would
 *                   load the runtime's copy: a comparison, not what is deployed
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { buildSync, type Metafile } from 'esbuild';
import { handlerEntry } from '@cpbo/functions/http/handlers.ts';
import { resources } from '@cpbo/functions/http/routes.ts';
import { environmentVariables } from '@cpbo/functions/platform/environment.ts';
import { queueNames } from '@cpbo/functions/domain/queues.ts';
import { queueUrlVariable } from '@cpbo/functions/platform/queue.ts';
import { workerEntry, workers } from '@cpbo/functions/workers/workers.ts';
import {
  bundleFunction,
  entryOutput,
  esbuildOptions,
  functionNodeOptions,
  lambdaRuntime,
} from '../../lib/function-bundling.ts';
import { recordBench } from './results.ts';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.BENCH_LAMBDA_RUNS ?? '15' },
    sdk: { type: 'string', default: 'bundled' },
  },
});
const runs = Number(options.runs);
const sdkBundled = options.sdk !== 'external';
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');
if (!['bundled', 'external'].includes(options.sdk ?? '')) throw new Error('--sdk takes bundled or external');

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const functionsRoot = join(repositoryRoot, 'functions');
// Inside the repository, so a bundle's native modules (argon2) resolve to this machine's build.
const outputRoot = join(repositoryRoot, 'node_modules', '.cache', 'bench-lambda');

interface Target {
  name: string;
  kind: 'reference' | 'api' | 'worker';
  entry: string;
}

const targets: Target[] = [
  {
    name: 'minimal handler',
    kind: 'reference',
    entry: fileURLToPath(new URL('minimal-handler.ts', import.meta.url)),
  },
  ...[...resources, 'not-found' as const].map((name) => ({
    name,
    kind: 'api' as const,
    entry: join(functionsRoot, handlerEntry(name)),
  })),
  ...workers.map((worker) => ({
    name: `${worker} worker`,
    kind: 'worker' as const,
    entry: join(functionsRoot, workerEntry(worker)),
  })),
];

interface Bundle {
  entry: string;
  /** Every JavaScript file of the bundle, and those loaded with the entry. */
  files: string[];
  startFiles: string[];
}

const bundle = (target: Target): Bundle => {
  const folder = join(outputRoot, target.name.replace(/\W+/g, '-'));
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  let metafile: Metafile | undefined;
  if (sdkBundled) metafile = bundleFunction(target.entry, folder);
  else {
    const deployed = esbuildOptions(target.entry, folder);
    metafile = buildSync({
      ...deployed,
      external: [...(deployed.external ?? []), '@aws-sdk/*', '@smithy/*'],
    }).metafile;
  }
  if (!metafile) throw new Error(`no metafile for ${target.name}`);
  const outputs = metafile.outputs;
  const files = Object.keys(outputs).filter((file) => file.endsWith('.mjs'));
  const entry = entryOutput(metafile);
  const startFiles = new Set<string>();
  const visit = (file: string) => {
    if (startFiles.has(file)) return;
    startFiles.add(file);
    for (const imported of outputs[file]?.imports ?? []) {
      if (!imported.external && imported.kind === 'import-statement') visit(imported.path);
    }
  };
  visit(entry);
  return {
    entry: resolve(entry),
    files: files.map((file) => resolve(file)),
    startFiles: [...startFiles].map((file) => resolve(file)),
  };
};

const sizeOf = (files: string[]) => {
  const contents = files.map((file) => readFileSync(file));
  return {
    raw: contents.reduce((sum, content) => sum + content.length, 0) / 1024,
    gzipped: contents.reduce((sum, content) => sum + gzipSync(content).length, 0) / 1024,
  };
};

/** Local-only settings (the secret and the address themselves) would change what the functions do. */
const localOnly: string[] = [environmentVariables.jwtSecret, environmentVariables.appUrl];

/** What Lambda sets, and what CDK gives every function (values that only need to be present). */
const lambdaEnvironment = {
  PATH: process.env.PATH ?? '',
  AWS_REGION: 'eu-west-1',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '1024',
  NODE_OPTIONS: functionNodeOptions,
  // Lambda runs Node 22; on an older Node here the SDK would print a warning at its first client.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  ...Object.fromEntries(
    Object.values(environmentVariables)
      .filter((name) => !localOnly.includes(name))
      .map((name) => [name, `bench-${name.toLowerCase()}`]),
  ),
  ...Object.fromEntries(queueNames.map((name) => [queueUrlVariable(name), `https://sqs.invalid/${name}`])),
};

interface Load {
  elapsed: number;
  cpu: number;
}

const loadOnce = (file: string): Load => {
  const script = [
    'const cpu = process.cpuUsage(); const start = performance.now();',
    `await import(${JSON.stringify(pathToFileURL(file).href)});`,
    'const elapsed = performance.now() - start; const { user, system } = process.cpuUsage(cpu);',
    'process.stdout.write(JSON.stringify({ elapsed, cpu: (user + system) / 1000 }));',
  ].join(' ');
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: lambdaEnvironment,
  });
  if (child.status !== 0) throw new Error(`${file} does not load:\n${child.stderr}`);
  return JSON.parse(child.stdout) as Load;
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const main = () => {
  const loadBefore = loadavg()[0] ?? 0;
  console.log(
    `bench:lambda — Node ${process.version} here (Lambda: ${lambdaRuntime.name}), AWS SDK ${sdkBundled ? 'bundled (as deployed)' : 'external (comparison only)'}, ${runs} fresh processes per bundle, load average ${loadBefore.toFixed(2)}`,
  );
  const bundles = targets.map(bundle);
  const loads = targets.map((): Load[] => []);
  for (let run = 0; run < runs; run += 1) {
    bundles.forEach((built, index) => loads[index]?.push(loadOnce(built.entry)));
  }
  const medians = loads.map((measured) => ({
    elapsed: median(measured.map((load) => load.elapsed)),
    cpu: median(measured.map((load) => load.cpu)),
  }));
  const reference = medians[0] as Load;
  const rows = targets.map((target, index) => {
    const built = bundles[index] as Bundle;
    const load = medians[index] as Load;
    const { raw, gzipped } = sizeOf(built.files);
    return {
      target,
      raw,
      gzipped,
      startGzipped: sizeOf(built.startFiles).gzipped,
      load,
      ratio: load.elapsed / reference.elapsed,
      cpuRatio: load.cpu / reference.cpu,
    };
  });

  const header = [
    'function',
    'raw KB',
    'gz KB',
    'gz KB at start',
    'load ms',
    'minimal ms',
    'ratio',
    'cpu ms',
    'minimal cpu ms',
    'cpu ratio',
  ];
  const lines = rows.map((row) => [
    row.target.name,
    row.raw.toFixed(1),
    row.gzipped.toFixed(1),
    row.startGzipped.toFixed(1),
    row.load.elapsed.toFixed(1),
    reference.elapsed.toFixed(1),
    row.ratio.toFixed(2),
    row.load.cpu.toFixed(1),
    reference.cpu.toFixed(1),
    row.cpuRatio.toFixed(2),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));

  const api = rows.filter((row) => row.target.kind === 'api');
  const slowest = api.reduce((worst, row) => (row.ratio > worst.ratio ? row : worst));
  const largest = rows
    .filter((row) => row.target.kind !== 'reference')
    .reduce((worst, row) => (row.gzipped > worst.gzipped ? row : worst));
  console.log(
    `API module load: at most ${slowest.ratio.toFixed(2)} × the minimal handler (${slowest.target.name}); target ≤ 1.5: ${slowest.ratio <= 1.5 ? 'met' : 'NOT met'} (CPU time: at most ${Math.max(...api.map((row) => row.cpuRatio)).toFixed(2)} ×)`,
  );
  console.log(
    `bundles (all their files): largest ${largest.gzipped.toFixed(1)} KB gzipped (${largest.target.name}); target < 150 KB: ${largest.gzipped < 150 ? 'met' : 'NOT met'}`,
  );
  console.log(`load average at the end: ${(loadavg()[0] ?? 0).toFixed(2)}`);
  if (!sdkBundled) return;
  const minimal = { name: 'minimal handler', value: reference.elapsed, unit: 'ms' };
  recordBench(
    'lambda',
    { runs },
    rows
      .filter((row) => row.target.kind !== 'reference')
      .flatMap((row) => [
        {
          name: `${row.target.name}: bundle gzipped`,
          value: row.gzipped,
          unit: 'KB',
          target: { op: '<', value: 150 },
        },
        ...(row.target.kind === 'api'
          ? [
              {
                name: `${row.target.name}: module load`,
                value: row.load.elapsed,
                unit: 'ms',
                reference: minimal,
                target: { op: '≤', value: 1.5, timesReference: true },
              } as const,
            ]
          : []),
      ]),
  );
};

main();
