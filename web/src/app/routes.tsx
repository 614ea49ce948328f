import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Role } from '../api/auth.ts';
import { AccountPage } from '../pages/account/index.tsx';
import { AdminEnablersPage } from '../pages/admin-enablers/index.tsx';
import { AdminUsersPage } from '../pages/admin-users/index.tsx';
import { NewUserPage, UpdateUserPage } from '../pages/admin-users/user-form/index.tsx';
import { EnablerConfigPage } from '../pages/enabler-config/index.tsx';
import { EnablerConfigsPage } from '../pages/enabler-configs/index.tsx';
import { EnablerFormPage } from '../pages/enabler-form/index.tsx';
import { ErrorPage } from '../pages/error/index.tsx';
import { HomePage } from '../pages/home/index.tsx';
import { LoginPage } from '../pages/login/index.tsx';
import { MemberPage } from '../pages/member/index.tsx';
import { MembersPage } from '../pages/members/index.tsx';
import { NewEnablerConfigPage } from '../pages/new-enabler-config/index.tsx';
import { NewPlotPage } from '../pages/new-plot/index.tsx';
import { NotAuthorizedPage } from '../pages/not-authorized/index.tsx';
import { NotAvailablePage } from '../pages/not-available/index.tsx';
import { OnboardingPage } from '../pages/onboarding/index.tsx';
import { PlotPage } from '../pages/plot/index.tsx';
import { RegisterPage, ResetPasswordPage } from '../pages/set-password/index.tsx';
import type { ScreenId } from './screens.ts';

export interface ScreenRoute {
  /** React Router path, with :name parameters. */
  path: string;
  screen: ScreenId;
  /** The screen's page; screens not built yet show the shared "not available yet" page. */
  page?: ComponentType;
}

/** Spec section 2, anonymous routes. */
export const anonymousRoutes: readonly ScreenRoute[] = [
  { path: '/', screen: 'login', page: LoginPage },
  { path: '/register/:token', screen: 'register', page: RegisterPage },
  { path: '/resetPassword/:token', screen: 'resetPassword', page: ResetPasswordPage },
];

/** Spec section 2, signed-in routes of every role. */
export const signedInRoutes: readonly ScreenRoute[] = [
  { path: '/', screen: 'home', page: HomePage },
  { path: '/Dashboard', screen: 'dashboard' },
  { path: '/Members', screen: 'members', page: MembersPage },
  { path: '/Onboarding', screen: 'onboarding', page: OnboardingPage },
  { path: '/Member/:id', screen: 'member', page: MemberPage },
  { path: '/Member/:memberId/Field', screen: 'newPlot', page: NewPlotPage },
  { path: '/Member/:memberId/Field/:plotId', screen: 'plot', page: PlotPage },
  { path: '/Account', screen: 'account', page: AccountPage },
];

/** Spec section 2, administrator-only routes: not registered at all for the other roles. */
export const adminRoutes: readonly ScreenRoute[] = [
  { path: '/AdminMembers', screen: 'adminMembers' },
  { path: '/AdminEnablers', screen: 'adminEnablers', page: AdminEnablersPage },
  { path: '/AdminFields', screen: 'adminFields' },
  { path: '/AdminContributions', screen: 'adminContributions' },
  { path: '/AdminPayouts', screen: 'adminPayouts' },
  { path: '/AdminCashouts', screen: 'adminCashouts' },
  { path: '/AdminUsers', screen: 'adminUsers', page: AdminUsersPage },
  { path: '/AdminLogs', screen: 'adminLogs' },
  { path: '/AdminDatas', screen: 'adminDatas' },
  { path: '/AdminReports', screen: 'adminReports' },
  { path: '/NewMember', screen: 'newMember' },
  { path: '/UpdateMember/:id', screen: 'updateMember' },
  { path: '/Enabler/:id/Configs', screen: 'enablerConfigs', page: EnablerConfigsPage },
  { path: '/Enabler/:enablerId/Config/:configId', screen: 'enablerConfig', page: EnablerConfigPage },
  { path: '/Enabler/:id/NewConfig', screen: 'newEnablerConfig', page: NewEnablerConfigPage },
  { path: '/NewEnabler', screen: 'newEnabler', page: EnablerFormPage },
  { path: '/UpdateEnabler/:id', screen: 'updateEnabler', page: EnablerFormPage },
  { path: '/NewUser', screen: 'newUser', page: NewUserPage },
  { path: '/UpdateUser/:email', screen: 'updateUser', page: UpdateUserPage },
  { path: '/NewField', screen: 'newField' },
  { path: '/UpdateField/:memberId/Field/:id', screen: 'updateField' },
  { path: '/NewContribution', screen: 'newContribution' },
  { path: '/UpdateContribution/:id', screen: 'updateContribution' },
  { path: '/NewPayout', screen: 'newPayout' },
  { path: '/UpdatePayout/:id', screen: 'updatePayout' },
  { path: '/NewCashout', screen: 'newCashout' },
  { path: '/UpdateCashout/:id', screen: 'updateCashout' },
];

/** The screen routes a visitor may open: null for a signed-out visitor. */
export function screenRoutesFor(role: Role | null): readonly ScreenRoute[] {
  if (role === null) return anonymousRoutes;
  return role === 'ADMIN' ? [...signedInRoutes, ...adminRoutes] : signedInRoutes;
}

const toRouteObject = ({ path, screen, page: Page }: ScreenRoute): RouteObject => ({
  path,
  element: Page ? <Page /> : <NotAvailablePage screen={screen} />,
});

/** The React Router table for a visitor, with what answers any other address. */
export function routesFor(role: Role | null): RouteObject[] {
  const screens = screenRoutesFor(role).map(toRouteObject);
  if (role === null) {
    // A signed-out visitor following a link sees the login page at that address, and the page itself once signed in.
    return [...screens, { path: '*', element: <LoginPage /> }];
  }
  return [
    ...screens,
    { path: '/error', element: <ErrorPage /> },
    { path: '*', element: <NotAuthorizedPage /> },
  ];
}
