import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorAnswerSchema, type JSONSchema } from '@cpbo/schemas';
import { errorCatalogue, errorCodes, type ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import {
  REFRESH_TOKEN_COOKIE,
  SESSION_COOKIE_HEADER,
  SESSION_MARKER_COOKIE,
} from '@cpbo/schemas/session-cookie.ts';
import { REFRESH_TOKEN_PATH } from '../middleware/session-cookie.ts';
import { handlerEntry } from '../handlers.ts';
import {
  API_BASE,
  DEFAULT_MAX_BODY_BYTES,
  routeKey,
  routes,
  type RouteDefinition,
  type Resource,
} from '../routes.ts';
import { answerOf } from '../route-answers.ts';

/*
 * Build-time only (`npm run generate:openapi` and its drift test): the OpenAPI 3.1 document of the API,
 * from the route table, the schemas and the error catalogue. No Lambda imports this module.
 *
 * The errors of a route are found, not declared: the generic codes of the middlewares its chain runs
 * (authentication by its access, the JSON body, the input's schemas, idempotency, its body rules) and
 * the codes written in the source its resource's handler imports (functions/src, followed from
 * functions/src/http/<resource>/handler.ts), so that a new `new AppError('ERR_…')` shows up at the next
 * generation and the drift test fails until the document is regenerated.
 */

const functionsRoot = fileURLToPath(new URL('../../../', import.meta.url));
const schemasRoot = fileURLToPath(new URL('../../../../schemas/', import.meta.url));
const httpMiddleware = resolve(functionsRoot, 'src/http/middleware');

const codePattern = /\bERR_[A-Z0-9_]+\b/gu;
const known = new Set<string>(errorCodes);
const codesIn = (file: string): ErrorCode[] =>
  [...new Set(readFileSync(file, 'utf8').match(codePattern) ?? [])].filter((code): code is ErrorCode =>
    known.has(code),
  );

/**
 * The catalogue and its documents name every code, and the route table every body rule's: they raise
 * none themselves (a route's body rules are counted by genericCodes). The schemas' barrel is not
 * followed either (it would bring every resource's rules): a handler's rules come in by their own file.
 */
const notRaising = new Set([
  ...['error-catalogue.ts', 'error-descriptions.ts', 'errors-document.ts'].map((file) =>
    resolve(schemasRoot, file),
  ),
  resolve(functionsRoot, 'src/http/routes.ts'),
]);

const importPattern = /(?:from|import)\s*\(?\s*'([^']+)'/gu;
const resolveImport = (from: string, specifier: string): string | undefined => {
  const aliases: Record<string, string> = {
    '#platform/': 'src/platform/',
    '#domain/': 'src/domain/',
    '#data/': 'src/data/',
    '#http/': 'src/http/',
    '#workers/': 'src/workers/',
  };
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  let path: string | undefined;
  if (alias) path = resolve(functionsRoot, aliases[alias] as string, specifier.slice(alias.length));
  else if (specifier.startsWith('.')) path = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@cpbo/schemas/')) path = resolve(schemasRoot, specifier.slice(14));
  return path && path.endsWith('.ts') && existsSync(path) ? path : undefined;
};

/** The codes of every source file the resource's handler imports, but the HTTP middlewares' own. */
const resourceCodes = (resource: Resource): ErrorCode[] => {
  const seen = new Set<string>();
  const codes = new Set<ErrorCode>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    if (notRaising.has(file) || file.startsWith(httpMiddleware)) return;
    codesIn(file).forEach((code) => codes.add(code));
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const next = specifier ? resolveImport(file, specifier) : undefined;
      if (next && !next.endsWith('.test.ts')) visit(next);
    }
  };
  visit(resolve(functionsRoot, handlerEntry(resource)));
  return [...codes];
};

const middlewareCodes = (file: string): ErrorCode[] => codesIn(resolve(httpMiddleware, file));

