import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { routeKey, routes, type RouteDefinition } from '../src/http/routes.ts';
import { answeredCodes, newestWholeRun } from '../src/http/openapi/answered-codes.ts';

/**
 * Writes functions/src/http/openapi/answered-error-codes.json from the newest whole test run (`npm
 * test`): the codes each route of the table answered. Then `npm run generate:openapi` lists them.
 */
const run = newestWholeRun();
if (!run) {
  console.error('No whole test run recorded its answers yet: run `npm test` first.');
  process.exit(1);
}
const answered = answeredCodes(run);
const codes = Object.fromEntries(
  (routes as readonly RouteDefinition[])
    .map(routeKey)
    .sort()
    .flatMap((route) => (answered[route] ? [[route, answered[route]]] : [])),
);
const path = fileURLToPath(new URL('../src/http/openapi/answered-error-codes.json', import.meta.url));
writeFileSync(path, await format(JSON.stringify(codes), { ...(await resolveConfig(path)), filepath: path }));
console.log(`wrote ${path} from ${run}`);
