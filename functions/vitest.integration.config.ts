import { defineConfig } from 'vitest/config';

/**
 * The functions' integration tests against DynamoDB Local and s3rver, started once by the local
 * runtime's global setup on free ports (infra's own integration tests run from
 * infra/vitest.integration.config.ts).
 */
export default defineConfig({
  test: {
    name: 'integration',
    environment: 'node',
    include: ['src/**/*.integration.test.ts'],
    globalSetup: ['../infra/local/testing/global-setup.ts'],
    // The functions' AWS calls recorded for the role check (infra/local/testing/aws-calls/).
    setupFiles: [
      'src/testing/quiet-output.ts',
      '../infra/local/testing/apply-environment.ts',
      '../infra/local/testing/aws-calls/record-in-tests.ts',
    ],
    // Thousands of calls would print a metrics line each; the tests about metrics turn them back on.
    // Every answer a handler sends is checked against the route table (http/middleware/answer-check.ts).
    env: { POWERTOOLS_METRICS_DISABLED: 'true', CPBO_CHECK_ANSWERS: 'on' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