/** What any route's chain can answer, by what the route declares. */
const genericCodes = (route: RouteDefinition): ErrorCode[] => {
  const codes: ErrorCode[] = ['ERR_INTERNAL'];
  if (route.access !== 'anonymous') codes.push('ERR_UNAUTHENTICATED');
  if (route.access === 'admin') codes.push('ERR_FORBIDDEN_USER');
  // A body is refused where none is declared, and a query string where none is (validate-input.ts).
  codes.push(...middlewareCodes('json-body.ts'), ...middlewareCodes('validate-input.ts'));
  if (route.bodyRules) {
    const { malformed, missing, tooLarge } = route.bodyRules;
    codes.push(...[malformed, missing, tooLarge].filter((code): code is ErrorCode => code !== undefined));
    // A product rule's codes, as its function's text names them.
    const named = route.bodyRules.check?.toString().match(codePattern) ?? [];
    codes.push(...named.filter((code) => known.has(code)).map((code) => code as ErrorCode));
  }
  if (route.idempotent) codes.push(...middlewareCodes('idempotency.ts'));
  if (route.sessionCookie) codes.push(...middlewareCodes('session-cookie.ts'));
  return codes;
};

/** 'answer/member-detail' → 'answer.member-detail' (a component's name). */
const componentName = (id: string): string => id.replace(/[^A-Za-z0-9._-]/gu, '.');

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Json;
  servers: Json[];
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

const accessText: Record<RouteDefinition['access'], string> = {
  anonymous: 'Anonymous: no token.',
  refreshToken:
    'The refresh token as Bearer (login, refresh or the enabler switch gave it), or, with the ' +
    `${SESSION_COOKIE_HEADER} header, the ${REFRESH_TOKEN_COOKIE} cookie; the handler checks it.`,
  signedIn:
    'Signed in: an access token of any role (ADMIN, USER, ANDROID_USER), whose session is open; ' +
    'the data are those of the session’s enabler.',
  admin: 'Administrators only: an access token of the ADMIN role (others get 403 ERR_FORBIDDEN_USER).',
};

/** The two ways of a route that issues or ends a session: the spec's, and the SPA's cookie. */
const sessionCookieText: Record<NonNullable<RouteDefinition['sessionCookie']>, string> = {
  set:
    'Its refresh token goes in the body (`answer.session`). With the ' +
    `${SESSION_COOKIE_HEADER} header (the SPA) it goes instead in an HttpOnly, SameSite=Strict ` +
    `\`${REFRESH_TOKEN_COOKIE}\` cookie of path ${REFRESH_TOKEN_PATH}, beside a \`${SESSION_MARKER_COOKIE}\` ` +
    'cookie the page can read, and the body has none (`answer.browser-session`).',
  clear:
    `With the ${SESSION_COOKIE_HEADER} header (the SPA), the answer also removes the ` +
    `\`${REFRESH_TOKEN_COOKIE}\` and \`${SESSION_MARKER_COOKIE}\` cookies.`,
};

/** The header of the SPA's calls, on the routes of the session cookie. */
const sessionCookieHeader: Json = {
  name: SESSION_COOKIE_HEADER,
  in: 'header',
  required: false,
  description:
    'Sent by the SPA: the refresh token travels in an HttpOnly cookie, not in the body. The call must ' +
    'come from the application’s own origin (Origin and Sec-Fetch-Site, when sent, say so), else 403 ' +
    'ERR_CROSS_ORIGIN. A 401 answer to such a call removes the cookies.',
  schema: { type: 'string', const: '1' },
};

