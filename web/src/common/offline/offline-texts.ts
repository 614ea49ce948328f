import { loadOfflineCatalogue } from '../../i18n/catalogue-loader.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { loadScreenCatalogue, type ScreenCatalogue } from '../../i18n/screen-catalogue.ts';

/** The offline field work's texts (banner, waiting list, dialogs): fetched when first shown. */
export const offlineTexts: ScreenCatalogue = {
  en: async () => ({ default: await loadOfflineCatalogue('en') }),
  fr: async () => ({ default: await loadOfflineCatalogue('fr') }),
};

/** Loads them in the current language, for a message shown after an await (not during a render). */
export const loadOfflineTexts = (): Promise<void> => loadScreenCatalogue(offlineTexts, currentLanguage());
