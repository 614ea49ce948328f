import {
  adminCashoutAnswerSchema,
  adminCashoutPageAnswerSchema,
  adminContributionAnswerSchema,
  adminContributionPageAnswerSchema,
  adminEnablerAnswerSchema,
  adminEnablerListAnswerSchema,
  adminPayoutAnswerSchema,
  adminPayoutPageAnswerSchema,
  adminPlotPageAnswerSchema,
  campaignListAnswerSchema,
  cashoutAnswerSchema,
  contributionAnswerSchema,
  createdIdAnswerSchema,
  dashboardCoveredPlotsAnswerSchema,
  dashboardFederationsAnswerSchema,
  dashboardPendingBenefitsAnswerSchema,
  dashboardRebuildAnswerSchema,
  dashboardSeriesAnswerSchema,
  dashboardUnitsAnswerSchema,
  dataJobAnswerSchema,
  enablerConfigListAnswerSchema,
  enablerConfigVersionAnswerSchema,
  importUploadAnswerSchema,
  languageAnswerSchema,
  logListAnswerSchema,
  managedUserAnswerSchema,
  managedUserListAnswerSchema,
  memberDetailAnswerSchema,
  memberListAnswerSchema,
  mirrorJobAnswerSchema,
  myEnablerAnswerSchema,
  openApiAnswerSchema,
  passwordChangedAnswerSchema,
  plotAnswerSchema,
  reportCreatedAnswerSchema,
  reportListAnswerSchema,
  resetRequestAnswerSchema,
  sessionsRevokedAnswerSchema,
  signedInAnswerSchema,
  type JSONSchema,
} from '@cpbo/schemas';
import { routeKey, type AnswerDeclaration, type RouteDefinition, type TableRoute } from './routes.ts';

/** The key of each route of the table ("POST /auth/login"). */
type TableRouteKey = TableRoute extends infer Each
  ? Each extends Pick<RouteDefinition, 'method' | 'path'>
    ? `${Each['method']} ${Each['path']}`
    : never
  : never;

/** A JSON answer, 200 unless said. */
export const answer = (body: JSONSchema, status: 200 | 201 | 202 = 200): AnswerDeclaration => ({
  status,
  body,
});
/** An answer without a body. */
export const noContent: AnswerDeclaration = { status: 204 };

/**
 * The success answer of every route of the table, by its key: the route table's other half. It is
 * read by the tests' check of every answer (http/middleware/answer-check.ts), the OpenAPI document and
 * the SPA's types, never by a Lambda: the answers' schemas stay out of the functions' bundles. A route
 * without its answer, or an answer without its route, does not compile.
 */
