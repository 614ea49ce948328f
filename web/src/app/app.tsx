import { lazy, Suspense, use, useMemo, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, useLocation, useRoutes } from 'react-router-dom';
import { I18nProvider } from '@cloudscape-design/components/i18n';
import { ErrorDialog } from '../common/errors/error-dialog.tsx';
import { LoadingScreen } from '../common/ui/loading-screen.tsx';
import { createQueryClient } from '../api/query-client.ts';
import { currentLanguage, loadCatalogue } from '../i18n/index.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { routesFor } from './routes.tsx';
import { loadAppShell } from './screen-code.ts';
import { SessionProvider } from './session/session-provider.tsx';
import { useSession } from '../session/session-context.ts';
import { AnonymousLayout } from './shell/anonymous-layout.tsx';
import { outlineAt } from './shell/outline.ts';
import { ScreenOutline } from './shell/screen-outline.tsx';

// The signed-in frame (top bar with its menus and selectors, side navigation) is a heavy part of the bundle and a
// signed-out visitor does not need it: it loads on its own, while the session is being restored.
const AppShell = lazy(() => loadAppShell().then(({ AppShell }) => ({ default: AppShell })));

/** A new cache whenever the key changes (sign-in, sign-out, another enabler). */
function useQueryClientFor(sessionKey: string) {
  const [held, setHeld] = useState(() => ({ sessionKey, client: createQueryClient() }));
  if (held.sessionKey === sessionKey) return held.client;
  const next = { sessionKey, client: createQueryClient() };
  setHeld(next);
  return next.client;
}

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
  const queryClient = useQueryClientFor(sessionKey);
  // Until the frame shows: its outline with the screen's heading and loading state, where the screen has one.
  const outline = session.status === 'anonymous' ? undefined : outlineAt(pathname);
  const frameFallback = outline ? <ScreenOutline keys={outline} /> : <LoadingScreen />;

  if (session.status === 'loading') {
    void loadAppShell();
    return frameFallback;
  }
  // Each screen's code is fetched when it first shows (routes.tsx).
  const content = (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingScreen />}>{screen}</Suspense>
    </ErrorBoundary>
  );
  return (
    <QueryClientProvider client={queryClient}>
      {session.status === 'signedIn' ? (
        <Suspense fallback={frameFallback}>
          <AppShell>{content}</AppShell>
        </Suspense>
      ) : (
        <AnonymousLayout>{content}</AnonymousLayout>
      )}
    </QueryClientProvider>
  );
}

/** Cloudscape's own texts (close buttons, loading labels…) follow the app's language. */
function CloudscapeTexts({ children }: { children: ReactNode }) {
  // Renders again on a language change; i18next has the new language's catalogue by then.
  useTranslation();
  const language = currentLanguage();
  const { cloudscape } = use(loadCatalogue(language));
  // Cloudscape's provider merges every message and gives every component a new formatter each time it renders:
  // it renders again only when the language (or what it wraps) changes.
  return useMemo(
    () => (
      <I18nProvider locale={language} messages={[cloudscape]}>
        {children}
      </I18nProvider>
    ),
    [language, cloudscape, children],
  );
}

export function App() {
  return (
    <BrowserRouter>
      <ErrorBoundary>
        <SessionProvider>
          {/* Nothing shows before the language's texts are there; the session is restored meanwhile. */}
          <Suspense fallback={null}>
            <CloudscapeTexts>
              <ErrorDialog />
              <AppRoutes />
            </CloudscapeTexts>
          </Suspense>
        </SessionProvider>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
