import { describe, expect, it } from 'vitest';
import { routeKey, routes, type RouteDefinition } from '../routes.ts';
import {
  ANSWERED_CODES_DIR_VARIABLE,
  answeredCodes,
  codesMissingFrom,
  ofRoutes,
  runMarker,
} from './answered-codes.ts';
import { documentedCodes } from './documented-codes.ts';

/*
 * The error codes of the contract are the codes the routes answered in the tests: every code a route
 * answered in this run is documented, and, once the whole suite ran, every documented code was
 * answered. A partial run checks the first half only (what it did not run proves nothing).
 */

const directory = process.env[ANSWERED_CODES_DIR_VARIABLE] ?? '';
const whole = (directory && runMarker(directory)?.whole) === true;
/** The table's routes only: a test's own routes (an echo route, say) are no part of the contract. */
const answered = ofRoutes(
  directory ? answeredCodes(directory) : {},
  (routes as readonly RouteDefinition[]).map(routeKey),
);
const regenerate =
  '`npm run generate:answered-codes` runs the projects that answer and takes their codes into ' +
  'functions/src/http/openapi/answered-error-codes.json and docs/openapi.json (docs/contract.md, "Error codes of the calls")';

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
