import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'schemas',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // Every answer a handler sends is checked against the route table (http/middleware/answer-check.ts).
    env: { CPBO_CHECK_ANSWERS: 'on' },
  },
});
