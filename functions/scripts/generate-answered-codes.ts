import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { routeKey, routes, type RouteDefinition } from '../src/http/routes.ts';
import {
  ANSWERED_CODES_DIR_VARIABLE,
  answeredCodes,
  codesMissingFrom,
  ofRoutes,
  type CodesByRoute,
} from '../src/http/openapi/answered-codes.ts';

/**
 * `npm run generate:answered-codes [-- <vitest options>]`: runs every test file of the projects whose
 * tests call the handlers through the answer checker (the unit tests, the integration tests and the
 * end-to-end tests, against the SPA that the npm script builds first; not the contract project, whose
 * tests check the document this writes), all recording in one folder of its own. The files that fail
 * (a timeout on a loaded machine) run again, alone, up to twice. Once every file has passed, it writes
 * the codes each route of the table answered into answered-error-codes.json, says which came and went,
 * and regenerates docs/openapi.json; if a file still fails, its answers may be missing: nothing is
 * written. The vitest options go to every run (`--no-file-parallelism` for one file at a time).
 */
const answeringProjects = ['functions', 'integration', 'infra-integration', 'e2e'];
const RERUNS = 2;
// Options that change how the files run, never which: a filter would write a partial list.
const allowedOptions = ['--no-file-parallelism', '--retry=', '--maxWorkers=', '--silent'];
const options = process.argv.slice(2);
const refused = options.filter((option) => !allowedOptions.some((allowed) => option.startsWith(allowed)));
if (refused.length) {
  console.error(`Not taken: ${refused.join(' ')} (every file runs; options: ${allowedOptions.join(' ')}).`);
  process.exit(1);
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const codesPath = fileURLToPath(new URL('../src/http/openapi/answered-error-codes.json', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'cpbo-answered-codes-'));
const startedAt = Date.now();
const minutes = () => `${((Date.now() - startedAt) / 60_000).toFixed(1)} min`;

/** Runs the files (all of the projects' when none is named); answers the files that failed, or undefined if vitest gave no report. */
const runFiles = (files: readonly string[]): string[] | undefined => {
  const report = join(directory, 'report.json');
  rmSync(report, { force: true });
  spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      ...answeringProjects.flatMap((project) => ['--project', project]),
      ...options,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...files,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, [ANSWERED_CODES_DIR_VARIABLE]: directory } },
  );
  if (!existsSync(report)) return undefined;
  const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as {
    testResults: { name: string; status: string }[];
  };
  return testResults.filter(({ status }) => status === 'failed').map(({ name }) => name);
};

let failed = runFiles([]);
for (let rerun = 1; rerun <= RERUNS && failed?.length; rerun += 1) {
  console.log(`\n${minutes()}: running again, alone (${rerun} of ${RERUNS}): ${failed.join(' ')}\n`);
  failed = failed.flatMap((file) => runFiles([file]) ?? [file]);
}
if (failed === undefined || failed.length) {
  rmSync(directory, { recursive: true, force: true });
  console.error(
    `${failed ? `Still failing after ${minutes()}: ${failed.join(' ')}` : 'The run gave no report'}. ` +
      'Their answers may be missing, so nothing was written.',
  );
  process.exit(1);
}

const codes = ofRoutes(answeredCodes(directory), (routes as readonly RouteDefinition[]).map(routeKey));
rmSync(directory, { recursive: true, force: true });
const before = JSON.parse(readFileSync(codesPath, 'utf8')) as CodesByRoute;
const changes = [
  ...codesMissingFrom(before, codes).map((line) => `+ ${line}`),
  ...codesMissingFrom(codes, before).map((line) => `- ${line}`),
];
writeFileSync(
  codesPath,
  await format(JSON.stringify(codes), { ...(await resolveConfig(codesPath)), filepath: codesPath }),
);
console.log(
  `wrote ${codesPath} after ${minutes()}: ${Object.keys(codes).length} routes, ` +
    `${Object.values(codes).flat().length} codes; ${changes.length ? 'changed:' : 'no change'}`,
);
if (changes.length) console.log(changes.join('\n'));

const openapi = spawnSync('npm', ['run', '--silent', 'generate:openapi'], { cwd: root, stdio: 'inherit' });
process.exit(openapi.status ?? 1);