export const routeAnswers = {
  'POST /auth/login': answer(signedInAnswerSchema),
  'GET /auth/refresh': answer(signedInAnswerSchema),
  'GET /auth/enablerProfile/{enablerId}': answer(signedInAnswerSchema),
  'POST /auth/logout': noContent,
  'GET /auth/logoutFromEverywhere': answer(sessionsRevokedAnswerSchema),
  'PUT /auth/password': answer(passwordChangedAnswerSchema),
  'POST /register': answer(passwordChangedAnswerSchema),
  'POST /resetPassword': answer(passwordChangedAnswerSchema),
  'POST /resetPassword/request': answer(resetRequestAnswerSchema),
  'GET /me/enabler': answer(myEnablerAnswerSchema),
  'PUT /me/language': answer(languageAnswerSchema),
  'GET /members': answer(memberListAnswerSchema),
  'POST /members': answer(createdIdAnswerSchema, 201),
  'GET /members/{id}': answer(memberDetailAnswerSchema),
  'GET /members/{memberId}/plots/{plotId}': answer(plotAnswerSchema),
  'POST /members/{memberId}/plots': answer(createdIdAnswerSchema, 201),
  'POST /members/{memberId}/plots/{plotId}': answer(plotAnswerSchema),
  'POST /members/{id}/cashouts': answer(cashoutAnswerSchema, 201),
  'POST /members/{id}/contribute': answer(contributionAnswerSchema, 201),
  'GET /admin/enablers': answer(adminEnablerListAnswerSchema),
  'POST /admin/enablers': answer(adminEnablerAnswerSchema, 201),
  'POST /admin/enablers/{id}': answer(adminEnablerAnswerSchema),
  'DELETE /admin/enablers/{id}': noContent,
  'GET /admin/enablers/{id}/configs': answer(enablerConfigListAnswerSchema),
  'POST /admin/enablers/{id}/configs': answer(enablerConfigVersionAnswerSchema, 201),
  'GET /admin/enablers/{id}/campaigns': answer(campaignListAnswerSchema),
  'POST /admin/members': answer(createdIdAnswerSchema, 201),
  'POST /admin/members/{id}': noContent,
  'DELETE /admin/members/{id}': noContent,
  'GET /admin/plots': answer(adminPlotPageAnswerSchema),
  'POST /admin/plots': answer(createdIdAnswerSchema, 201),
  'POST /admin/plots/{id}': noContent,
  'DELETE /admin/plots/{id}': noContent,
  'GET /admin/contributions': answer(adminContributionPageAnswerSchema),
  'POST /admin/contributions': answer(createdIdAnswerSchema, 201),
  'GET /admin/contributions/{id}': answer(adminContributionAnswerSchema),
  'POST /admin/contributions/{id}': noContent,
  'DELETE /admin/contributions/{id}': noContent,
  'GET /admin/payouts': answer(adminPayoutPageAnswerSchema),
  'POST /admin/payouts': answer(createdIdAnswerSchema, 201),
  'GET /admin/payouts/{id}': answer(adminPayoutAnswerSchema),
  'POST /admin/payouts/{id}': noContent,
  'DELETE /admin/payouts/{id}': noContent,
  'GET /admin/cashouts': answer(adminCashoutPageAnswerSchema),
  'POST /admin/cashouts': answer(createdIdAnswerSchema, 201),
  'GET /admin/cashouts/{id}': answer(adminCashoutAnswerSchema),
  'POST /admin/cashouts/{id}': noContent,
  'DELETE /admin/cashouts/{id}': noContent,
  'GET /admin/users': answer(managedUserListAnswerSchema),
  'POST /admin/users': answer(managedUserAnswerSchema, 201),
  'POST /admin/users/forcePasswordRenew': noContent,
  'POST /admin/users/{id}': answer(managedUserAnswerSchema),
  'DELETE /admin/users/{id}': noContent,
  'GET /admin/logs': answer(logListAnswerSchema),
  'GET /admin/reports': answer(reportListAnswerSchema),
  'GET /admin/mirror': answer(mirrorJobAnswerSchema),
  'POST /admin/mirror': answer(mirrorJobAnswerSchema, 202),
  'GET /exports/members': answer(dataJobAnswerSchema, 202),
  'GET /exports/enablers': answer(dataJobAnswerSchema, 202),
  'GET /exports/all': answer(dataJobAnswerSchema, 202),
  'GET /exports/jobs/{id}': answer(dataJobAnswerSchema),
  'POST /imports/all': answer(dataJobAnswerSchema, 202),
  'POST /imports/onboard': answer(dataJobAnswerSchema, 202),
  'POST /imports/uploads': answer(importUploadAnswerSchema, 201),
  'GET /imports/jobs/{id}': answer(dataJobAnswerSchema),
  'POST /reports': answer(reportCreatedAnswerSchema, 201),
  'GET /dashboard/numberOfCoversStartedByDate': answer(dashboardSeriesAnswerSchema),
  'GET /dashboard/totalContributionsByDate': answer(dashboardSeriesAnswerSchema),
  'GET /dashboard/totalBenefitsComputedByDate': answer(dashboardSeriesAnswerSchema),
  'GET /dashboard/totalPendingBenefitsByFederation': answer(dashboardPendingBenefitsAnswerSchema),
  'GET /dashboard/numberOfCoveredPlots': answer(dashboardCoveredPlotsAnswerSchema),
  'GET /dashboard/federations': answer(dashboardFederationsAnswerSchema),
  'GET /dashboard/numberOfUnitsToDisplay': answer(dashboardUnitsAnswerSchema),
  'POST /dashboard/rebuild': answer(dashboardRebuildAnswerSchema, 202),
  'GET /dashboard/rebuild/{id}': answer(dashboardRebuildAnswerSchema),
  'GET /openapi.json': answer(openApiAnswerSchema),
} as const satisfies Record<TableRouteKey, AnswerDeclaration>;

/** The answer a route declares: its own (a test's route), or the table's. */
export const answerOf = (route: RouteDefinition): AnswerDeclaration | undefined =>
  route.response ?? (routeAnswers as Record<string, AnswerDeclaration | undefined>)[routeKey(route)];
