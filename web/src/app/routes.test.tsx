import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api.ts';
import { renderApp, setSessionMarker, signedInRoutes } from '../test/render-app.tsx';
import {
  adminRoutes,
  anonymousRoutes,
  screenRoutesFor,
  signedInRoutes as allRolesRoutes,
} from './routes.tsx';

const paths = (routes: readonly { path: string }[]) => routes.map(({ path }) => path);

// Spec section 2, written out again so that a route dropped from the table fails here.
const specAdminPaths = [
  '/AdminMembers',
  '/AdminEnablers',
  '/AdminFields',
  '/AdminContributions',
  '/AdminPayouts',
  '/AdminCashouts',
  // Issue 28: benefit runs, their upload and each run.
  '/AdminBenefitRuns',
  '/AdminUsers',
  '/AdminLogs',
  '/AdminDatas',
  '/AdminReports',
  '/NewMember',
  '/UpdateMember/:id',
  '/Enabler/:id/Configs',
  '/Enabler/:enablerId/Config/:configId',
  '/Enabler/:id/NewConfig',
  '/NewEnabler',
  '/UpdateEnabler/:id',
  '/NewUser',
  '/UpdateUser/:email',
  '/NewField',
  '/UpdateField/:memberId/Field/:id',
  '/NewContribution',
  '/UpdateContribution/:id',
  '/NewPayout',
  '/UpdatePayout/:id',
  '/NewCashout',
  '/UpdateCashout/:id',
  // Issue 17: the API's reference, rendered from its OpenAPI document.
  '/ApiReference',
  '/NewBenefitRun',
  '/BenefitRun/:id',
];

describe('route sets', () => {
  it('should hold the routes of the spec', () => {
    expect(paths(anonymousRoutes)).toEqual(['/', '/register/:token', '/resetPassword/:token']);
    expect(paths(allRolesRoutes)).toEqual([
      '/',
      '/Dashboard',
      '/Members',
      '/Onboarding',
      '/Member/:id',
      '/Member/:memberId/Field',
      '/Member/:memberId/Field/:plotId',
      '/Account',
      // The writes kept on a field agent's device (offline field work).
      '/Waiting',
    ]);
    expect(paths(adminRoutes)).toEqual(specAdminPaths);
  });

  it.each(['USER', 'ANDROID_USER'] as const)('should not register any admin route for %s', (role) => {
    const registered = paths(screenRoutesFor(role));
    expect(registered).toEqual(paths(allRolesRoutes));
    expect(registered.filter((path) => specAdminPaths.includes(path))).toEqual([]);
  });

  it('should register every route for ADMIN', () => {
    expect(paths(screenRoutesFor('ADMIN'))).toEqual([...paths(allRolesRoutes), ...specAdminPaths]);
  });

  it('should give a signed-out visitor the anonymous routes only', () => {
    expect(screenRoutesFor(null)).toBe(anonymousRoutes);
  });
});

describe('routing', () => {
  it('should answer an admin address with "Page not authorized" for a USER', async () => {
    setSessionMarker();
    fakeApi(signedInRoutes('USER'));
    renderApp('/AdminUsers');

    expect(await screen.findByRole('heading', { name: 'Page not authorized' })).toBeTruthy();
    expect(screen.queryByText('This screen is not available yet.')).toBeNull();
  });

  it('should open the same address for an ADMIN', async () => {
    setSessionMarker();
    fakeApi({ ...signedInRoutes('ADMIN'), 'GET /api/admin/users': { body: [] } });
    renderApp('/AdminUsers');

    expect(await screen.findByRole('heading', { name: /Users/ })).toBeTruthy();
    expect(screen.queryByText('Page not authorized')).toBeNull();
  });

  it('should show the admin menu to an ADMIN only', async () => {
    setSessionMarker();
    fakeApi(signedInRoutes('ADMIN'));
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome Ada Admin' });
    expect(screen.getByRole('link', { name: 'Paid benefits' }).getAttribute('href')).toBe('/AdminCashouts');
  });

  it('should not show the admin menu to a USER', async () => {
    setSessionMarker();
    fakeApi(signedInRoutes('USER'));
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome Asha Agent' });
    expect(screen.getByRole('link', { name: 'Onboarding' }).getAttribute('href')).toBe('/Onboarding');
    expect(screen.queryByText('Administration')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Paid benefits' })).toBeNull();
  });

  it('should render a member route with its parameters for every role', async () => {
    setSessionMarker();
    fakeApi(signedInRoutes('ANDROID_USER'));
    renderApp('/Member/m-1/Field/p-2');
    expect(await screen.findByRole('heading', { name: 'Plot' })).toBeTruthy();
  });

  it('should show the login page at any address when signed out', async () => {
    fakeApi({});
    renderApp('/Members');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('should show the set-password placeholder at a register link when signed out', async () => {
    fakeApi({});
    renderApp('/register/abc');
    expect(await screen.findByRole('heading', { name: 'Create your password' })).toBeTruthy();
  });
});
