import { describe, expect, it } from 'vitest';
import { answerOf } from './route-answers.ts';
import { resources, routeKey, routes, type RouteDefinition } from './routes.ts';

/** Every call of section 7 of the product spec, transcribed by hand so the route table is checked against it. */
const specCalls = [
  'POST /auth/login',
  'GET /auth/refresh',
  'GET /auth/enablerProfile/{enablerId}',
  'GET /auth/logoutFromEverywhere',
  'PUT /auth/password',
  'POST /register',
  'POST /resetPassword',
  'POST /resetPassword/request',
  'GET /me/enabler',
  'GET /members',
  'GET /members/{id}',
  'GET /members/{memberId}/plots/{plotId}',
  'POST /members',
  'POST /members/{memberId}/plots',
  'POST /members/{memberId}/plots/{plotId}',
  'POST /members/{id}/cashouts',
  'POST /members/{id}/contribute',
  'GET /admin/enablers',
  'GET /admin/enablers/{id}/configs',
  'POST /admin/enablers/{id}/configs',
  'GET /admin/enablers/{id}/campaigns',
  'POST /admin/enablers',
  'POST /admin/enablers/{id}',
  'DELETE /admin/enablers/{id}',
  'GET /admin/plots',
  'GET /admin/contributions',
  'GET /admin/payouts',
  'GET /admin/cashouts',
  'GET /admin/contributions/{id}',
  'DELETE /admin/contributions/{id}',
  'GET /admin/payouts/{id}',
  'DELETE /admin/payouts/{id}',
  'GET /admin/cashouts/{id}',
  'DELETE /admin/cashouts/{id}',
  'DELETE /admin/plots/{id}',
  'POST /admin/members',
  'POST /admin/members/{id}',
  'DELETE /admin/members/{id}',
  'GET /admin/users',
  'POST /admin/users',
  'POST /admin/users/{id}',
  'DELETE /admin/users/{id}',
  'POST /admin/users/forcePasswordRenew',
  'POST /admin/plots',
  'POST /admin/plots/{id}',
  'POST /admin/contributions',
  'POST /admin/contributions/{id}',
  'POST /admin/payouts',
  'POST /admin/payouts/{id}',
  'POST /admin/cashouts/{id}',
  'GET /admin/logs',
  'GET /admin/reports',
  'GET /exports/members',
  'GET /exports/enablers',
  'GET /exports/all',
  'POST /imports/all',
  'POST /imports/onboard',
  'GET /admin/mirror',
  'POST /admin/mirror',
  'GET /dashboard/numberOfCoversStartedByDate',
  'GET /dashboard/totalContributionsByDate',
  'GET /dashboard/totalBenefitsComputedByDate',
  'GET /dashboard/totalPendingBenefitsByFederation',
  'GET /dashboard/numberOfCoveredPlots',
  'GET /dashboard/federations',
  'GET /dashboard/numberOfUnitsToDisplay',
];

const anonymousCalls = [
  'POST /auth/login',
  'POST /register',
  'POST /resetPassword',
  'POST /resetPassword/request',
  // The API's contract: public by choice, it holds no secret (docs/decisions.md).
  'GET /openapi.json',
];

describe('route table', () => {
  const keys = routes.map(routeKey);

  it('routes every call of the spec', () => {
    const missing = specCalls.filter((call) => !keys.includes(call));
    expect(missing).toEqual([]);
  });

  it('routes each method and path once', () => {
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lets only the spec’s anonymous calls through without a token', () => {
    const anonymous = routes.filter((r) => r.access === 'anonymous').map(routeKey);
    expect(anonymous.sort()).toEqual([...anonymousCalls].sort());
  });

  it('keeps every /admin, /exports and /imports call for administrators', () => {
    const adminPaths = routes.filter((r) => /^\/(admin|exports|imports)\//.test(r.path));
    expect(adminPaths.length).toBeGreaterThan(40);
    for (const r of adminPaths) expect(r.access, routeKey(r)).toBe('admin');
  });

  it('gives every path parameter a schema with a pattern and a maximum length, and no route an extra one', () => {
    for (const r of routes) {
      const names = [...r.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const params = r.params as
        | { required?: string[]; properties?: Record<string, { pattern?: string; maxLength?: number }> }
        | undefined;
      expect(Object.keys(params?.properties ?? {}).sort(), routeKey(r)).toEqual([...names].sort());
      expect([...(params?.required ?? [])].sort(), routeKey(r)).toEqual([...names].sort());
      for (const name of names) {
        expect(params?.properties?.[name as string]?.pattern, `${routeKey(r)} ${name}`).toBeTruthy();
        expect(params?.properties?.[name as string]?.maxLength, `${routeKey(r)} ${name}`).toBeLessThanOrEqual(
          254,
        );
      }
    }
  });

  it('honours an Idempotency-Key on the money and creation calls, each one with a session', () => {
    const idempotent = routes.filter((r: RouteDefinition) => r.idempotent);
    expect(idempotent.map(routeKey).sort()).toEqual(
      [
        'POST /members',
        'POST /members/{memberId}/plots',
        'POST /members/{id}/cashouts',
        'POST /members/{id}/contribute',
        'POST /admin/contributions',
        'POST /admin/payouts',
        'POST /admin/cashouts',
        'POST /admin/members',
        'POST /admin/plots',
        'POST /admin/benefit-runs',
        'POST /admin/benefit-runs/{id}/reverse',
      ].sort(),
    );
    for (const r of idempotent) expect(['signedIn', 'admin'], routeKey(r)).toContain(r.access);
  });

  it('offers a logout of the current session to every signed-in caller', () => {
    expect(routes.find((r) => routeKey(r) === 'POST /auth/logout')?.access).toBe('signedIn');
  });

  it('gives every resource at least one route', () => {
    for (const resource of resources)
      expect(
        routes.some((r) => r.resource === resource),
        resource,
      ).toBe(true);
  });

  it('declares each success answer: a status, and a body schema with its answer/ $id unless 204', () => {
    for (const route of routes as readonly RouteDefinition[]) {
      const declared = answerOf(route);
      if (!declared) continue;
      const body = 'body' in declared ? declared.body : undefined;
      expect(body === undefined, routeKey(route)).toBe(declared.status === 204);
      if (body) expect((body as { $id?: string }).$id, routeKey(route)).toMatch(/^answer\//u);
    }
  });

  it('declares the answer of every route', () => {
    const missing = (routes as readonly RouteDefinition[]).filter((r) => !answerOf(r)).map(routeKey);
    expect(missing).toEqual([]);
  });
});
