import type { TestProject } from 'vitest/node';
import { ANSWERED_CODES_DIR_VARIABLE, markRun } from './answered-codes.ts';

/**
 * The root config's global setup: says whether this run is the whole suite (every test file of every
 * project, no project, file or name filter), which the contract test needs to know before it can say
 * that a documented code was never answered. A partial run only adds what it answered.
 */
export default async function setup(project: TestProject): Promise<void> {
  const directory = process.env[ANSWERED_CODES_DIR_VARIABLE];
  if (!directory) return;
  const { vitest } = project;
  const running = new Set(vitest.state.getPaths());
  const every = await vitest.globTestSpecifications();
  const whole =
    vitest.config.project.length === 0 &&
    !vitest.config.testNamePattern &&
    every.every((specification) => running.has(specification.moduleId));
  markRun(directory, { whole });
}
