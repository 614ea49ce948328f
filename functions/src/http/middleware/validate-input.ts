import type { JSONSchema } from '@cpbo/schemas';
import { routeSchemas, type RouteDefinition } from '#http/routes.ts';
import { AppError } from '#platform/app-error.ts';
import { issuesOf, loadValidators, type Validators, type ValidatorsLoader } from '#platform/validator.ts';
import type { ApiEvent, ApiMiddleware } from './api-types.ts';

const badPathParameter = (name: string) =>
  new AppError('ERR_INVALID_DATA_FORMAT', {
    details: [{ where: `params/${name}`, problem: 'is not a valid percent-encoded value' }],
  });

/** The path parameters as the handler reads them: percent-decoded (a broken encoding is bad input). */
const decodedPathParameters = (event: ApiEvent): Record<string, string> =>
  Object.fromEntries(
    Object.entries(event.pathParameters ?? {}).map(([name, value]) => {
      try {
        return [name, decodeURIComponent(value ?? '')];
      } catch {
        throw badPathParameter(name);
      }
    }),
  );

/** Throws ERR_INVALID_DATA_FORMAT, listing what is wrong, when the value does not match the schema. */
const assertMatches = (validators: Validators, schema: JSONSchema, value: unknown, place: string): void => {
  const details = issuesOf(validators, schema, value, place);
  if (details) throw new AppError('ERR_INVALID_DATA_FORMAT', { details });
};

/**
 * Checks path parameters, body and query string against the route's schemas before the handler runs,
 * and leaves the decoded path parameters in `event.pathParameters`. A route that declares no schema for
 * one of them takes none of it. The validators are those of the route's resource (`validators`), which
 * a route that declares a schema must be given.
 */
export const validateInput = (
  route: Pick<RouteDefinition, 'body' | 'query' | 'params' | 'bodyRules'>,
  validators?: ValidatorsLoader,
): ApiMiddleware => {
  const hasSchemas = routeSchemas(route).length > 0;
  return {
    before: async (request) => {
      // The validators are loaded by the first request that has something to check, not at start.
      const checks = hasSchemas && validators ? await loadValidators(validators) : {};
      const { event } = request;
      const params = decodedPathParameters(event);
      if (route.params) assertMatches(checks, route.params, params, 'params');
      else if (Object.keys(params).length > 0)
        throw new AppError('ERR_INVALID_DATA_FORMAT', { message: 'This call takes no path parameters.' });
      event.pathParameters = params;

      const rules = route.bodyRules;
      if (rules?.missing && event.parsedBody === undefined) throw new AppError(rules.missing);
      const ruleProblem = rules?.check?.(event.parsedBody);
      if (typeof ruleProblem === 'string') throw new AppError(ruleProblem);
      if (ruleProblem) throw new AppError(ruleProblem.code, { details: ruleProblem.details });
      if (route.body) assertMatches(checks, route.body, event.parsedBody, 'body');
      else if (event.parsedBody !== undefined)
        throw new AppError('ERR_INVALID_DATA_FORMAT', { message: 'This call takes no body.' });

      const query = event.queryStringParameters ?? {};
      if (route.query) assertMatches(checks, route.query, query, 'query');
      else if (Object.keys(query).length > 0)
        throw new AppError('ERR_INVALID_DATA_FORMAT', { message: 'This call takes no query parameters.' });
    },
  };
};
