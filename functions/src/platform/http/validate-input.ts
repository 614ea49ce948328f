import type middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { routeSchemas, type RouteDefinition } from '#http/routes.ts';
import { AppError } from '../app-error.ts';
import type { ApiEvent, ApiResult } from './api-types.ts';
import { assertMatches, loadValidators } from './validator.ts';

/**
 * Checks body and query string against the route's schemas before the handler runs. A route that
 * declares no body schema takes no body, and one that declares no query schema takes no parameters.
 */
export const validateInput = (
  route: Pick<RouteDefinition, 'body' | 'query' | 'bodyRules'>,
): middy.MiddlewareObj<ApiEvent, ApiResult, Error, Context> => {
  const hasSchemas = routeSchemas(route).length > 0;
  return {
    before: async (request) => {
      // The validators are loaded by the first request that has something to check, not at start.
      if (hasSchemas) await loadValidators();
      const { event } = request;
      const rules = route.bodyRules;
      if (rules?.missing && event.parsedBody === undefined) throw new AppError(rules.missing);
      const ruleProblem = rules?.check?.(event.parsedBody);
      if (ruleProblem) throw new AppError(ruleProblem);
      if (route.body) assertMatches(route.body, event.parsedBody, 'body');
      else if (event.parsedBody !== undefined)
        throw new AppError('ERR_INVALID_DATA_FORMAT', { message: 'This call takes no body.' });

      const query = event.queryStringParameters ?? {};
      if (route.query) assertMatches(route.query, query, 'query');
      else if (Object.keys(query).length > 0)
        throw new AppError('ERR_INVALID_DATA_FORMAT', { message: 'This call takes no query parameters.' });
    },
  };
};
