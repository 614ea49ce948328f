import type { ComponentType } from 'react';
import { screens, type ScreenAccess, type ScreenId } from '../navigation/screens.ts';

/** Fetches a screen's code (its own chunk) and gives its page component. */
export type ScreenCode = () => Promise<ComponentType>;

/**
 * The code of the screens of signed-out visitors and of every role; routes.tsx makes them lazy pages, and
 * the page's first module starts fetching the one at the address (preloadScreenAt). Free of React's
 * runtime and of the router, so that this start costs the first module next to nothing. The
 * administrators' screens load through admin-pages.ts (routes.tsx).
 */
export const screenCode = {
  login: async () => (await import('../pages/login/index.tsx')).LoginPage,
  register: async () => (await import('../pages/set-password/index.tsx')).RegisterPage,
  resetPassword: async () => (await import('../pages/set-password/index.tsx')).ResetPasswordPage,
  home: async () => (await import('../pages/home/index.tsx')).HomePage,
  dashboard: async () => (await import('../pages/dashboard/index.tsx')).DashboardPage,
  members: async () => (await import('../pages/members/index.tsx')).MembersPage,
  onboarding: async () => (await import('../pages/onboarding/index.tsx')).OnboardingPage,
  member: async () => (await import('../pages/member/index.tsx')).MemberPage,
  newPlot: async () => (await import('../pages/new-plot/index.tsx')).NewPlotPage,
  plot: async () => (await import('../pages/plot/index.tsx')).PlotPage,
  account: async () => (await import('../pages/account/index.tsx')).AccountPage,
  waiting: async () => (await import('../pages/waiting/index.tsx')).WaitingPage,
} satisfies Partial<Record<ScreenId, ScreenCode>>;

/** The signed-in frame's code (top bar, side menu). */
export const loadAppShell = () => import('./shell/app-shell.tsx');

/**
 * Whether an address fits a screen's pattern as the router reads it: `:name` stands for one segment, case
 * and a trailing slash do not matter.
 */
export const pathFits = (pattern: string, pathname: string): boolean => {
  const segments = (path: string) => path.split('/').filter(Boolean);
  const wanted = segments(pattern);
  const given = segments(pathname);
  return (
    wanted.length === given.length &&
    wanted.every((part, index) => part.startsWith(':') || part.toLowerCase() === given[index]?.toLowerCase())
  );
};

/** The screen an address shows to a visitor of that kind (signed out, or signed in as any role). */
export const screenAt = (pathname: string, access: Exclude<ScreenAccess, 'admin'>): ScreenId | undefined =>
  screens.find((screen) => screen.access === access && pathFits(screen.path, pathname))?.id;

/**
 * Starts fetching the screen an address will show, while the rest of the start-up runs (the language's
 * texts, the session). A visitor with a session may be an administrator: admin screens load on demand;
 * a signed-out visitor sees the login page at any other address.
 */
export function preloadScreenAt(pathname: string, signedIn: boolean): void {
  const screen = screenAt(pathname, signedIn ? 'signedIn' : 'anonymous') ?? (signedIn ? undefined : 'login');
  const load: ScreenCode | undefined =
    screen && (screenCode as Partial<Record<ScreenId, ScreenCode>>)[screen];
  // A failure shows when the screen renders; here it would only be an unhandled rejection.
  load?.().catch(() => undefined);
}
