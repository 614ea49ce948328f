import {
  adminCashoutListQuerySchema,
  adminContributionListQuerySchema,
  adminContributionRequestSchema,
  adminNewCashoutRequestSchema,
  adminNewPayoutRequestSchema,
  adminPayoutListQuerySchema,
  adminUpdateCashoutRequestSchema,
  adminUpdatePayoutRequestSchema,
  cashoutRequestSchema,
  changePasswordRequestSchema,
  contributeRequestSchema,
  memberListQuerySchema,
  newMemberRequestSchema,
  newPlotRequestSchema,
  updatePlotRequestSchema,
  enablerConfigSchema,
  enablerConfigProblem,
  enablerImagesProblem,
  enablerRequestSchema,
  forceRenewRequestSchema,
  languageRequestSchema,
  loginRequestSchema,
  newUserRequestSchema,
  resetRequestSchema,
  setPasswordRequestSchema,
  updateUserRequestSchema,
  adminMemberRequestSchema,
  adminNewPlotRequestSchema,
  adminPlotListQuerySchema,
  adminUpdatePlotRequestSchema,
  emailParameter,
  logListQuerySchema,
  importRequestSchema,
  jobIdParameter,
  MAX_IMAGE_BYTES,
  MAX_INLINE_IMPORT_BYTES,
  MAX_REPORT_BYTES,
  reportListQuerySchema,
  reportRequestSchema,
  pathParameters,
  recordIdParameter,
  dashboardFederationQuerySchema,
  dashboardNoQuerySchema,
  dashboardSeriesQuerySchema,
  dashboardUnitsQuerySchema,
  type JSONSchema,
  benefitRowsQuerySchema,
  benefitRunCancelRequestSchema,
  benefitRunFileParameter,
  benefitRunIdParameter,
  benefitRunReviewRequestSchema,
  benefitRunStartRequestSchema,
  duplicatesQuerySchema,
  activityQuerySchema,
  memberHistoryQuerySchema,
  preferenceTableParameter,
  tablePreferencesRequestSchema,
  coveredPlotsRequestSchema,
} from '@cpbo/schemas';
import type { ErrorCode } from '@cpbo/schemas/error-catalogue.ts';

/**
 * The route table: every /api call, the Lambda (resource) that answers it and who may call it.
 * The CDK API, the local server and the routing test all read this list.
 */

export const API_BASE = '/api';

export const resources = [
  'auth',
  'registration',
  'me',
  'members',
  'admin-enablers',
  'admin-members',
  'admin-plots',
  'admin-contributions',
  'admin-payouts',
  'admin-cashouts',
  'admin-users',
  'admin-logs',
  'admin-reports',
  'admin-mirror',
  'exports',
  'imports',
  'dashboard',
  'reports',
  'openapi',
  'admin-benefit-runs',
] as const;
export type Resource = (typeof resources)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * anonymous: no token; refreshToken: the refresh token as Bearer, or the SPA's session cookie (checked
 * by the handler); signedIn: any role's access token; admin: an ADMIN access token.
 */
export type Access = 'anonymous' | 'refreshToken' | 'signedIn' | 'admin';

