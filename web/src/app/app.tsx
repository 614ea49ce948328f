import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, useLocation, useRoutes } from 'react-router-dom';
import { ErrorDialog } from '../common/errors/error-dialog.tsx';
import { LoadingScreen } from '../common/ui/loading-screen.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { routesFor } from './routes.tsx';
import { loadAppShell } from './screen-code.ts';
import { SessionProvider } from './session/session-provider.tsx';
import { useSession } from '../session/session-context.ts';
import { AnonymousLayout } from './shell/anonymous-layout.tsx';
import { outlineAt } from './shell/outline.ts';
import { ScreenAfterFrame } from './shell/screen-after-frame.tsx';
import { ScreenOutline } from './shell/screen-outline.tsx';

// The signed-in frame (top bar with its menus and selectors, side navigation, the reads' cache and Cloudscape's
// texts) is a heavy part of the bundle and a signed-out visitor does not need it: it loads on its own, while the
// session is being restored.
const AppShell = lazy(() => loadAppShell().then(({ AppShell }) => ({ default: AppShell })));

/** The routes of the visitor's role, inside the frame that fits the session. */
export function AppRoutes() {
  const session = useSession();
  const { pathname } = useLocation();
  const role = session.status === 'signedIn' ? session.session.user.role : null;
  const screen = useRoutes(routesFor(role));
  // One cache per signed-in user and enabler: what was read for one never shows for another.
  const sessionKey =
    session.status === 'signedIn'
      ? `${session.session.user.email}|${session.session.user.enablerId ?? ''}`
      : session.status;
  // Until the frame shows: its outline with the screen's heading and loading state, where the screen has one.
  const outline = session.status === 'anonymous' ? undefined : outlineAt(pathname);
  const frameFallback = outline ? <ScreenOutline keys={outline} pathname={pathname} /> : <LoadingScreen />;

  if (session.status === 'loading') {
    void loadAppShell();
    return frameFallback;
  }
  // Each screen's code is fetched when it first shows (routes.tsx).
  const content = (shown: ReactNode) => (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingScreen />}>{shown}</Suspense>
    </ErrorBoundary>
  );
  const screenOutline = outline ? (
    <ScreenOutline keys={outline} pathname={pathname} content />
  ) : (
    <LoadingScreen />
  );
  return session.status === 'signedIn' ? (
    <Suspense fallback={frameFallback}>
      <AppShell sessionKey={sessionKey}>
        {content(<ScreenAfterFrame waiting={screenOutline}>{screen}</ScreenAfterFrame>)}
      </AppShell>
    </Suspense>
  ) : (
    <AnonymousLayout>{content(screen)}</AnonymousLayout>
  );
}

/** Nothing shows before the language's texts are there (i18next suspends until then). */
function TextsReady({ children }: { children: ReactNode }) {
  // Renders again on a language change.
  useTranslation();
  return children;
}

export function App() {
  return (
    <BrowserRouter>
      <ErrorBoundary>
        <SessionProvider>
          {/* Nothing shows before the language's texts are there; the session is restored meanwhile. */}
          <Suspense fallback={null}>
            <TextsReady>
              <ErrorDialog />
              <AppRoutes />
            </TextsReady>
          </Suspense>
        </SessionProvider>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
