import { loadDashboardCatalogue } from '../../i18n/catalogue-loader.ts';
import type { ScreenCatalogue } from '../../i18n/screen-catalogue.ts';

/**
 * The dashboard's texts: fetched with the screen, so that the first screen does not carry them; through
 * the one loader that also brings them at start-up at the dashboard's address (its outline).
 */
export const dashboardCatalogue: ScreenCatalogue = {
  en: async () => ({ default: await loadDashboardCatalogue('en') }),
  fr: async () => ({ default: await loadDashboardCatalogue('fr') }),
};
