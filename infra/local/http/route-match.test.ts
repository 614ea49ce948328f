import { describe, expect, it } from 'vitest';
import { isApiPath, matchRoute } from './route-match.ts';

describe('matchRoute', () => {
  it('should pick the resource of a route with parameters', () => {
    expect(matchRoute('GET', '/api/members/m-1/plots/p-2')).toEqual({
      target: 'members',
      routeKey: 'GET /api/members/{memberId}/plots/{plotId}',
    });
  });

  it('should prefer a literal segment over a parameter', () => {
    expect(matchRoute('POST', '/api/admin/users/forcePasswordRenew').routeKey).toBe(
      'POST /api/admin/users/forcePasswordRenew',
    );
  });

  it('should send unknown paths and unrouted methods to the not-found function', () => {
    expect(matchRoute('GET', '/api/nothing-here').target).toBe('not-found');
    expect(matchRoute('DELETE', '/api/members').target).toBe('not-found');
    expect(matchRoute('GET', '/api/members/').target).toBe('not-found');
  });

  it('should not let a parameter span several segments', () => {
    expect(matchRoute('GET', '/api/members/a/b').target).toBe('not-found');
  });
});

describe('isApiPath', () => {
  it('should only take /api and what is below it', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/members')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
  });
});
