import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/*
 * Test-time and build-time only: the error codes each route of the table really answers while the
 * tests run. The answer checker (http/middleware/answer-check.ts), which every vitest project runs,
 * records each code a route answers into the run's folder, one file per process (the test workers and
 * the end-to-end runtime's child alike); the root vitest config names that folder, its global setup
 * says whether the run is the whole suite and removes the folder at the end.
 * answered-codes.contract.test.ts, which runs after every other project, compares what was answered
 * with answered-error-codes.json, from which docs/openapi.json lists each operation's codes.
 * `npm run generate:answered-codes` runs the projects that answer in a folder of its own and writes
 * their codes into answered-error-codes.json, then docs/openapi.json.
 */

/** The variable that names the run's folder (set by the root vitest.config.ts, inherited by every process). */
export const ANSWERED_CODES_DIR_VARIABLE = 'CPBO_ANSWERED_CODES_DIR';

/** Where the runs' folders live: git-ignored, beside the local runtime's data. */
export const answeredCodesRoot = new URL('../../../../.local/answered-codes/', import.meta.url);

/**
 * Answered by any route, so documented on every operation rather than recorded: an unexpected failure
 * (ERR_INTERNAL, which the middleware unit tests also provoke on table routes with fake handlers), and
 * AWS still busy after the SDK's retries (ERR_SERVICE_BUSY).
 */
export const platformCodes: readonly string[] = ['ERR_INTERNAL', 'ERR_SERVICE_BUSY'];

/** What a route answered, and what a run says of itself. */
export type CodesByRoute = Record<string, string[]>;
export interface RunMarker {
  /** Every test file of every project ran, with no name filter: what was not answered was never answered. */
  whole: boolean;
}

/** A new run's folder, under the git-ignored .local/ (its start time first, then the process). */
export const newRunDirectory = (): string =>
  join(answeredCodesRoot.pathname, `${new Date().toISOString().replace(/[:.]/gu, '-')}-${process.pid}`);

const recorded = new Set<string>();

/** Records that the route answered the code (once per process), when the run has a folder. */
export const recordAnsweredCode = (route: string, code: string): void => {
  const directory = process.env[ANSWERED_CODES_DIR_VARIABLE];
  const line = JSON.stringify({ route, code });
  if (!directory || recorded.has(line)) return;
  recorded.add(line);
  mkdirSync(directory, { recursive: true });
  appendFileSync(join(directory, `${process.pid}-${threadId}.ndjson`), `${line}\n`);
};

const markerFile = (directory: string): string => join(directory, 'run.json');

/** Writes what the run is, for the contract test. */
export const markRun = (directory: string, marker: RunMarker): void => {
  mkdirSync(directory, { recursive: true });
  writeFileSync(markerFile(directory), JSON.stringify(marker));
};

/** A run's folder made by the root config (not one a caller named): removed once the run is over. */
export const isTestRunDirectory = (directory: string): boolean =>
  directory.startsWith(answeredCodesRoot.pathname);

export const runMarker = (directory: string): RunMarker | undefined =>
  existsSync(markerFile(directory))
    ? (JSON.parse(readFileSync(markerFile(directory), 'utf8')) as RunMarker)
    : undefined;

/** The codes the run's processes recorded, by route, sorted; the platform's codes left out. */
export const answeredCodes = (directory: string): CodesByRoute => {
  const byRoute = new Map<string, Set<string>>();
  const files = existsSync(directory)
    ? readdirSync(directory).filter((name) => name.endsWith('.ndjson'))
    : [];
  for (const file of files) {
    for (const line of readFileSync(join(directory, file), 'utf8').split('\n')) {
      if (!line) continue;
      const { route, code } = JSON.parse(line) as { route: string; code: string };
      if (platformCodes.includes(code)) continue;
      byRoute.set(route, (byRoute.get(route) ?? new Set()).add(code));
    }
  }
  return Object.fromEntries(
    [...byRoute].sort(([a], [b]) => a.localeCompare(b)).map(([route, codes]) => [route, [...codes].sort()]),
  );
};

/** The codes of the named routes only (a test's own routes, an echo route say, are no part of the contract). */
export const ofRoutes = (codes: CodesByRoute, routeKeys: readonly string[]): CodesByRoute =>
  Object.fromEntries([...routeKeys].sort().flatMap((route) => (codes[route] ? [[route, codes[route]]] : [])));

/** The codes of `answered` that `documented` lacks, as "ROUTE: CODE" lines. */
export const codesMissingFrom = (documented: CodesByRoute, answered: CodesByRoute): string[] =>
  Object.entries(answered).flatMap(([route, codes]) =>
    codes.filter((code) => !(documented[route] ?? []).includes(code)).map((code) => `${route}: ${code}`),
  );
