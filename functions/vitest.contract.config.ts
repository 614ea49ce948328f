import { defineConfig } from 'vitest/config';

/**
 * The contract's check of the error codes each route answered in the run (answered-codes.ts): after
 * every other project (a higher group order), so that all their answers are recorded.
 */
export default defineConfig({
  test: {
    name: 'contract',
    environment: 'node',
    include: ['src/**/*.contract.test.ts'],
    sequence: { groupOrder: 1 },
  },
});
