import { errorAnswerSchema, type JSONSchema } from '@cpbo/schemas';
import { errorCatalogue, type ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import {
  REFRESH_TOKEN_COOKIE,
  SESSION_COOKIE_HEADER,
  SESSION_MARKER_COOKIE,
} from '@cpbo/schemas/session-cookie.ts';
import { ACCESS_TOKEN_ALGORITHM } from '#platform/access-token.ts';
import { SERVICE_BUSY_RETRY_AFTER_SECONDS } from '../middleware/error-responder.ts';
import { REFRESH_TOKEN_PATH } from '../middleware/session-cookie.ts';
import {
  API_BASE,
  DEFAULT_MAX_BODY_BYTES,
  resources,
  routeKey,
  routes,
  type RouteDefinition,
} from '../routes.ts';
import { answerOf } from '../route-answers.ts';
import { platformCodes } from './answered-codes.ts';
import { documentedCodes } from './documented-codes.ts';
import { withIntegerFormats } from './integer-formats.ts';

/*
 * Build-time only (`npm run generate:openapi` and its drift test): the OpenAPI 3.1 document of the API,
 * from the route table, the schemas and the error catalogue. No Lambda imports this module.
 *
 * The errors of a route are the codes it answered in the tests (answered-error-codes.json, checked by
 * answered-codes.contract.test.ts), not what its source seems to raise; the platform's codes, which any
 * route may answer (ERR_INTERNAL, ERR_SERVICE_BUSY with its Retry-After), and the stage's throttling
 * (429) are on every operation.
 */

/** 'answer/member-detail' → 'answer.member-detail' (a component's name). */
const componentName = (id: string): string => id.replace(/[^A-Za-z0-9._-]/gu, '.');

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Json;
  servers: Json[];
  tags: Json[];
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

/** The security scheme of each access: an administrator's token is a scheme of its own. */
const securityOf: Record<RouteDefinition['access'], string | undefined> = {
  anonymous: undefined,
  refreshToken: 'refreshToken',
  signedIn: 'accessToken',
  admin: 'adminAccessToken',
};

const jwtPractice =
  `A JWT signed with ${ACCESS_TOKEN_ALGORITHM} and checked as RFC8725 (JSON Web Token Best Current ` +
  'Practices) asks: the algorithm pinned, the issuer, the audience and the expiry verified, and its ' +
  'session still open.';

/** What a resource's operations are about (the document's tags). */
const resourceText: Record<(typeof resources)[number], string> = {
  auth: 'Sign-in, sessions and passwords',
  registration: 'First passwords and password resets, from the links mailed',
  me: 'The signed-in user and their enabler',
  members: 'Members, plots and money, as field agents record them',
  'admin-enablers': 'Enablers, their configurations and campaigns',
  'admin-members': "The administrator's members",
  'admin-plots': "The administrator's plots",
  'admin-contributions': "The administrator's contributions",
  'admin-payouts': "The administrator's payouts",
  'admin-cashouts': "The administrator's cashouts",
  'admin-benefit-runs': 'Benefit runs: an assessment paid as one batch, checked by a second administrator',
  'admin-users': 'Users and their roles',
  'admin-logs': "The application's log",
  'admin-reports': "The mobile app's reports",
  'admin-mirror': 'The mirror environment',
  exports: 'Export jobs',
  imports: 'Import jobs and their uploads',
  dashboard: 'The dashboard’s figures',
  reports: "The mobile app's reports, as it sends them",
  openapi: 'This document',
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
  const bearer = { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } as const;
  const components: OpenApiDocument['components'] = {
    schemas: {},
    securitySchemes: {
      accessToken: {
        ...bearer,
        description:
          'The access token of POST /auth/login or GET /auth/refresh, of any role (ADMIN, USER, ' +
          `ANDROID_USER). ${jwtPractice}`,
      },
      adminAccessToken: {
        ...bearer,
        description:
          'The access token of POST /auth/login or GET /auth/refresh of a user of the ADMIN role (another ' +
          `role gets 403 ERR_FORBIDDEN_USER). ${jwtPractice}`,
      },
      refreshToken: {
        type: 'http',
        scheme: 'bearer',
        description:
          'The refresh token of POST /auth/login, GET /auth/refresh or the enabler switch (only GET ' +
          '/auth/refresh): an opaque random value, rotated at each use.',
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
  /**
   * A schema with an $id becomes a component (once), others stay inline; so do a oneOf's choices.
   * Integers get their format.
   */
  const schemaRef = (schema: JSONSchema): Json => {
    const { $id, ...own } = withIntegerFormats(schema) as Json & { $id?: string };
    const rest = Array.isArray(own.oneOf)
      ? { ...own, oneOf: (own.oneOf as JSONSchema[]).map(schemaRef) }
      : own;
    if (typeof $id !== 'string') return rest;
    const name = componentName($id);
    components.schemas[name] ??= rest;
    return { $ref: `#/components/schemas/${name}` };
  };
  const errorRef = schemaRef(errorAnswerSchema);
  const errorAnswer = (codes: string[]): Json => ({
    description: codes.join(', '),
    content: {
      'application/json': {
        schema: { allOf: [errorRef, { type: 'object', properties: { code: { enum: codes } } }] },
      },
    },
  });
  const throttled: Json = {
    description:
      'Throttled by the API stage (its rate and burst limits, docs/operations.md), with API Gateway’s own ' +
      "body; on the sign-in and password calls, also by the WAF's rate rule (ERR_TOO_MANY_REQUESTS).",
    content: {
      'application/json': {
        schema: {
          anyOf: [
            {
              type: 'object',
              required: ['message'],
              properties: { message: { type: 'string', const: 'Too Many Requests' } },
            },
            {
              allOf: [errorRef, { type: 'object', properties: { code: { const: 'ERR_TOO_MANY_REQUESTS' } } }],
            },
          ],
        },
      },
    },
  };

  /** The header of an answer that says when to try again: ERR_SERVICE_BUSY's. */
  const retryAfter: Json = {
    'Retry-After': {
      description:
        `The seconds to wait before sending the call again (${SERVICE_BUSY_RETRY_AFTER_SECONDS}): AWS was still ` +
        'throttling it, or failing for a moment, after the SDK’s retries. A write is sent again with its ' +
        'Idempotency-Key.',
      schema: withIntegerFormats({ type: 'integer', minimum: 1, maximum: 3600 }),
    },
  };

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
          schema: withIntegerFormats(property),
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
    const codes = [...(documentedCodes[routeKey(route)] ?? []), ...platformCodes].sort() as ErrorCode[];
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of codes) {
      const { status } = errorCatalogue[code];
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    responses['429'] = throttled;
    for (const [status, ofStatus] of [...byStatus].sort(([a], [b]) => a - b)) {
      responses[String(status)] = {
        ...errorAnswer(ofStatus),
        ...(ofStatus.includes('ERR_SERVICE_BUSY') ? { headers: retryAfter } : {}),
      };
    }

    const scheme = securityOf[route.access];
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
      // The refresh token comes as Bearer, or, from the SPA, in its session cookie.
      security: scheme
        ? [{ [scheme]: [] }, ...(route.access === 'refreshToken' ? [{ sessionCookie: [] }] : [])]
        : [],
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: schemaRef(route.body) } },
            },
          }
        : {}),
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
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
      contact: { name: 'The administrators of the back office' },
    },
    // Public: the SPA's own API, served beside it.
    servers: [{ url: API_BASE, 'x-internal': false }],
    tags: resources.map((name) => ({ name, description: resourceText[name] })),
    paths,
    components,
  };
};