export interface RouteDefinition {
  method: HttpMethod;
  /** Below API_BASE, with {name} path parameters as API Gateway writes them. */
  path: string;
  resource: Resource;
  access: Access;
  /** JSON Schema of the body (unknown properties refused); a body is refused where none is declared. */
  body?: JSONSchema;
  /** JSON Schema of the query string parameters (all strings). */
  query?: JSONSchema;
  /** JSON Schema of the path parameters, decoded: every {name} of the path has one (a test checks). */
  params?: JSONSchema;
  /** Largest body accepted, in bytes, checked before parsing (DEFAULT_MAX_BODY_BYTES otherwise). */
  maxBodyBytes?: number;
  /** Codes of the product's own rules, answered before the schema's generic ERR_INVALID_DATA_FORMAT. */
  bodyRules?: BodyRules;
  /**
   * The route honours an Idempotency-Key header (http/middleware/idempotency.ts): a repeat of the same
   * request answers the first answer and writes nothing. Only routes with a session: keys are the caller's.
   */
  idempotent?: true;
  /**
   * The SPA's session cookie (http/middleware/session-cookie.ts). Called with the X-Session-Cookie
   * header from the application's own origin, a 'set' route puts the refresh token it issues in an
   * HttpOnly cookie instead of its body, and a 'clear' route removes that cookie; both remove it on a
   * 401. Without the header, the spec's contract holds: the refresh token as Bearer and in the body.
   */
  sessionCookie?: 'set' | 'clear';
  /**
   * A read without side effects, served from the instance's in-memory lists: its handler runs while the
   * session's open state is read (the one read every signed-in call makes, http/middleware/authenticate.ts)
   * instead of after it, and its answer waits for that read, so a closed session still gets a 401 and no rows.
   */
  readAlongsideSessionCheck?: true;
  /**
   * A route made outside the table (a test's) declares its answer here; the table's routes declare
   * theirs in route-answers.ts, which no Lambda imports.
   */
  response?: AnswerDeclaration;
}

/**
 * A success answer: its status and, but for 204, its JSON body's schema (`$id: 'answer/<name>'`, in
 * the resource's file of schemas/). Every answer of the API is JSON (http/middleware/json-response.ts):
 * no route downloads a file or redirects (an export is a job whose status gives an S3 link).
 */
export type AnswerDeclaration = { status: 204 } | { status: 200 | 201 | 202; body: JSONSchema };

/** Every JSON body of the API but the enabler's images and the config file fits in this. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

export interface BodyRules {
  /** The body is not JSON. */
  malformed?: ErrorCode;
  /** There is no body. */
  missing?: ErrorCode;
  /** The body is over the route's size limit (ERR_PAYLOAD_TOO_LARGE otherwise). */
  tooLarge?: ErrorCode;
  /** A rule of the product with its own code, and what its message names (checked before the schema). */
  check?: (body: unknown) => ErrorCode | { code: ErrorCode; details?: unknown } | undefined;
}

// The literal types of each route are kept, so that a handler's request is typed by its route
// (http-handler.ts: a session on signedIn and admin routes, path parameters by name).
const route = <
  const Method extends HttpMethod,
  const Path extends string,
  const Of extends Resource,
  const Who extends Access,
>(
  method: Method,
  path: Path,
  resource: Of,
  access: Who,
  schemas: Pick<
    RouteDefinition,
    'body' | 'query' | 'params' | 'maxBodyBytes' | 'bodyRules' | 'sessionCookie'
  > = {},
) => ({ method, path, resource, access, ...schemas });

/** A list read from memory, which the session check need not hold back (readAlongsideSessionCheck). */
const listRead = <Definition extends RouteDefinition & { method: 'GET'; access: 'signedIn' | 'admin' }>(
  definition: Definition,
) => ({ ...definition, readAlongsideSessionCheck: true as const });

/** Money and creation calls, which a field agent on a poor connection may send twice. */
const idempotent = <Definition extends RouteDefinition & { access: 'signedIn' | 'admin' }>(
  definition: Definition,
) => ({ ...definition, idempotent: true as const });

// Path parameters of the routes, by name.
const id = { params: pathParameters({ id: recordIdParameter }) };
const userId = { params: pathParameters({ id: emailParameter }) };
const enablerIdParams = { params: pathParameters({ enablerId: recordIdParameter }) };
const memberId = { params: pathParameters({ memberId: recordIdParameter }) };
const memberAndPlot = { params: pathParameters({ memberId: recordIdParameter, plotId: recordIdParameter }) };

// Dashboard query strings.
const dashboardSeries = { query: dashboardSeriesQuerySchema };
const dashboardNone = { query: dashboardNoQuerySchema };
const jobId = { params: pathParameters({ id: jobIdParameter }) };
const runId = { params: pathParameters({ id: benefitRunIdParameter }) };

