import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'functions',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.integration.test.ts'],
    // Every answer a handler sends is checked against the route table (platform/http/answer-check.ts).
    env: { CPBO_CHECK_ANSWERS: 'on' },
  },
});
