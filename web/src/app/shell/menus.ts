import type { Role } from '../../api/auth.ts';
import type { ScreenId } from '../screens.ts';

export interface MenuLink {
  href: string;
  screen: ScreenId;
}

/** Spec section 2: what every role reaches from the side menu. */
export const commonMenu: readonly MenuLink[] = [
  { href: '/', screen: 'home' },
  { href: '/Dashboard', screen: 'dashboard' },
  { href: '/Members', screen: 'members' },
  { href: '/Onboarding', screen: 'onboarding' },
  { href: '/Account', screen: 'account' },
];

/** The administration section, shown to administrators only. */
export const adminMenu: readonly MenuLink[] = [
  { href: '/AdminMembers', screen: 'adminMembers' },
  { href: '/AdminEnablers', screen: 'adminEnablers' },
  { href: '/AdminFields', screen: 'adminFields' },
  { href: '/AdminContributions', screen: 'adminContributions' },
  { href: '/AdminPayouts', screen: 'adminPayouts' },
  { href: '/AdminCashouts', screen: 'adminCashouts' },
  { href: '/AdminUsers', screen: 'adminUsers' },
  { href: '/AdminLogs', screen: 'adminLogs' },
  { href: '/AdminDatas', screen: 'adminDatas' },
  { href: '/AdminReports', screen: 'adminReports' },
];

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
