import type { Catalogue, CloudscapeMessages } from './catalogues/catalogue.ts';
import { fallbackLanguage, supportedLanguage, type Language } from './languages.ts';

// Apart from i18next, so that the page's first module can start fetching the catalogue before the rest of
// the app's code has arrived (main.tsx).

/** Where the user's last choice of language is kept (an enabler switch reloads the page). */
export const languageStorageKey = 'language';

const storedLanguage = (): string | null => {
  try {
    return window.localStorage.getItem(languageStorageKey);
  } catch {
    // Storage can be disabled (privacy settings): the browser language still applies.
    return null;
  }
};

/** The user's earlier choice, else the browser's language, else English. */
export function initialLanguage(): Language {
  const candidates = [storedLanguage(), ...(navigator.languages ?? []), navigator.language];
  for (const candidate of candidates) {
    const language = supportedLanguage(candidate);
    if (language) return language;
  }
  return fallbackLanguage;
}

/**
 * A language's texts of one kind, fetched the first time they are needed (and again after a failed fetch);
 * `loaded` gives them at once when they are here (a screen then need not wait a turn for them).
 */
const fetchedOnce = <Texts>(loaders: Record<Language, () => Promise<Texts>>) => {
  const fetched = new Map<Language, Promise<Texts>>();
  const arrived = new Map<Language, Texts>();
  const load = (language: Language): Promise<Texts> => {
    let texts = fetched.get(language);
    if (!texts) {
      texts = loaders[language]();
      fetched.set(language, texts);
      texts.then(
        (value) => arrived.set(language, value),
        () => fetched.delete(language),
      );
    }
    return texts;
  };
  return Object.assign(load, { loaded: (language: Language): Texts | undefined => arrived.get(language) });
};

/** A language's texts of every screen. */
export const loadCatalogue = fetchedOnce<Catalogue>({
  en: async () => (await import('./catalogues/en.ts')).catalogue,
  fr: async () => (await import('./catalogues/fr.ts')).catalogue,
});

/**
 * Cloudscape's labels in a language, for its I18nProvider (common/ui/cloudscape-texts.tsx): every screen
 * but the login page, which gives its own (its provider and the messages weigh about 18 KB gzipped).
 */
export const loadCloudscapeMessages = fetchedOnce<CloudscapeMessages>({
  en: async () => (await import('./catalogues/cloudscape-en.ts')).cloudscapeMessages,
  fr: async () => (await import('./catalogues/cloudscape-fr.ts')).cloudscapeMessages,
});

/**
 * Texts of one part of the app, fetched apart, which once wanted come with every language's texts
 * (i18n/index.ts reads `addedCatalogues`): `want` is set before the screens that show them draw, so that
 * their texts come with the first language's.
 */
const addedCatalogue = (loaders: Record<Language, () => Promise<Record<string, unknown>>>) => {
  let wanted = false;
  return Object.assign(fetchedOnce(loaders), {
    want: (): void => {
      wanted = true;
    },
    wanted: (): boolean => wanted,
  });
};

/** The signed-in screens' texts (kept off the login page's path): wanted at a signed-in start (main.tsx) and by the signed-in frame. */
export const loadSignedInCatalogue = addedCatalogue({
  en: async () => (await import('./catalogues/en-signed-in.ts')).signedInCatalogue,
  fr: async () => (await import('./catalogues/fr-signed-in.ts')).signedInCatalogue,
});

/**
 * The administrators' screens' texts (kept off the login page's path): wanted by the first administrator's
 * screen, or at start-up at an administrator's address (app/screen-code.ts).
 */
export const loadAdminCatalogue = addedCatalogue({
  en: async () => (await import('./catalogues/en-admin.ts')).adminCatalogue,
  fr: async () => (await import('./catalogues/fr-admin.ts')).adminCatalogue,
});

/**
 * The offline field work's texts (banner, waiting list, dialogs; i18n/screens/offline): wanted at start-up
 * at the waiting list's address (main.tsx), whose outline shows some of them (app/shell/outline.ts).
 */
export const loadOfflineCatalogue = addedCatalogue({
  en: async () => (await import('./screens/offline/en.json')).default,
  fr: async () => (await import('./screens/offline/fr.json')).default,
});

/**
 * The dashboard's texts (i18n/screens/dashboard, which the screen also loads as its own): wanted at
 * start-up at the dashboard's address (main.tsx), whose outline shows its heading's description.
 */
export const loadDashboardCatalogue = addedCatalogue({
  en: async () => (await import('./screens/dashboard/en.json')).default,
  fr: async () => (await import('./screens/dashboard/fr.json')).default,
});

/** Every part that may come with a language's texts, in the order they are merged. */
export const addedCatalogues = [
  loadSignedInCatalogue,
  loadAdminCatalogue,
  loadOfflineCatalogue,
  loadDashboardCatalogue,
];

/** A part of the texts fetched apart (one of `addedCatalogues`). */
export type AddedCatalogue = (typeof addedCatalogues)[number];
