import { describe, expect, it } from 'vitest';
import { routeKey, routes, type RouteDefinition } from '../routes.ts';
import {
  ANSWERED_CODES_DIR_VARIABLE,
  answeredCodes,
  codesMissingFrom,
  runMarker,
  type CodesByRoute,
} from './answered-codes.ts';
import { documentedCodes } from './documented-codes.ts';

/*
 * The error codes of the contract are the codes the routes answered in the tests: every code a route
 * answered in this run is documented, and, once the whole suite ran, every documented code was
 * answered. A partial run checks the first half only (what it did not run proves nothing).
 */

const directory = process.env[ANSWERED_CODES_DIR_VARIABLE] ?? '';
const whole = (directory && runMarker(directory)?.whole) === true;
const tableRoutes = new Set((routes as readonly RouteDefinition[]).map(routeKey));
/** The table's routes only: a test's own routes (an echo route, say) are no part of the contract. */
const answered: CodesByRoute = Object.fromEntries(
  Object.entries(directory ? answeredCodes(directory) : {}).filter(([route]) => tableRoutes.has(route)),
);
const regenerate =
  'after a whole `npm test`, `npm run generate:answered-codes` takes its codes into ' +
  'functions/src/http/openapi/answered-error-codes.json and docs/openapi.json';

describe('the error codes of the contract', () => {
  it('document every code a route answered in this run', () => {
    expect(codesMissingFrom(documentedCodes, answered), `answered but not documented: ${regenerate}`).toEqual(
      [],
    );
  });

  it.runIf(whole)('document only codes that some test answered (the whole suite ran)', () => {
    expect(
      codesMissingFrom(answered, documentedCodes),
      `documented but never answered: ${regenerate}`,
    ).toEqual([]);
  });
});
