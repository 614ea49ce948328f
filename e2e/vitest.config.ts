import { defineConfig } from 'vitest/config';

/** End-to-end tests: the local runtime (globalSetup) driven through a real headless Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    // What the tests write to the streams shows beside a failing test only (the runtime's own lines:
    // support/runtime-log.ts).
    setupFiles: ['../functions/src/testing/quiet-output.ts'],
    // One browser at a time: the runtime is shared and CI has two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    // The local runtime's child process inherits it from the global setup (support/global-setup.ts).
    // Every answer a handler sends is checked against the route table (http/middleware/answer-check.ts).
    env: { CPBO_CHECK_ANSWERS: 'on' },
    hookTimeout: 120_000,
  },
});
