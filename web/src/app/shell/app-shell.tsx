import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../session/session-context.ts';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';
import { FieldOffline, FieldScreen } from '../offline/field-offline.tsx';
import { LoadingScreen } from '../../common/ui/loading-screen.tsx';

// Shown instead of any screen to a session opened with a password attackers try first, until it is changed.
const PasswordChange = lazy(() => import('../../pages/password-change/index.tsx'));

// Below this width the menu covers the screen: it starts closed and closes after a choice.
const narrowScreen = () => window.matchMedia?.('(max-width: 688px)').matches ?? false;

/**
 * The signed-in frame: top bar, the role's menu beside the screen, and the screen, which scrolls under
 * the bar. A layout of its own rather than Cloudscape's AppLayout, which weighs about 50 KB gzipped on
 * every signed-in page and only a menu and the content are used here.
 */
export function AppShell({ children }: { children: ReactNode }) {
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
