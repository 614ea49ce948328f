import { defineConfig } from 'vitest/config';

/**
 * The functions' roles against the AWS calls the other projects' tests made
 * (local/testing/aws-calls/): after every other project (a higher group order), so that all their
 * calls are recorded.
 */
export default defineConfig({
  test: {
    name: 'permissions',
    environment: 'node',
    include: ['**/*.permissions.test.ts'],
    exclude: ['**/node_modules/**', 'cdk.out/**'],
    sequence: { groupOrder: 1 },
    // The apps' synthesis folders go with each test file.
    setupFiles: ['lib/testing/remove-synth-folders.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
