import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startSeededRuntime } from '../../infra/local/runtime-process.ts';
import './provided-context.ts';

const builtWeb = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/**
 * Starts the whole product once for the end-to-end run, in memory and seeded, against the built
 * SPA (`npm test` builds it first; E2E_WEB_DIST points at another build).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const webDist = process.env.E2E_WEB_DIST ? resolve(process.env.E2E_WEB_DIST) : builtWeb;
  // The runtime's process checks every answer against the route table (http/middleware/answer-check.ts).
  process.env.CPBO_CHECK_ANSWERS = 'on';
  const startedAt = Date.now();
  const runtime = await startSeededRuntime(webDist, 'cpbo-e2e-');
  console.log(`[e2e] local runtime ready at ${runtime.url} in ${Date.now() - startedAt} ms`);
  project.provide('appUrl', runtime.url);
  project.provide('apiOriginUrl', runtime.apiOriginUrl);
  project.provide('outboxDir', runtime.outboxDir);
  return () => runtime.stop();
}
