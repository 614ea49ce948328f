import type en from '../i18n/en.json';

/** A screen of the product; its title is the translation `screens.<id>` (also its menu label). */
export type ScreenId = keyof typeof en.screens;

export const screenTitleKey = (screen: ScreenId) => `screens.${screen}` as const;

/** Who may open a screen: signed-out visitors, every signed-in role, or administrators only. */
export type ScreenAccess = 'anonymous' | 'signedIn' | 'admin';

export interface Screen {
  id: ScreenId;
  /** React Router path, with :name parameters. */
  path: string;
  access: ScreenAccess;
  /** The side menu section that lists it, if any (spec section 2). */
  menu?: 'common' | 'admin';
}

/**
 * Spec section 2: every screen with its address, in the side menus' order. The routes (app/routes.tsx),
 * the menus (app/shell/menus.ts) and every in-app link (paths.ts) are derived from this list.
 */
export const screens = [
  { id: 'login', path: '/', access: 'anonymous' },
  { id: 'register', path: '/register/:token', access: 'anonymous' },
  { id: 'resetPassword', path: '/resetPassword/:token', access: 'anonymous' },

  { id: 'home', path: '/', access: 'signedIn', menu: 'common' },
  { id: 'dashboard', path: '/Dashboard', access: 'signedIn', menu: 'common' },
  { id: 'members', path: '/Members', access: 'signedIn', menu: 'common' },
  { id: 'onboarding', path: '/Onboarding', access: 'signedIn', menu: 'common' },
  { id: 'member', path: '/Member/:id', access: 'signedIn' },
  { id: 'newPlot', path: '/Member/:memberId/Field', access: 'signedIn' },
  { id: 'plot', path: '/Member/:memberId/Field/:plotId', access: 'signedIn' },
  { id: 'account', path: '/Account', access: 'signedIn', menu: 'common' },
  // A field agent's writes kept on the device (offline field work); reached from the offline banner.
  { id: 'waiting', path: '/Waiting', access: 'signedIn' },

  { id: 'adminMembers', path: '/AdminMembers', access: 'admin', menu: 'admin' },
  { id: 'adminEnablers', path: '/AdminEnablers', access: 'admin', menu: 'admin' },
  { id: 'adminFields', path: '/AdminFields', access: 'admin', menu: 'admin' },
  { id: 'adminContributions', path: '/AdminContributions', access: 'admin', menu: 'admin' },
  { id: 'adminPayouts', path: '/AdminPayouts', access: 'admin', menu: 'admin' },
  { id: 'adminCashouts', path: '/AdminCashouts', access: 'admin', menu: 'admin' },
  { id: 'adminBenefitRuns', path: '/AdminBenefitRuns', access: 'admin', menu: 'admin' },
  { id: 'adminUsers', path: '/AdminUsers', access: 'admin', menu: 'admin' },
  { id: 'adminLogs', path: '/AdminLogs', access: 'admin', menu: 'admin' },
  { id: 'adminDatas', path: '/AdminDatas', access: 'admin', menu: 'admin' },
  { id: 'adminReports', path: '/AdminReports', access: 'admin', menu: 'admin' },
  { id: 'newMember', path: '/NewMember', access: 'admin' },
  { id: 'updateMember', path: '/UpdateMember/:id', access: 'admin' },
  { id: 'enablerConfigs', path: '/Enabler/:id/Configs', access: 'admin' },
  { id: 'enablerConfig', path: '/Enabler/:enablerId/Config/:configId', access: 'admin' },
  { id: 'newEnablerConfig', path: '/Enabler/:id/NewConfig', access: 'admin' },
  { id: 'newEnabler', path: '/NewEnabler', access: 'admin' },
  { id: 'updateEnabler', path: '/UpdateEnabler/:id', access: 'admin' },
  { id: 'newUser', path: '/NewUser', access: 'admin' },
  { id: 'updateUser', path: '/UpdateUser/:email', access: 'admin' },
  { id: 'newField', path: '/NewField', access: 'admin' },
  { id: 'updateField', path: '/UpdateField/:memberId/Field/:id', access: 'admin' },
  { id: 'newContribution', path: '/NewContribution', access: 'admin' },
  { id: 'updateContribution', path: '/UpdateContribution/:id', access: 'admin' },
  { id: 'newPayout', path: '/NewPayout', access: 'admin' },
  { id: 'updatePayout', path: '/UpdatePayout/:id', access: 'admin' },
  { id: 'newCashout', path: '/NewCashout', access: 'admin' },
  { id: 'updateCashout', path: '/UpdateCashout/:id', access: 'admin' },
  { id: 'apiReference', path: '/ApiReference', access: 'admin' },
  { id: 'newBenefitRun', path: '/NewBenefitRun', access: 'admin' },
  { id: 'benefitRun', path: '/BenefitRun/:id', access: 'admin' },
] as const satisfies readonly Screen[];

type ListedScreen = (typeof screens)[number];
/** The screens reached by a signed-in visitor (login and home share '/'). */
export type SignedInScreenId = Exclude<ListedScreen, { access: 'anonymous' }>['id'];

/** The address pattern of a screen ('home', not 'login', for '/'). */
export const screenPath = (id: ScreenId): string =>
  (
    screens.find((screen) => screen.id === id && screen.access !== 'anonymous') ??
    screens.find((screen) => screen.id === id)
  )?.path ?? '/';
