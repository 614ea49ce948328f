import type { RouteObject } from 'react-router-dom';
import type { Role } from '../api/auth.ts';
import { ErrorPage } from '../pages/error/index.tsx';
import type { AdminScreen } from './admin-pages.ts';
import { lazyPage, type LazyPage } from './lazy-page.ts';
import { screenCode } from './screen-code.ts';
import { loadAdminTexts } from '../i18n/index.ts';
import type { ComponentType } from 'react';

/** An administrator's screen: its code and the administrators' texts (kept off the login page's path). */
const adminLazyPage = (load: () => Promise<ComponentType>) =>
  lazyPage(async () => (await Promise.all([load(), loadAdminTexts()]))[0]);
import { screens, type ScreenAccess, type ScreenId } from '../navigation/screens.ts';

/** An administrator's screen, through the one module that holds their lazy imports (admin-pages.ts). */
const adminPage = (screen: AdminScreen) =>
  adminLazyPage(async () => (await import('./admin-pages.ts')).loadAdminPage(screen));
const LoginPage = lazyPage(screenCode.login);
const NotAuthorizedPage = lazyPage(
  async () => (await import('../pages/not-authorized/index.tsx')).NotAuthorizedPage,
);
const NotAvailablePage = lazyPage(
  async () => (await import('../pages/not-available/index.tsx')).NotAvailablePage,
);

/** One lazy page for both enabler forms (one code), so switching between them keeps it. */
const enablerFormPage = adminPage('newEnabler');

/** The built screens' pages; the others show the shared "not available yet" page. */
const pages: Partial<Record<ScreenId, LazyPage>> = {
  login: LoginPage,
  register: lazyPage(screenCode.register),
  resetPassword: lazyPage(screenCode.resetPassword),
  home: lazyPage(screenCode.home),
  dashboard: lazyPage(screenCode.dashboard),
  members: lazyPage(screenCode.members),
  onboarding: lazyPage(screenCode.onboarding),
  member: lazyPage(screenCode.member),
  newPlot: lazyPage(screenCode.newPlot),
  plot: lazyPage(screenCode.plot),
  account: lazyPage(screenCode.account),
  waiting: lazyPage(screenCode.waiting),
  adminEnablers: adminPage('adminEnablers'),
  adminUsers: adminPage('adminUsers'),
  adminLogs: adminPage('adminLogs'),
  adminReports: adminPage('adminReports'),
  adminDatas: adminPage('adminDatas'),
  enablerConfigs: adminPage('enablerConfigs'),
  enablerConfig: adminPage('enablerConfig'),
  newEnablerConfig: adminPage('newEnablerConfig'),
  newEnabler: enablerFormPage,
  updateEnabler: enablerFormPage,
  newUser: adminPage('newUser'),
  updateUser: adminPage('updateUser'),
  adminMembers: adminPage('adminMembers'),
  newMember: adminPage('newMember'),
  updateMember: adminPage('updateMember'),
  adminFields: adminPage('adminFields'),
  newField: adminPage('newField'),
  updateField: adminPage('updateField'),
  adminContributions: adminPage('adminContributions'),
  newContribution: adminPage('newContribution'),
  updateContribution: adminPage('updateContribution'),
  adminPayouts: adminPage('adminPayouts'),
  newPayout: adminPage('newPayout'),
  updatePayout: adminPage('updatePayout'),
  adminCashouts: adminPage('adminCashouts'),
  newCashout: adminPage('newCashout'),
  updateCashout: adminPage('updateCashout'),
  apiReference: adminPage('apiReference'),
  adminBenefitRuns: adminPage('adminBenefitRuns'),
  newBenefitRun: adminPage('newBenefitRun'),
  benefitRun: adminPage('benefitRun'),
};

export interface ScreenRoute {
  /** React Router path, with :name parameters. */
  path: string;
  screen: ScreenId;
  /** The screen's page; screens not built yet show the shared "not available yet" page. */
  page?: LazyPage;
}

const routesOf = (access: ScreenAccess): readonly ScreenRoute[] =>
  screens
    .filter((screen) => screen.access === access)
    .map(({ id, path }) => ({ path, screen: id, page: pages[id] }));

/** Spec section 2, anonymous routes. */
export const anonymousRoutes = routesOf('anonymous');

/** Spec section 2, signed-in routes of every role. */
export const signedInRoutes = routesOf('signedIn');

/** Spec section 2, administrator-only routes: not registered at all for the other roles. */
export const adminRoutes = routesOf('admin');

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