const importBody = {
  body: importRequestSchema,
  maxBodyBytes: MAX_INLINE_IMPORT_BYTES,
} satisfies Pick<RouteDefinition, 'body' | 'maxBodyBytes'>;

// Two images of at most MAX_IMAGE_BYTES each, as base64 data URLs (4 characters per 3 bytes), and a name.
const enablerBody = {
  body: enablerRequestSchema,
  maxBodyBytes: 2 * Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4 * 1024,
  bodyRules: { tooLarge: 'ERR_FILE_TOO_LONG', check: enablerImagesProblem },
} satisfies Pick<RouteDefinition, 'body' | 'maxBodyBytes' | 'bodyRules'>;

const configBody = {
  body: enablerConfigSchema,
  // The config file keeps the upload limit of the spec (section 9: 30 KB).
  maxBodyBytes: 30 * 1024,
  bodyRules: {
    malformed: 'ERR_ENABLERCONFIG_INVALID_JSON',
    missing: 'ERR_ENABLERCONFIG_NO_FILE',
    tooLarge: 'ERR_FILE_TOO_LONG',
    check: enablerConfigProblem,
  },
} satisfies Pick<RouteDefinition, 'body' | 'maxBodyBytes' | 'bodyRules'>;

export const routes = [
  // Auth (spec 7, Auth)
  route('POST', '/auth/login', 'auth', 'anonymous', {
    body: loginRequestSchema,
    sessionCookie: 'set',
  }),
  route('GET', '/auth/refresh', 'auth', 'refreshToken', { sessionCookie: 'set' }),
  route('GET', '/auth/enablerProfile/{enablerId}', 'auth', 'admin', {
    ...enablerIdParams,
    sessionCookie: 'set',
  }),
  route('POST', '/auth/logout', 'auth', 'signedIn', { sessionCookie: 'clear' }),
  route('GET', '/auth/logoutFromEverywhere', 'auth', 'signedIn', { sessionCookie: 'clear' }),
  route('PUT', '/auth/password', 'auth', 'signedIn', {
    body: changePasswordRequestSchema,
  }),
  route('POST', '/register', 'registration', 'anonymous', {
    body: setPasswordRequestSchema,
  }),
  route('POST', '/resetPassword', 'registration', 'anonymous', {
    body: setPasswordRequestSchema,
  }),
  route('POST', '/resetPassword/request', 'registration', 'anonymous', {
    body: resetRequestSchema,
  }),

  // User side
  route('GET', '/me/enabler', 'me', 'signedIn'),
  route('PUT', '/me/language', 'me', 'signedIn', {
    body: languageRequestSchema,
  }),
  // Each table's page size and columns, kept with the account (docs/contract.md, "Preferences").
  route('GET', '/me/preferences', 'me', 'signedIn'),
  route('PUT', '/me/preferences/{table}', 'me', 'signedIn', {
    params: pathParameters({ table: preferenceTableParameter }),
    body: tablePreferencesRequestSchema,
  }),
  listRead(
    route('GET', '/members', 'members', 'signedIn', {
      query: memberListQuerySchema,
    }),
  ),
  idempotent(
    route('POST', '/members', 'members', 'signedIn', {
      body: newMemberRequestSchema,
    }),
  ),
  route('GET', '/members/{id}', 'members', 'signedIn', id),
  route('GET', '/members/{memberId}/plots/{plotId}', 'members', 'signedIn', {
    ...memberAndPlot,
  }),
  idempotent(
    route('POST', '/members/{memberId}/plots', 'members', 'signedIn', {
      ...memberId,
      body: newPlotRequestSchema,
    }),
  ),
  route('POST', '/members/{memberId}/plots/{plotId}', 'members', 'signedIn', {
    ...memberAndPlot,
    body: updatePlotRequestSchema,
  }),
  idempotent(
    route('POST', '/members/{id}/cashouts', 'members', 'signedIn', {
      ...id,
      body: cashoutRequestSchema,
    }),
  ),
  idempotent(
    route('POST', '/members/{id}/contribute', 'members', 'signedIn', {
      ...id,
      body: contributeRequestSchema,
    }),
  ),

  // Admin: enablers, configs, campaigns
  route('GET', '/admin/enablers', 'admin-enablers', 'admin'),
  route('POST', '/admin/enablers', 'admin-enablers', 'admin', {
    ...enablerBody,
  }),
  route('POST', '/admin/enablers/{id}', 'admin-enablers', 'admin', {
    ...id,
    ...enablerBody,
  }),
  route('DELETE', '/admin/enablers/{id}', 'admin-enablers', 'admin', id),
  route('GET', '/admin/enablers/{id}/configs', 'admin-enablers', 'admin', {
    ...id,
  }),
  route('POST', '/admin/enablers/{id}/configs', 'admin-enablers', 'admin', {
    ...id,
    ...configBody,
  }),
  route('GET', '/admin/enablers/{id}/campaigns', 'admin-enablers', 'admin', {
    ...id,
  }),

  // Admin: members, plots, contributions, payouts, cashouts
  idempotent(
    route('POST', '/admin/members', 'admin-members', 'admin', {
      body: adminMemberRequestSchema,
    }),
  ),
  route('POST', '/admin/members/{id}', 'admin-members', 'admin', {
    ...id,
    body: adminMemberRequestSchema,
  }),
  route('DELETE', '/admin/members/{id}', 'admin-members', 'admin', id),
  // A member's deletion whose records a job deletes after it (docs/decisions.md).
  route('GET', '/admin/members/deletions/{id}', 'admin-members', 'admin', jobId),
  // The member's changes, for its page's history tab (docs/contract.md, "Activity").
  route('GET', '/admin/members/{id}/history', 'admin-members', 'admin', {
    ...id,
    query: memberHistoryQuerySchema,
  }),
  listRead(
    route('GET', '/admin/plots', 'admin-plots', 'admin', {
      query: adminPlotListQuerySchema,
    }),
  ),
  idempotent(
    route('POST', '/admin/plots', 'admin-plots', 'admin', {
      body: adminNewPlotRequestSchema,
    }),
  ),
  route('POST', '/admin/plots/{id}', 'admin-plots', 'admin', {
    ...id,
    body: adminUpdatePlotRequestSchema,
  }),
  route('DELETE', '/admin/plots/{id}', 'admin-plots', 'admin', id),
  listRead(
    route('GET', '/admin/contributions', 'admin-contributions', 'admin', {
      query: adminContributionListQuerySchema,
    }),
  ),
  idempotent(
    route('POST', '/admin/contributions', 'admin-contributions', 'admin', {
      body: adminContributionRequestSchema,
    }),
  ),
  route('GET', '/admin/contributions/{id}', 'admin-contributions', 'admin', {
    ...id,
  }),
  route('POST', '/admin/contributions/{id}', 'admin-contributions', 'admin', {
    ...id,
    body: adminContributionRequestSchema,
  }),
  route('DELETE', '/admin/contributions/{id}', 'admin-contributions', 'admin', id),
  listRead(
    route('GET', '/admin/payouts', 'admin-payouts', 'admin', {
      query: adminPayoutListQuerySchema,
    }),
  ),
  idempotent(
    route('POST', '/admin/payouts', 'admin-payouts', 'admin', {
      body: adminNewPayoutRequestSchema,
    }),
  ),
  route('GET', '/admin/payouts/{id}', 'admin-payouts', 'admin', {
    ...id,
  }),
  route('POST', '/admin/payouts/{id}', 'admin-payouts', 'admin', {
    ...id,
    body: adminUpdatePayoutRequestSchema,
  }),
  route('DELETE', '/admin/payouts/{id}', 'admin-payouts', 'admin', id),
  listRead(
    route('GET', '/admin/cashouts', 'admin-cashouts', 'admin', {
      query: adminCashoutListQuerySchema,
    }),
  ),
  // Not in the spec's call list, but its /NewCashout screen needs it (docs/decisions.md).
  idempotent(
    route('POST', '/admin/cashouts', 'admin-cashouts', 'admin', {
      body: adminNewCashoutRequestSchema,
    }),
  ),
  route('GET', '/admin/cashouts/{id}', 'admin-cashouts', 'admin', {
    ...id,
  }),
  route('POST', '/admin/cashouts/{id}', 'admin-cashouts', 'admin', {
    ...id,
    body: adminUpdateCashoutRequestSchema,
  }),
  route('DELETE', '/admin/cashouts/{id}', 'admin-cashouts', 'admin', id),

  // Admin: benefit runs (docs/contract.md, "Benefit runs"): an assessment uploaded, previewed by a job,
  // reviewed by another administrator, paid by a job.
  route('POST', '/admin/benefit-runs/uploads', 'admin-benefit-runs', 'admin'),
  // The covered plots as an assessment file to fill in (a short-lived link to it).
  route('POST', '/admin/benefit-runs/covered-plots', 'admin-benefit-runs', 'admin', {
    body: coveredPlotsRequestSchema,
  }),
  idempotent(
    route('POST', '/admin/benefit-runs', 'admin-benefit-runs', 'admin', {
      body: benefitRunStartRequestSchema,
    }),
  ),
  route('GET', '/admin/benefit-runs', 'admin-benefit-runs', 'admin'),
  route('GET', '/admin/benefit-runs/{id}', 'admin-benefit-runs', 'admin', runId),
  route('GET', '/admin/benefit-runs/{id}/rows', 'admin-benefit-runs', 'admin', {
    ...runId,
    query: benefitRowsQuerySchema,
  }),
  route('GET', '/admin/benefit-runs/{id}/duplicates', 'admin-benefit-runs', 'admin', {
    ...runId,
    query: duplicatesQuerySchema,
  }),
  route('POST', '/admin/benefit-runs/{id}/approve', 'admin-benefit-runs', 'admin', {
    ...runId,
    body: benefitRunReviewRequestSchema,
  }),
  route('POST', '/admin/benefit-runs/{id}/reject', 'admin-benefit-runs', 'admin', {
    ...runId,
    body: benefitRunReviewRequestSchema,
  }),
  route('POST', '/admin/benefit-runs/{id}/cancel', 'admin-benefit-runs', 'admin', {
    ...runId,
    body: benefitRunCancelRequestSchema,
  }),
  route('POST', '/admin/benefit-runs/{id}/resume', 'admin-benefit-runs', 'admin', runId),
  route('POST', '/admin/benefit-runs/{id}/preview', 'admin-benefit-runs', 'admin', runId),
  idempotent(route('POST', '/admin/benefit-runs/{id}/reverse', 'admin-benefit-runs', 'admin', runId)),
  route('GET', '/admin/benefit-runs/{id}/files/{file}', 'admin-benefit-runs', 'admin', {
    params: pathParameters({ id: benefitRunIdParameter, file: benefitRunFileParameter }),
  }),

  // Admin: users (keyed by email in the routes)
  route('GET', '/admin/users', 'admin-users', 'admin'),
  route('POST', '/admin/users', 'admin-users', 'admin', {
    body: newUserRequestSchema,
  }),
  route('POST', '/admin/users/forcePasswordRenew', 'admin-users', 'admin', {
    body: forceRenewRequestSchema,
  }),
  route('POST', '/admin/users/{id}', 'admin-users', 'admin', {
    ...userId,
    body: updateUserRequestSchema,
  }),
  route('DELETE', '/admin/users/{id}', 'admin-users', 'admin', userId),

  // Admin: logs, reports, mirror
  route('GET', '/admin/logs', 'admin-logs', 'admin', {
    query: logListQuerySchema,
  }),
  // The audit trail, named (docs/contract.md, "Activity").
  route('GET', '/admin/activity', 'admin-logs', 'admin', {
    query: activityQuerySchema,
  }),
  route('GET', '/admin/reports', 'admin-reports', 'admin', {
    query: reportListQuerySchema,
  }),
  route('GET', '/admin/mirror', 'admin-mirror', 'admin'),
  route('POST', '/admin/mirror', 'admin-mirror', 'admin'),

  // Data
  // Each export or import is a job run by a queue worker; the screen polls its status (docs/contract.md).
  route('GET', '/exports/members', 'exports', 'admin'),
  route('GET', '/exports/enablers', 'exports', 'admin'),
  route('GET', '/exports/all', 'exports', 'admin'),
  route('GET', '/exports/jobs/{id}', 'exports', 'admin', jobId),
  route('POST', '/imports/all', 'imports', 'admin', importBody),
  route('POST', '/imports/onboard', 'imports', 'admin', {
    ...importBody,
  }),
  route('POST', '/imports/uploads', 'imports', 'admin'),
  route('GET', '/imports/jobs/{id}', 'imports', 'admin', jobId),

  // The mobile app's reports (ANDROID_USER and USER, checked by the handler); read with GET /admin/reports.
  route('POST', '/reports', 'reports', 'signedIn', {
    body: reportRequestSchema,
    maxBodyBytes: MAX_REPORT_BYTES,
  }),

  // Dashboard
  route('GET', '/dashboard/numberOfCoversStartedByDate', 'dashboard', 'signedIn', {
    ...dashboardSeries,
  }),
  route('GET', '/dashboard/totalContributionsByDate', 'dashboard', 'signedIn', {
    ...dashboardSeries,
  }),
  route('GET', '/dashboard/totalBenefitsComputedByDate', 'dashboard', 'signedIn', {
    ...dashboardSeries,
  }),
  route('GET', '/dashboard/totalPendingBenefitsByFederation', 'dashboard', 'signedIn', {
    ...dashboardNone,
  }),
  route('GET', '/dashboard/numberOfCoveredPlots', 'dashboard', 'signedIn', {
    query: dashboardFederationQuerySchema,
  }),
  route('GET', '/dashboard/federations', 'dashboard', 'signedIn', {
    ...dashboardNone,
  }),
  route('GET', '/dashboard/numberOfUnitsToDisplay', 'dashboard', 'signedIn', {
    query: dashboardUnitsQuerySchema,
  }),
  // Repair: recomputes the caller's enabler's aggregates from its records (docs/decisions.md).
  route('POST', '/dashboard/rebuild', 'dashboard', 'admin'),
  route('GET', '/dashboard/rebuild/{id}', 'dashboard', 'admin', {
    ...jobId,
  }),

  // The contract itself (docs/openapi.json, generated from this table): anonymous, it holds no secret.
  route('GET', '/openapi.json', 'openapi', 'anonymous'),
] as const satisfies readonly RouteDefinition[];

