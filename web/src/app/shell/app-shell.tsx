import { lazy, Suspense, use, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../api/query-client.ts';
import { CloudscapeTexts } from '../../common/ui/cloudscape-texts.tsx';
import { loadSignedInTexts } from '../../i18n/index.ts';
import { useSignedInSession } from '../../session/session-context.ts';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';
import { FieldOffline, FieldScreen } from '../offline/field-offline.tsx';
// Below a phone's width the menu covers the screen: it starts closed and closes after a choice.
import { isNarrowScreen as narrowScreen } from '../../browser/use-narrow-screen.ts';
import { LoadingScreen } from '../../common/ui/loading-screen.tsx';

// Shown instead of any screen to a session opened with a password attackers try first, until it is changed.
const PasswordChange = lazy(() => import('../../pages/password-change/index.tsx'));

/** A new cache whenever the key changes (sign-in, sign-out, another enabler). */
function useQueryClientFor(sessionKey: string) {
  const [held, setHeld] = useState(() => ({ sessionKey, client: createQueryClient() }));
  if (held.sessionKey === sessionKey) return held.client;
  const next = { sessionKey, client: createQueryClient() };
  setHeld(next);
  return next.client;
}

export interface AppShellProps {
  /** Who is signed in for which enabler: the reads' cache is one per key. */
  sessionKey: string;
  children: ReactNode;
}

/** The signed-in frame, with the reads' cache and Cloudscape's texts (neither is on the login page). */
export function AppShell({ sessionKey, children }: AppShellProps) {
  // The signed-in screens' texts: fetched at start with a session (main.tsx), or after the sign-in.
  use(loadSignedInTexts());
  const queryClient = useQueryClientFor(sessionKey);
  return (
    <QueryClientProvider client={queryClient}>
      <CloudscapeTexts>
        <Frame>{children}</Frame>
      </CloudscapeTexts>
    </QueryClientProvider>
  );
}

/**
 * Top bar, the role's menu beside the screen, and the screen, which scrolls under the bar. A layout of
 * its own rather than Cloudscape's AppLayout, which weighs about 50 KB gzipped on every signed-in page
 * and only a menu and the content are used here.
 */
function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, passwordChangeRequired } = useSignedInSession();
  const [menuOpen, setMenuOpen] = useState(() => !narrowScreen());
  const [passwordChanged, setPasswordChanged] = useState(false);

  return (
    <FieldOffline>
      <div className="app-shell">
        <TopBar menuOpen={menuOpen} onMenuToggle={() => setMenuOpen((open) => !open)} />
        <div className="app-shell__body">
          {menuOpen && (
            <nav
              className="app-shell__navigation"
              aria-label={t('navigation.label')}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && narrowScreen()) setMenuOpen(false);
              }}
            >
              <SideMenu
                role={user.role}
                onNavigate={() => {
                  if (narrowScreen()) setMenuOpen(false);
                }}
              />
            </nav>
          )}
          <main className="app-shell__content">
            <FieldScreen>
              {passwordChangeRequired && !passwordChanged ? (
                <Suspense fallback={<LoadingScreen />}>
                  <PasswordChange onChanged={() => setPasswordChanged(true)} />
                </Suspense>
              ) : (
                children
              )}
            </FieldScreen>
          </main>
        </div>
      </div>
    </FieldOffline>
  );
}
