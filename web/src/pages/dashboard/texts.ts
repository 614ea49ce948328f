import type { ScreenCatalogue } from '../../i18n/screen-catalogue.ts';

/** The dashboard's texts: fetched with the screen, so that the first screen does not carry them. */
export const dashboardCatalogue: ScreenCatalogue = {
  en: () => import('../../i18n/screens/dashboard/en.json'),
  fr: () => import('../../i18n/screens/dashboard/fr.json'),
};
