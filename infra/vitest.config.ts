import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'infra',
    environment: 'node',
    include: ['**/*.test.ts'],
    // Integration tests run in the integration project, with DynamoDB Local started for them; the
    // roles' check in the permissions project, after the projects whose calls it checks.
    exclude: ['**/node_modules/**', 'cdk.out/**', '**/*.integration.test.ts', '**/*.permissions.test.ts'],
    testTimeout: 60_000,
    // What the code under test writes to the streams shows beside a failing test only; the apps'
    // synthesis folders go with each test file.
    setupFiles: ['../functions/src/testing/quiet-output.ts', 'lib/testing/remove-synth-folders.ts'],
    // Every answer a handler sends is checked against the route table (http/middleware/answer-check.ts).
    env: { CPBO_CHECK_ANSWERS: 'on' },
  },
});
