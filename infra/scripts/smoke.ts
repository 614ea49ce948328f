/**
 * npm run smoke -- --url <DistributionUrl> --api-url <ApiUrl> [--sign-in-limit <n>]
 * npm run smoke -- --url http://localhost:3000 --api-url <the local API origin> --local
 *
 * The smoke test of a deployed environment (or of the local runtime): signs in with a test
 * administrator (SMOKE_ADMIN_EMAIL, SMOKE_ADMIN_PASSWORD), reads and writes in a throwaway enabler and
 * removes it, checks the security headers, that a direct call to the API's origin is refused, the OpenAPI
 * document and, last, the WAF's 429 on a burst of sign-ins (after which this client cannot sign in for a
 * few minutes). --local: the local runtime has no WAF, so the burst is left out. Exits 1 if a check fails.
 */
import { parseArgs } from 'node:util';
import { runSmoke } from './smoke/smoke-checks.ts';

const usage =
  'Usage: SMOKE_ADMIN_EMAIL=… SMOKE_ADMIN_PASSWORD=… npm run smoke -- --url <DistributionUrl> ' +
  '--api-url <ApiUrl> [--sign-in-limit <n>] [--local]';
const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    'api-url': { type: 'string' },
    'sign-in-limit': { type: 'string' },
    local: { type: 'boolean', default: false },
  },
});
const email = process.env.SMOKE_ADMIN_EMAIL;
const password = process.env.SMOKE_ADMIN_PASSWORD;
const signInRateLimit = values.local ? 0 : Number(values['sign-in-limit'] ?? Number.NaN);
if (!values.url || !values['api-url'] || !email || !password) {
  console.error(usage);
  process.exit(2);
}

const started = Date.now();
const results = await runSmoke({
  url: values.url,
  apiUrl: values['api-url'],
  admin: { email, password },
  ...(Number.isNaN(signInRateLimit) ? {} : { signInRateLimit }),
});
for (const { name, seconds, problem } of results)
  console.log(`${problem ? '✗' : '✓'} ${name} (${seconds.toFixed(1)} s)${problem ? `: ${problem}` : ''}`);
const failed = results.filter((result) => result.problem).length;
console.log(
  `[smoke] ${values.url}: ${results.length - failed} of ${results.length} checks passed in ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s` +
    (values.local ? ' (local runtime: no WAF, the sign-in burst is left out)' : ''),
);
if (failed) process.exitCode = 1;
