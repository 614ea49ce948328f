import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { faultRateOf } from '../../infra/local/faults/fault-rate.ts';
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
  // Its output goes to a file, of which a failing test prints what was written during it (test.ts).
  const runtime = await startSeededRuntime(webDist, 'cpbo-e2e-', {}, { logToFile: true });
  console.log(`[e2e] local runtime ready at ${runtime.url} in ${Date.now() - startedAt} ms`);
  project.provide('appUrl', runtime.url);
  project.provide('apiOriginUrl', runtime.apiOriginUrl);
  project.provide('outboxDir', runtime.outboxDir);
  project.provide('runtimeLogFile', runtime.logFile ?? '');
  if (!faultRateOf(process.env)) return () => runtime.stop();
  // The fault mode's run: what was injected, and proof that the queued work and the streams caught up.
  return async () => {
    const { faultsInjected, deadLetters } = await runtime.settle();
    await runtime.stop();
    const injected = Object.entries(faultsInjected).map(([fault, count]) => `${fault} × ${count}`);
    console.log(`[e2e] faults injected: ${injected.join(', ') || 'none'}`);
    if (deadLetters.length)
      throw new Error(
        `${deadLetters.length} dead letters: ${deadLetters.map((letter) => letter.queue).join(', ')}`,
      );
  };
}
