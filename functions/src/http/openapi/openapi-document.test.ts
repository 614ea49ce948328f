import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVICE_BUSY_RETRY_AFTER_SECONDS } from '../middleware/error-responder.ts';
import { routeKey, routes, type RouteDefinition } from '../routes.ts';
import { platformCodes } from './answered-codes.ts';
import { documentedCodes } from './documented-codes.ts';
import { openApiDocument } from './openapi-document.ts';
import { openApiPath, openApiText } from './openapi-text.ts';

const document = openApiDocument();
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
);
const operationOf = (method: string, path: string) =>
  operations.find((o) => o.method === method.toLowerCase() && o.path === path)?.operation as
    Record<string, never> | undefined;

describe('the OpenAPI document', () => {
  it('is the committed docs/openapi.json (run `npm run generate:openapi` when this fails)', async () => {
    expect(readFileSync(openApiPath, 'utf8')).toBe(await openApiText(document));
  });

  it('has one operation per route of the table, and each route its operation', () => {
    expect(operations).toHaveLength(routes.length);
    for (const route of routes as readonly RouteDefinition[]) {
      expect(operationOf(route.method, route.path), `${route.method} ${route.path}`).toBeDefined();
    }
  });

  it('describes a route’s path parameters, body, access and declared answer', () => {
    const profile = operationOf('GET', '/auth/enablerProfile/{enablerId}') ?? {};
    expect(profile).toMatchObject({
      'x-access': 'admin',
      security: [{ adminAccessToken: [] }],
      parameters: [
        { name: 'enablerId', in: 'path', required: true },
        { name: 'X-Session-Cookie', in: 'header', required: false },
      ],
      responses: {
        200: {
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/answer.signed-in' } },
          },
        },
      },
    });
    expect(operationOf('POST', '/auth/logout')).toMatchObject({
      responses: { 204: { description: 'Done; no body.' } },
    });
    expect(operationOf('POST', '/auth/login')).toMatchObject({
      security: [],
      requestBody: {
        content: { 'application/json': { schema: { $ref: '#/components/schemas/request.login' } } },
      },
    });
  });

  it('describes both ways of a session: the refresh token in the body, or in the SPA’s HttpOnly cookie', () => {
    expect(document.components.schemas['answer.signed-in']).toEqual({
      oneOf: [
        { $ref: '#/components/schemas/answer.session' },
        { $ref: '#/components/schemas/answer.browser-session' },
      ],
    });
    expect(document.components.schemas['answer.session']).toMatchObject({
      required: expect.arrayContaining(['refreshToken', 'accessToken']),
    });
    const browser = document.components.schemas['answer.browser-session'] as { properties: object };
    expect(Object.keys(browser.properties)).not.toContain('refreshToken');
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'refreshToken',
    });
    expect(operationOf('GET', '/auth/refresh')).toMatchObject({
      security: [{ refreshToken: [] }, { sessionCookie: [] }],
      parameters: [{ name: 'X-Session-Cookie', in: 'header', required: false }],
      responses: { 200: { headers: { 'Set-Cookie': { schema: { type: 'string' } } } } },
    });
    for (const [method, path] of [
      ['POST', '/auth/login'],
      ['GET', '/auth/enablerProfile/{enablerId}'],
      ['POST', '/auth/logout'],
      ['GET', '/auth/logoutFromEverywhere'],
    ] as const) {
      const operation = operationOf(method, path) as unknown as { parameters: { name: string }[] };
      expect(
        operation.parameters.map(({ name }) => name),
        path,
      ).toContain('X-Session-Cookie');
    }
    expect(operationOf('PUT', '/auth/password')).not.toHaveProperty('parameters');
  });

  it('lists, by status, the codes a route answered in the tests, and the platform’s codes and the stage’s 429 on every route', () => {
    const codes = (method: string, path: string, status: number): string[] =>
      (operationOf(method, path)?.responses as unknown as Record<number, { description: string }>)[
        status
      ]?.description.split(', ') ?? [];
    for (const route of routes as readonly RouteDefinition[]) {
      const { method, path } = route;
      const listed = Object.keys(operationOf(method, path)?.responses ?? {})
        .filter((status) => status !== '429' && Number(status) >= 400)
        .flatMap((status) => codes(method, path, Number(status)));
      const answered = documentedCodes[routeKey(route)] ?? [];
      expect(listed.sort(), routeKey(route)).toEqual([...answered, ...platformCodes].sort());
    }
    expect(codes('POST', '/admin/enablers/{id}/configs', 400)).toEqual(
      expect.arrayContaining([
        'ERR_ENABLERCONFIG_MISSING_CURRENCY',
        'ERR_ENABLERCONFIG_MISSING_LENGTHSEASON',
        'ERR_ENABLERCONFIG_INVALID_CURRENCY',
      ]),
    );
    expect(codes('GET', '/members', 500)).toEqual(['ERR_INTERNAL']);
    expect(codes('GET', '/members', 503)).toEqual(['ERR_SERVICE_BUSY']);
    expect(codes('GET', '/auth/refresh', 403)).toContain('ERR_CROSS_ORIGIN');
    expect(codes('PUT', '/auth/password', 403)).not.toContain('ERR_CROSS_ORIGIN');
    for (const route of routes as readonly RouteDefinition[]) {
      expect(operationOf(route.method, route.path)?.responses, routeKey(route)).toHaveProperty('429');
    }
  });

  it('says on every route when to send a call again that AWS was too busy for', () => {
    expect(platformCodes).toContain('ERR_SERVICE_BUSY');
    for (const route of routes as readonly RouteDefinition[]) {
      const responses = operationOf(route.method, route.path)?.responses as unknown as Record<string, object>;
      expect(responses['503'], routeKey(route)).toMatchObject({
        headers: {
          'Retry-After': {
            description: expect.stringContaining(`(${SERVICE_BUSY_RETRY_AFTER_SECONDS})`),
            schema: { type: 'integer', minimum: 1 },
          },
        },
      });
      expect(responses['500'], routeKey(route)).not.toHaveProperty('headers');
    }
  });
});
