import type { ComponentType } from 'react';
import { loadAdminCatalogue } from '../i18n/catalogue-loader.ts';
import type { Language } from '../i18n/languages.ts';
import { screens, type ScreenAccess, type ScreenId } from '../navigation/screens.ts';

/** Fetches a screen's code (its own chunk) and gives its page component. */
export type ScreenCode = () => Promise<ComponentType>;

/**
 * The code of the screens of signed-out visitors and of every role; routes.tsx makes them lazy pages, and
 * the page's first module starts fetching the one at the address (preloadScreenAt). Free of React's
 * runtime and of the router, so that this start costs the first module next to nothing. The
 * administrators' screens load through admin-pages.ts (routes.tsx, and preloadScreenAt at their address).
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

const decodedSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Malformed: the router would not decode it either.
    return segment;
  }
};

/**
 * The values an address gives a screen's pattern, as the router reads it (`:name` stands for one segment,
 * decoded; case and a trailing slash do not matter), or undefined when it does not fit.
 */
export const pathParams = (pattern: string, pathname: string): Record<string, string> | undefined => {
  const segments = (path: string) => path.split('/').filter(Boolean);
  const wanted = segments(pattern);
  const given = segments(pathname);
  if (wanted.length !== given.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const value = given[index] as string;
    if (part.startsWith(':')) params[part.slice(1)] = decodedSegment(value);
    else if (part.toLowerCase() !== value.toLowerCase()) return undefined;
  }
  return params;
};

/** Whether an address fits a screen's pattern (pathParams). */
export const pathFits = (pattern: string, pathname: string): boolean =>
  pathParams(pattern, pathname) !== undefined;

/** The screen an address shows to a visitor of that kind (signed out, signed in as any role, administrator). */
export const screenAt = (pathname: string, access: ScreenAccess): ScreenId | undefined =>
  screens.find((screen) => screen.access === access && pathFits(screen.path, pathname))?.id;

/**
 * An administrator's screen: its code (through admin-pages.ts) and the administrators' texts, which also
 * come with the first language's texts (its outline shows some: shell/outline.ts).
 */
const loadAdminScreen = (screen: ScreenId, language: Language): Promise<unknown> => {
  loadAdminCatalogue.want();
  return Promise.all([
    import('./admin-pages.ts').then(({ isAdminScreen, loadAdminPage }) =>
      isAdminScreen(screen) ? loadAdminPage(screen) : undefined,
    ),
    loadAdminCatalogue(language),
  ]);
};

/**
 * Starts fetching the screen an address will show, while the rest of the start-up runs (the language's
 * texts, the session). A visitor with a session at an administrator's address is most likely one: that
 * screen's code and texts come too (a user of another role fetches them for nothing, and is shown that
 * the screen is not theirs); a signed-out visitor sees the login page at any other address.
 */
export function preloadScreenAt(pathname: string, signedIn: boolean, language: Language): void {
  const screen = screenAt(pathname, signedIn ? 'signedIn' : 'anonymous') ?? (signedIn ? undefined : 'login');
  const load: ScreenCode | undefined =
    screen && (screenCode as Partial<Record<ScreenId, ScreenCode>>)[screen];
  const adminScreen = signedIn && !screen ? screenAt(pathname, 'admin') : undefined;
  // A failure shows when the screen renders; here it would only be an unhandled rejection.
  load?.().catch(() => undefined);
  if (adminScreen) loadAdminScreen(adminScreen, language).catch(() => undefined);
}
