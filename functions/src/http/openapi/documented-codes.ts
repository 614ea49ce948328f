import type { CodesByRoute } from './answered-codes.ts';
import codes from './answered-error-codes.json' with { type: 'json' };

/**
 * The error codes each route of the table answers, as the whole test suite last answered them
 * (`npm run generate:answered-codes`); docs/openapi.json lists them, and the contract test checks
 * them against every run.
 */
export const documentedCodes: CodesByRoute = codes;
