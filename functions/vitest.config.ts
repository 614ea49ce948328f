import { defineConfig } from 'vitest/config';
import { contractDocumentTests } from './vitest.contract.config.ts';

export default defineConfig({
  test: {
    name: 'functions',
    environment: 'node',
    // The generators' code is in scripts/, tested beside it.
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // What the functions write to the streams shows beside a failing test only.
    setupFiles: ['src/testing/quiet-output.ts'],
    // The contract's own checks run in the contract project (vitest.contract.config.ts).
    exclude: ['src/**/*.integration.test.ts', 'src/**/*.contract.test.ts', ...contractDocumentTests],
    // Every answer a handler sends is checked against the route table (http/middleware/answer-check.ts).
    env: { CPBO_CHECK_ANSWERS: 'on' },
  },
});
