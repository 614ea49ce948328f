import middy from '@middy/core';
import httpRouterHandler from '@middy/http-router';
import type { Context } from 'aws-lambda';
import {
  API_BASE,
  routeKey,
  routes,
  routesOf,
  routeSchemas,
  type Resource,
  type RouteDefinition,
  type RouteKey,
  type RoutesOf,
} from '#http/routes.ts';
import { AppError } from '#platform/app-error.ts';
import { observability } from '#platform/observability.ts';
import type { ValidatorsLoader } from '#platform/validator.ts';
import type { ApiEvent, ApiMiddleware, ApiResult, RequestOf, RouteHandler } from './api-types.ts';
import { authenticate } from './authenticate.ts';
import { errorResponder } from './error-responder.ts';
import { jsonBody } from './json-body.ts';
import { apiResult, sessionCookie } from './session-cookie.ts';
import { validateInput } from './validate-input.ts';

/**
 * The implementations of one resource, keyed like the route table ("POST /auth/login"), each typed
 * by its route: a handler that reads a session cannot serve an anonymous route.
 */
export type RouteImplementations<Of extends Resource> = {
  [Definition in RoutesOf<Of> as RouteKey<Definition>]: RouteHandler<Definition>;
};

/**
 * What only some resources' routes use, given by those resources' handlers so that the other
 * functions' bundles leave it out.
 */
export interface RouteMiddlewares {
  /** For the routes marked idempotent in the route table (idempotency.ts). */
  idempotency?: (route: RouteDefinition) => ApiMiddleware;
  /**
   * The resource's own generated validators, for a resource whose routes declare schemas:
   * `() => import('#generated/validators/<resource>.generated.ts')`.
   */
  validators?: ValidatorsLoader;
}

/** The request of the route's handler: what the middlewares checked, and only what its access gives. */
const toRequest = (route: RouteDefinition, event: ApiEvent, context: Context) => ({
  body: event.parsedBody,
  query: event.queryStringParameters ?? {},
  // Decoded and checked by validateInput.
  params: event.pathParameters ?? {},
  requestId: context.awsRequestId,
  headers: event.headers ?? {},
  ...(route.access === 'signedIn' || route.access === 'admin' ? { session: event.session } : {}),
  ...(route.access === 'refreshToken' ? { refreshTokens: event.refreshTokens } : {}),
  ...(route.idempotent ? { idempotency: event.idempotency } : {}),
});

/**
 * While the tests run (CPBO_CHECK_ANSWERS=on, set by every vitest project), each answer of a route,
 * its errors' too, is checked against the route's declared response and the error schema: a broken
 * contract throws, and the call answers 500. The checker is imported by a computed address, so that
 * the bundler leaves it, and ajv's compiler, out of the Lambdas.
 */
const answerCheck = (route: RouteDefinition): ApiMiddleware => {
  const check = async (request: middy.Request<ApiEvent, ApiResult, Error, Context>) => {
    if (!request.response) return;
    const checker = new URL('./answer-check.ts', import.meta.url).href;
    const { checkAnswer } = (await import(/* @vite-ignore */ checker)) as typeof import('./answer-check.ts');
    checkAnswer(route, request.response);
  };
  return { after: check, onError: check };
};

const answersChecked = (): boolean => process.env.CPBO_CHECK_ANSWERS === 'on';

/**
 * One route's chain: session cookie → errors → JSON body → authentication → validation → idempotency →
 * handler. The session cookie's middleware is outside the errors' so that it sees refusals' answers.
 */
export const routeChain = <Definition extends RouteDefinition>(
  route: Definition,
  implementation: RouteHandler<Definition>,
  middlewares: RouteMiddlewares = {},
) => {
  if (route.idempotent && !middlewares.idempotency) {
    throw new Error(
      `${routeKey(route)} is idempotent: its resource's handler must give the idempotency middleware`,
    );
  }
  if (routeSchemas(route).length > 0 && !middlewares.validators) {
    throw new Error(
      `${routeKey(route)} declares schemas: its resource's handler must give its validators ` +
        `(() => import('#generated/validators/${route.resource}.generated.ts'))`,
    );
  }
  return middy<ApiEvent, ApiResult, Error, Context>()
    .use(answersChecked() ? [answerCheck(route)] : [])
    .use(route.sessionCookie ? [sessionCookie(route)] : [])
    .use(errorResponder())
    .use(
      jsonBody({
        maxBytes: route.maxBodyBytes,
        malformedCode: route.bodyRules?.malformed,
        tooLargeCode: route.bodyRules?.tooLarge,
      }),
    )
    .use(authenticate(route))
    .use(validateInput(route, middlewares.validators))
    .use(route.idempotent && middlewares.idempotency ? [middlewares.idempotency(route)] : [])
    .handler(async (event, context) => {
      // authenticate set the session (or the refresh token) that the route's access promises.
      const response = await implementation(toRequest(route, event, context) as RequestOf<Definition>);
      return apiResult(event, response);
    });
};

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
export const httpHandler = <Of extends Resource>(
  resource: Of,
  implementations: RouteImplementations<Of>,
  middlewares: RouteMiddlewares = {},
) => {
  const definitions = routesOf(resource);
  const byKey = implementations as Record<string, RouteHandler | undefined>;
  const missing = definitions.map(routeKey).filter((key) => !byKey[key]);
  const unknown = Object.keys(implementations).filter((key) => !definitions.some((r) => routeKey(r) === key));
  if (missing.length || unknown.length) {
    throw new Error(`Resource ${resource}: missing [${missing.join(', ')}], unknown [${unknown.join(', ')}]`);
  }
  const router = httpRouterHandler({
    routes: definitions.map((definition) => ({
      method: definition.method,
      path: `${API_BASE}${definition.path}`,
      handler: routeChain(definition, byKey[routeKey(definition)] as RouteHandler, middlewares),
    })),
    notFoundResponse: notFound(definitions),
  });
  return middy<ApiEvent, ApiResult, Error, Context>(router as never)
    .use(observability())
    .use(errorResponder());
};

/** The handler of every /api path the route table does not route (API Gateway's `ANY /api/{proxy+}`). */
export const fallbackHandler = () =>
  middy<ApiEvent, ApiResult, Error, Context>(async (event: ApiEvent) =>
    notFound(routes)({ method: event.requestContext.http.method, path: event.requestContext.http.path }),
  )
    .use(observability())
    .use(errorResponder());

/**
 * The handler of a resource whose calls are routed but not built yet: each call still goes through
 * authentication and answers 501 ERR_NOT_IMPLEMENTED (see docs/decisions.md).
 */
export const notYetAvailableHandler = <Of extends Resource>(resource: Of) =>
  httpHandler(
    resource,
    Object.fromEntries(
      routesOf(resource).map((definition) => [
        routeKey(definition),
        async () => {
          throw new AppError('ERR_NOT_IMPLEMENTED');
        },
      ]),
    ) as unknown as RouteImplementations<Of>,
  );
