import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'infra',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', 'cdk.out/**'],
    testTimeout: 60_000,
  },
});
