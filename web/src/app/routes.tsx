import type { RouteObject } from 'react-router-dom';
import { matchPath } from 'react-router-dom';
import type { Role } from '../api/auth.ts';
import { ErrorPage } from '../pages/error/index.tsx';
import type { AdminRecordScreen } from './admin-record-pages.ts';
import { lazyPage, type LazyPage } from './lazy-page.ts';
import { loadAdminTexts } from '../i18n/index.ts';
import type { ComponentType } from 'react';

/** An administrator's screen: its code and the administrators' texts (kept off the login page's path). */
const adminLazyPage = (load: () => Promise<ComponentType>) =>
  lazyPage(async () => (await Promise.all([load(), loadAdminTexts()]))[0]);
import { screens, type ScreenAccess, type ScreenId } from './screens.ts';

const AccountPage = lazyPage(async () => (await import('../pages/account/index.tsx')).AccountPage);
const AdminEnablersPage = adminLazyPage(
  async () => (await import('../pages/admin-enablers/index.tsx')).AdminEnablersPage,
);
const AdminLogsPage = adminLazyPage(
  async () => (await import('../pages/admin-logs/index.tsx')).AdminLogsPage,
);
const AdminReportsPage = adminLazyPage(
  async () => (await import('../pages/admin-reports/index.tsx')).AdminReportsPage,
);
const AdminDatasPage = adminLazyPage(
  async () => (await import('../pages/admin-datas/index.tsx')).AdminDatasPage,
);
/*
 * The administrator's record screens load through one small module that holds their own lazy imports:
 * the entry chunk carries one import and its preload list instead of fifteen (the login page's budget).
 */
const adminRecordPage = (screen: AdminRecordScreen) =>
  adminLazyPage(async () => (await import('./admin-record-pages.ts')).loadAdminRecordPage(screen));
const AdminUsersPage = adminLazyPage(
  async () => (await import('../pages/admin-users/index.tsx')).AdminUsersPage,
);
const NewUserPage = adminLazyPage(
  async () => (await import('../pages/admin-users/user-form/index.tsx')).NewUserPage,
);
const UpdateUserPage = adminLazyPage(
  async () => (await import('../pages/admin-users/user-form/index.tsx')).UpdateUserPage,
);
const DashboardPage = lazyPage(async () => (await import('../pages/dashboard/index.tsx')).DashboardPage);
const EnablerConfigPage = adminLazyPage(
  async () => (await import('../pages/enabler-config/index.tsx')).EnablerConfigPage,
);
const EnablerConfigsPage = adminLazyPage(
  async () => (await import('../pages/enabler-configs/index.tsx')).EnablerConfigsPage,
);
const EnablerFormPage = adminLazyPage(
  async () => (await import('../pages/enabler-form/index.tsx')).EnablerFormPage,
);
const HomePage = lazyPage(async () => (await import('../pages/home/index.tsx')).HomePage);
const LoginPage = lazyPage(async () => (await import('../pages/login/index.tsx')).LoginPage);
const MemberPage = lazyPage(async () => (await import('../pages/member/index.tsx')).MemberPage);
const MembersPage = lazyPage(async () => (await import('../pages/members/index.tsx')).MembersPage);
const NewEnablerConfigPage = adminLazyPage(
  async () => (await import('../pages/new-enabler-config/index.tsx')).NewEnablerConfigPage,
);
const NewPlotPage = lazyPage(async () => (await import('../pages/new-plot/index.tsx')).NewPlotPage);
const NotAuthorizedPage = lazyPage(
  async () => (await import('../pages/not-authorized/index.tsx')).NotAuthorizedPage,
);
const NotAvailablePage = lazyPage(
  async () => (await import('../pages/not-available/index.tsx')).NotAvailablePage,
);
const OnboardingPage = lazyPage(async () => (await import('../pages/onboarding/index.tsx')).OnboardingPage);
const PlotPage = lazyPage(async () => (await import('../pages/plot/index.tsx')).PlotPage);
const RegisterPage = lazyPage(async () => (await import('../pages/set-password/index.tsx')).RegisterPage);
const ResetPasswordPage = lazyPage(
  async () => (await import('../pages/set-password/index.tsx')).ResetPasswordPage,
);

/** The built screens' pages; the others show the shared "not available yet" page. */
const pages: Partial<Record<ScreenId, LazyPage>> = {
  login: LoginPage,
  register: RegisterPage,
  resetPassword: ResetPasswordPage,
  home: HomePage,
  dashboard: DashboardPage,
  members: MembersPage,
  onboarding: OnboardingPage,
  member: MemberPage,
  newPlot: NewPlotPage,
  plot: PlotPage,
  account: AccountPage,
  adminEnablers: AdminEnablersPage,
  adminUsers: AdminUsersPage,
  adminLogs: AdminLogsPage,
  adminReports: AdminReportsPage,
  adminDatas: AdminDatasPage,
  enablerConfigs: EnablerConfigsPage,
  enablerConfig: EnablerConfigPage,
  newEnablerConfig: NewEnablerConfigPage,
  newEnabler: EnablerFormPage,
  updateEnabler: EnablerFormPage,
  newUser: NewUserPage,
  updateUser: UpdateUserPage,
  adminMembers: adminRecordPage('adminMembers'),
  newMember: adminRecordPage('newMember'),
  updateMember: adminRecordPage('updateMember'),
  adminFields: adminRecordPage('adminFields'),
  newField: adminRecordPage('newField'),
  updateField: adminRecordPage('updateField'),
  adminContributions: adminRecordPage('adminContributions'),
  newContribution: adminRecordPage('newContribution'),
  updateContribution: adminRecordPage('updateContribution'),
  adminPayouts: adminRecordPage('adminPayouts'),
  newPayout: adminRecordPage('newPayout'),
  updatePayout: adminRecordPage('updatePayout'),
  adminCashouts: adminRecordPage('adminCashouts'),
  newCashout: adminRecordPage('newCashout'),
  updateCashout: adminRecordPage('updateCashout'),
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

/**
 * Starts fetching the screen an address will show, while the rest of the start-up runs (the language's
 * texts, the session). A visitor with a session may be an administrator: admin screens load on demand.
 */
export function preloadScreenAt(pathname: string, signedIn: boolean): void {
  const routes = signedIn ? signedInRoutes : anonymousRoutes;
  const route = routes.find(({ path }) => matchPath(path, pathname));
  const page = route ? route.page : signedIn ? undefined : LoginPage;
  // A failure shows when the screen renders; here it would only be an unhandled rejection.
  page?.preload().catch(() => undefined);
}
