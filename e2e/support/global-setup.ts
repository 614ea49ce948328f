import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startRuntimeProcess } from '../../infra/local/runtime-process.ts';
import './provided-context.ts';

const builtWeb = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/**
 * Starts the whole product once for the end-to-end run, in memory and seeded, against the built
 * SPA (`npm test` builds it first; E2E_WEB_DIST points at another build).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const webDist = process.env.E2E_WEB_DIST ? resolve(process.env.E2E_WEB_DIST) : builtWeb;
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`No built SPA in ${webDist}: run "npm run build -w web" first (npm test does).`);
  }
  const startedAt = Date.now();
  const dataDir = await mkdtemp(join(tmpdir(), 'cpbo-e2e-'));
  const runtime = await startRuntimeProcess({
    port: 0,
    inMemory: true,
    dataDir,
    webDist,
    seed: true,
    // A tenth of the demo members is plenty for the screens and keeps the start short.
    demoScale: 0.1,
    quiet: true,
  }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  console.log(`[e2e] local runtime ready at ${runtime.url} in ${Date.now() - startedAt} ms`);
  project.provide('appUrl', runtime.url);
  project.provide('outboxDir', runtime.outboxDir);
  return async () => {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
