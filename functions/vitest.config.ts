import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'functions',
    environment: 'node',
    // The generators' code is in scripts/, tested beside it.
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['src/**/*.integration.test.ts', 'src/**/*.contract.test.ts'],
    // Every answer a handler sends is checked against the route table (http/middleware/answer-check.ts).
    env: { CPBO_CHECK_ANSWERS: 'on' },
  },
});