/** The document, from the route table as it is. */
export const openApiDocument = (): OpenApiDocument => {
  const components: OpenApiDocument['components'] = {
    schemas: {},
    securitySchemes: {
      accessToken: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description:
          'The access token of POST /auth/login or GET /auth/refresh. Its role (ADMIN, USER, ' +
          'ANDROID_USER) decides the admin routes; see each operation’s x-access.',
      },
      refreshToken: {
        type: 'http',
        scheme: 'bearer',
        description:
          'The refresh token of POST /auth/login, GET /auth/refresh or the enabler switch (only GET ' +
          '/auth/refresh).',
      },
      sessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: REFRESH_TOKEN_COOKIE,
        description:
          `The SPA's HttpOnly refresh token cookie, with the ${SESSION_COOKIE_HEADER} header (only GET ` +
          '/auth/refresh).',
      },
    },
  };
  /** A schema with an $id becomes a component (once), others stay inline; so do a oneOf's choices. */
  const schemaRef = (schema: JSONSchema): Json => {
    const { $id, ...own } = schema as Json & { $id?: string };
    const rest = Array.isArray(own.oneOf)
      ? { ...own, oneOf: (own.oneOf as JSONSchema[]).map(schemaRef) }
      : own;
    if (typeof $id !== 'string') return rest;
    const name = componentName($id);
    components.schemas[name] ??= rest;
    return { $ref: `#/components/schemas/${name}` };
  };
  const errorRef = schemaRef(errorAnswerSchema);

  const codesOf = new Map<Resource, ErrorCode[]>();
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes as readonly RouteDefinition[]) {
    const parameters: Json[] = [];
    for (const [part, where] of [
      ['params', 'path'],
      ['query', 'query'],
    ] as const) {
      const schema = route[part] as
        { properties?: Record<string, JSONSchema>; required?: string[] } | undefined;
      for (const [name, property] of Object.entries(schema?.properties ?? {})) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || (schema?.required ?? []).includes(name),
          schema: property,
        });
      }
    }
    if (route.idempotent) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'A repeat with the same key answers the first answer and writes nothing.',
        schema: { type: 'string', minLength: 1, maxLength: 200 },
      });
    }
    if (route.sessionCookie) parameters.push(sessionCookieHeader);

    const responses: Record<string, Json> = {};
    const declared = answerOf(route);
    if (!declared) responses['2XX'] = { description: 'Success (its answer’s schema is not declared yet).' };
    else if (!('body' in declared)) responses[String(declared.status)] = { description: 'Done; no body.' };
    else {
      responses[String(declared.status)] = {
        description: 'Success.',
        content: { 'application/json': { schema: schemaRef(declared.body) } },
      };
    }
    if (route.sessionCookie && declared) {
      (responses[String(declared.status)] as Json).headers = {
        'Set-Cookie': {
          description: `Only with the ${SESSION_COOKIE_HEADER} header: ${sessionCookieText[route.sessionCookie]}`,
          schema: { type: 'string' },
        },
      };
    }
    if (!codesOf.has(route.resource)) codesOf.set(route.resource, resourceCodes(route.resource));
    const codes = [...new Set([...genericCodes(route), ...(codesOf.get(route.resource) ?? [])])].sort();
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of codes) {
      const { status } = errorCatalogue[code];
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    for (const [status, ofStatus] of [...byStatus].sort(([a], [b]) => a - b)) {
      responses[String(status)] = {
        description: ofStatus.join(', '),
        content: {
          'application/json': {
            schema: { allOf: [errorRef, { type: 'object', properties: { code: { enum: ofStatus } } }] },
          },
        },
      };
    }

    const operation: Json = {
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/gu, '').replace(/\/(.)/gu, (_, c: string) => c.toUpperCase())}`,
      summary: routeKey(route),
      tags: [route.resource],
      description: [
        accessText[route.access],
        ...(route.sessionCookie ? [sessionCookieText[route.sessionCookie]] : []),
        `Largest body: ${route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES} bytes.`,
      ].join(' '),
      'x-access': route.access,
      security:
        route.access === 'anonymous'
          ? []
          : route.access === 'refreshToken'
            ? [{ refreshToken: [] }, { sessionCookie: [] }]
            : [{ accessToken: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: schemaRef(route.body) } },
            },
          }
        : {}),
      responses,
    };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Crop protection back office API',
      version: '1',
      description:
        'Generated from the route table (functions/src/http/routes.ts), the schemas (schemas/) and the ' +
        'error catalogue by `npm run generate:openapi`. Every answer is JSON; every error answers ' +
        '`{ code, message, requestId }` with the catalogue’s status (docs/errors.md).',
    },
    servers: [{ url: API_BASE }],
    paths,
    components,
  };
};
