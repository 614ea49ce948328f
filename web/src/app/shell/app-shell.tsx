import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import AppLayout from '@cloudscape-design/components/app-layout';
import { useSignedInSession } from '../session/session-context.ts';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';
import { TOP_BAR_ID } from './top-bar-id.ts';

// Below this width the drawer covers the content: it starts closed and closes after a choice.
const narrowScreen = () => window.matchMedia?.('(max-width: 688px)').matches ?? false;

/** The signed-in frame: top bar, side drawer with the role's menus, and the screen. */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  const [menuOpen, setMenuOpen] = useState(() => !narrowScreen());

  return (
    <>
      <TopBar menuOpen={menuOpen} onMenuToggle={() => setMenuOpen((open) => !open)} />
      <AppLayout
        headerSelector={`#${TOP_BAR_ID}`}
        navigation={
          <SideMenu
            role={user.role}
            onNavigate={() => {
              if (narrowScreen()) setMenuOpen(false);
            }}
          />
        }
        navigationOpen={menuOpen}
        onNavigationChange={({ detail }) => setMenuOpen(detail.open)}
        toolsHide
        content={children}
        ariaLabels={{
          navigation: t('navigation.label'),
          navigationClose: t('navigation.close'),
          navigationToggle: t('navigation.open'),
        }}
      />
    </>
  );
}