/** A route of the table with its literal method, path, resource and access. */
export type TableRoute = (typeof routes)[number];
export type RouteKey<Definition extends Pick<RouteDefinition, 'method' | 'path'>> =
  `${Definition['method']} ${Definition['path']}`;
/** The routes of one resource, each with its literal types. */
export type RoutesOf<Of extends Resource> = Extract<TableRoute, { resource: Of }>;

export const routeKey = (r: Pick<RouteDefinition, 'method' | 'path'>): string => `${r.method} ${r.path}`;

export const routesOf = (resource: Resource): RouteDefinition[] =>
  routes.filter((r: RouteDefinition) => r.resource === resource);

/** The object-valued properties of a route that are not a request's JSON Schema. */
const notRequestSchemas: readonly (keyof RouteDefinition)[] = ['bodyRules', 'response'];

/**
 * Every JSON Schema of a request a route declares (body, query, params, and whatever part of a request
 * a route may describe later), named by its property: the validators are generated from this list.
 */
export const routeSchemas = (route: Partial<RouteDefinition>): [part: string, schema: JSONSchema][] =>
  Object.entries(route).filter(
    (entry): entry is [string, JSONSchema] =>
      !(notRequestSchemas as string[]).includes(entry[0]) &&
      typeof entry[1] === 'object' &&
      entry[1] !== null,
  );
