import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AuthSession, Role } from '../api/auth.ts';
import type { CurrentEnabler } from '@cpbo/schemas';
import { SESSION_MARKER_COOKIE } from '@cpbo/schemas/session-cookie.ts';
import type { Enabler } from '../api/enablers.ts';
import { AppRoutes } from '../app/app.tsx';
import { anonymousRoutes, screenRoutesFor } from '../app/routes.tsx';
import { SessionProvider } from '../app/session/session-provider.tsx';
import { loadOutlineDrawing } from '../app/shell/outline-drawing.ts';
import { TokenKeeper } from '../app/session/token-keeper.ts';
import { ErrorDialog } from '../common/errors/error-dialog.tsx';
import { fakeAccessTokenUntil, type FakeAnswer } from './fake-api.ts';

// The app loads its signed-in frame and each screen lazily; loading them all once here keeps each test's
// waits as short as when they were part of the app's first file. The outline's drawing code is here too, as
// the page's first module fetches it before it starts the app at a screen with an outline (main.tsx).
await Promise.all([
  loadOutlineDrawing(),
  import('../app/shell/app-shell.tsx'),
  import('../pages/not-authorized/index.tsx'),
  import('../pages/not-available/index.tsx'),
  ...[...anonymousRoutes, ...screenRoutesFor('ADMIN')].map(({ page }) => page?.preload()),
]);

/** The app below the browser router, at an address, with a fresh token keeper. */
export function renderApp(path = '/') {
  const tokenKeeper = new TokenKeeper();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider tokenKeeper={tokenKeeper}>
        <ErrorDialog />
        <AppRoutes />
      </SessionProvider>
    </MemoryRouter>,
  );
  return { ...view, tokenKeeper };
}

/** A browser that signed in earlier: the marker the API set beside its HttpOnly refresh token cookie. */
export const setSessionMarker = () => {
  document.cookie = `${SESSION_MARKER_COOKIE}=1; path=/`;
};

export const banner =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The test enabler, as GET /me/enabler answers it (its config left out where a test needs none). */
export const coopVerte: CurrentEnabler = {
  id: 'enabler-1',
  name: 'Coop Verte',
  logo: null,
  banner,
  latestConfigVersion: 3,
  latestConfigDate: '2025-01-10T00:00:00.000Z',
  config: null,
};

// Fixed (year 2100) so that two sessions built in a test carry the same token.
const longLivedAccessToken = fakeAccessTokenUntil(4_102_444_800);

/**
 * The sign-in and refresh answer to the SPA, which carries the current enabler (GET /me/enabler's
 * answer); its refresh token went into the API's HttpOnly cookie.
 */
export const authSession = (role: Role, currentEnabler: CurrentEnabler = coopVerte): AuthSession => ({
  accessToken: longLivedAccessToken,
  role,
  username: role === 'ADMIN' ? 'Ada Admin' : 'Asha Agent',
  email: role === 'ADMIN' ? 'ada@example.org' : 'asha@example.org',
  enabler: currentEnabler.id,
  enablerName: currentEnabler.name,
  language: null,
  currentEnabler,
  defaultFederation: null,
  passwordChangeRequired: false,
});

/** The fake API routes of a successful start-up from the API's session cookie. */
/** The cover terms GET /me/enabler answers beside the enabler: its current config version's. */
export const configTermsOf = ({ config }: CurrentEnabler) =>
  config
    ? [
        {
          version: config.version,
          currency: config.currency,
          maxCompensationFactor: config.maxCompensationFactor,
          benefitFactorsByMonth: config.benefitFactorsByMonth,
          damageThreshold: config.damageThreshold ?? null,
        },
      ]
    : [];

export const signedInRoutes = (
  role: Role,
  enablers: Enabler[] = [coopVerte],
  current: CurrentEnabler = coopVerte,
): Record<string, FakeAnswer> => ({
  'GET /api/auth/refresh': { body: authSession(role, current) },
  'GET /api/me/enabler': { body: { ...current, configTerms: configTermsOf(current) } },
  'GET /api/admin/enablers': { body: enablers },
});
