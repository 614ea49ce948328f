import type { Role } from '../../api/auth.ts';
import { screens, type ScreenId } from '../../navigation/screens.ts';

export interface MenuLink {
  href: string;
  screen: ScreenId;
}

const menuOf = (section: 'common' | 'admin'): readonly MenuLink[] =>
  screens
    .filter((screen) => 'menu' in screen && screen.menu === section)
    .map(({ id, path }) => ({ href: path, screen: id }));

/** Spec section 2: what every role reaches from the side menu. */
export const commonMenu = menuOf('common');

/** The administration section, shown to administrators only. */
export const adminMenu = menuOf('admin');

export const menusFor = (role: Role): { common: readonly MenuLink[]; admin: readonly MenuLink[] } => ({
  common: commonMenu,
  admin: role === 'ADMIN' ? adminMenu : [],
});

/** The menu entry to highlight: the longest href the address starts with ('/Member/7' → none, '/' only for home). */
export function activeMenuHref(pathname: string, links: readonly MenuLink[]): string | undefined {
  const matches = links.filter(({ href }) =>
    href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`),
  );
  return matches.sort((a, b) => b.href.length - a.href.length)[0]?.href;
}
