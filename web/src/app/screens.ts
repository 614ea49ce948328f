import type en from '../i18n/en.json';

/** A screen of the product; its title is the translation `screens.<id>` (also its menu label). */
export type ScreenId = keyof typeof en.screens;

export const screenTitleKey = (screen: ScreenId) => `screens.${screen}` as const;
