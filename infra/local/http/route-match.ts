import { API_BASE, routes } from '@cpbo/functions/http/routes.ts';
import type { HttpTarget } from '../functions-code.ts';

export interface RouteMatch {
  target: HttpTarget;
  /** As API Gateway writes it: the matched route, or the catch-all route of the not-found function. */
  routeKey: string;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

const compiled = routes
  .map((route) => {
    const path = `${API_BASE}${route.path}`;
    const pattern = escapeRegExp(path).replace(/\{[^/}]+\}/g, '[^/]+');
    return {
      method: route.method as string,
      resource: route.resource,
      routeKey: `${route.method} ${path}`,
      pattern: new RegExp(`^${pattern}$`),
      parameters: (path.match(/\{/g) ?? []).length,
    };
  })
  // A literal segment beats a {parameter}, as in API Gateway (POST /admin/users/forcePasswordRenew).
  .sort((a, b) => a.parameters - b.parameters);

export const isApiPath = (path: string): boolean => path === API_BASE || path.startsWith(`${API_BASE}/`);

/** The resource whose Lambda answers this call; every other /api call goes to the not-found function. */
export const matchRoute = (method: string, path: string): RouteMatch => {
  const route = compiled.find((candidate) => candidate.method === method && candidate.pattern.test(path));
  return route
    ? { target: route.resource, routeKey: route.routeKey }
    : { target: 'not-found', routeKey: `ANY ${API_BASE}/{proxy+}` };
};
