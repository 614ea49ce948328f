import { defineConfig } from 'vitest/config';

/**
 * Infra's integration tests: the local runtime's parts (its HTTP server, queues, streams, seed, the
 * tenant matrix) against DynamoDB Local and s3rver, started once by the global setup on free ports,
 * as the functions' integration tests are (functions/vitest.integration.config.ts).
 */
export default defineConfig({
  test: {
    name: 'infra-integration',
    environment: 'node',
    include: ['local/**/*.integration.test.ts'],
    exclude: ['**/node_modules/**', 'cdk.out/**'],
    globalSetup: ['local/testing/global-setup.ts'],
    // The functions' AWS calls recorded for the role check (local/testing/aws-calls/).
    setupFiles: [
      '../functions/src/testing/quiet-output.ts',
      'local/testing/apply-environment.ts',
      'local/testing/aws-calls/record-in-tests.ts',
    ],
    // Thousands of calls would print a metrics line each; the tests about metrics turn them back on.
    // Every answer a handler sends is checked against the route table (http/middleware/answer-check.ts).
    env: { POWERTOOLS_METRICS_DISABLED: 'true', CPBO_CHECK_ANSWERS: 'on' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
