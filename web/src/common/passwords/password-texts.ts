import type { ScreenCatalogue } from '../../i18n/screen-catalogue.ts';

/** The password forms' own texts (strength, the change asked at sign-in): fetched with those forms. */
export const passwordTexts: ScreenCatalogue = {
  en: () => import('../../i18n/screens/passwords/en.json'),
  fr: () => import('../../i18n/screens/passwords/fr.json'),
};
