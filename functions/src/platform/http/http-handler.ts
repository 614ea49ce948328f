import middy from '@middy/core';
import httpRouterHandler from '@middy/http-router';
import type { Context } from 'aws-lambda';
import { API_BASE, routeKey, routes, routesOf, type Resource, type RouteDefinition } from '#http/routes.ts';
import { AppError } from '../app-error.ts';
import type { ApiEvent, ApiRequest, ApiResult, RouteHandler } from './api-types.ts';
import { authenticate } from './authenticate.ts';
import { errorResponder } from './error-responder.ts';
import { jsonBody } from './json-body.ts';
import { jsonResponse } from './json-response.ts';
import { validateInput } from './validate-input.ts';

/** The implementations of one resource, keyed like the route table ("POST /auth/login"). */
export type RouteImplementations = Record<string, RouteHandler>;

const toRequest = (event: ApiEvent, context: Context): ApiRequest => ({
  body: event.parsedBody,
  query: event.queryStringParameters ?? {},
  // Decoded and checked by validateInput.
  params: event.pathParameters as Record<string, string>,
  session: event.session,
  bearerToken: event.bearerToken,
  requestId: context.awsRequestId,
  headers: event.headers ?? {},
});

/** One route's chain: errors → JSON body → authentication → validation → handler. */
export const routeChain = (route: RouteDefinition, implementation: RouteHandler) =>
  middy<ApiEvent, ApiResult, Error, Context>()
    .use(errorResponder())
    .use(
      jsonBody({
        maxBytes: route.maxBodyBytes,
        malformedCode: route.bodyRules?.malformed,
        tooLargeCode: route.bodyRules?.tooLarge,
      }),
    )
    .use(authenticate(route.access))
    .use(validateInput(route))
    .handler(async (event, context) => {
      const response = await implementation(toRequest(event, context));
      return jsonResponse(response.status ?? 200, response.body, response.headers);
    });

const pathPattern = (route: RouteDefinition): RegExp =>
  new RegExp(`^${API_BASE}${route.path.replace(/\{[^/]+\}/g, '[^/]+')}/?$`);

/** 405 when another method of the path is routed, 404 otherwise. */
const notFound =
  (known: readonly RouteDefinition[]) =>
  ({ method, path }: { method: string; path: string }): never => {
    const pathKnown = known.some((route) => pathPattern(route).test(path));
    throw new AppError(pathKnown ? 'ERR_METHOD_NOT_ALLOWED' : 'ERR_NOT_FOUND', { details: { method, path } });
  };

/**
 * The Lambda handler of one /api resource: routes its calls of the route table to their
 * implementations, each behind the shared middleware stack. Every route of the resource must be
 * implemented, and nothing else.
 */
export const httpHandler = (resource: Resource, implementations: RouteImplementations) => {
  const definitions = routesOf(resource);
  const missing = definitions.map(routeKey).filter((key) => !implementations[key]);
  const unknown = Object.keys(implementations).filter((key) => !definitions.some((r) => routeKey(r) === key));
  if (missing.length || unknown.length) {
    throw new Error(`Resource ${resource}: missing [${missing.join(', ')}], unknown [${unknown.join(', ')}]`);
  }
  const router = httpRouterHandler({
    routes: definitions.map((definition) => ({
      method: definition.method,
      path: `${API_BASE}${definition.path}`,
      handler: routeChain(definition, implementations[routeKey(definition)] as RouteHandler),
    })),
    notFoundResponse: notFound(definitions),
  });
  return middy<ApiEvent, ApiResult, Error, Context>(router as never).use(errorResponder());
};

/** The handler of every /api path the route table does not route (API Gateway's `ANY /api/{proxy+}`). */
export const fallbackHandler = () =>
  middy<ApiEvent, ApiResult, Error, Context>(async (event: ApiEvent) =>
    notFound(routes)({ method: event.requestContext.http.method, path: event.requestContext.http.path }),
  ).use(errorResponder());

/**
 * The handler of a resource whose calls are routed but not built yet: each call still goes through
 * authentication and answers 501 ERR_NOT_IMPLEMENTED (see docs/decisions.md).
 */
export const notYetAvailableHandler = (resource: Resource) =>
  httpHandler(
    resource,
    Object.fromEntries(
      routesOf(resource).map((definition) => [
        routeKey(definition),
        async () => {
          throw new AppError('ERR_NOT_IMPLEMENTED');
        },
      ]),
    ),
  );
