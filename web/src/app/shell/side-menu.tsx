import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import type { Role } from '../../api/auth.ts';
import { useFollow } from '../../browser/use-follow.ts';
import { screenTitleKey } from '../../navigation/screens.ts';
import { activeMenuHref, menusFor, type MenuLink } from './menus.ts';
import { paths } from '../../navigation/paths.ts';

export interface SideMenuProps {
  role: Role;
  /** Called after a plain click, so that a narrow screen can close the drawer. */
  onNavigate?: () => void;
}

export function SideMenu({ role, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const follow = useFollow();
  const { common, admin } = menusFor(role);

  const link = ({ href, screen }: MenuLink): SideNavigationProps.Link => ({
    type: 'link',
    href,
    text: t(screenTitleKey(screen)),
  });
  const items: SideNavigationProps.Item[] = common.map(link);
  if (admin.length > 0) {
    items.push(
      { type: 'divider' },
      {
        type: 'section',
        text: t('navigation.administration'),
        defaultExpanded: true,
        items: admin.map(link),
      },
    );
  }

  return (
    <SideNavigation
      header={{ href: paths.home, text: t('app.title') }}
      activeHref={activeMenuHref(pathname, [...common, ...admin])}
      items={items}
      onFollow={(event) => {
        follow(event);
        if (!event.detail.external) onNavigate?.();
      }}
    />
  );
}
