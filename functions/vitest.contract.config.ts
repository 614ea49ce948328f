import { defineConfig } from 'vitest/config';

/**
 * The tests of docs/openapi.json, which `npm run generate:answered-codes` rewrites after running the
 * other projects: their document may be stale until it has, so they are not among the tests it runs.
 */
export const contractDocumentTests = ['src/http/openapi/openapi-*.test.ts'];

/**
 * The contract's checks: the error codes each route answered in the run (answered-codes.ts), after
 * every other project (a higher group order) so that all their answers are recorded, and the committed
 * OpenAPI document (fresh, linted).
 */
export default defineConfig({
  test: {
    name: 'contract',
    environment: 'node',
    include: ['src/**/*.contract.test.ts', ...contractDocumentTests],
    sequence: { groupOrder: 1 },
  },
});
