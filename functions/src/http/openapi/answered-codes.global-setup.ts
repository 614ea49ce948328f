import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { ANSWERED_CODES_DIR_VARIABLE, isTestRunDirectory, markRun } from './answered-codes.ts';

/**
 * The root config's global setup: says whether this run is the whole suite (every test file of every
 * project, no project, file or name filter), which the contract test needs to know before it can say
 * that a documented code was never answered. A partial run only checks what it answered. Once every
 * project is done, the run's folder goes, unless a caller named it (`npm run generate:answered-codes`
 * reads its own after the run).
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const directory = process.env[ANSWERED_CODES_DIR_VARIABLE];
  if (!directory) return undefined;
  const { vitest } = project;
  const running = new Set(vitest.state.getPaths());
  const every = await vitest.globTestSpecifications();
  const whole =
    vitest.config.project.length === 0 &&
    !vitest.config.testNamePattern &&
    every.every((specification) => running.has(specification.moduleId));
  markRun(directory, { whole });
  return isTestRunDirectory(directory)
    ? () => rmSync(directory, { recursive: true, force: true })
    : undefined;
}
