import type { Catalogue } from './catalogues/catalogue.ts';
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

const catalogueLoaders: Record<Language, () => Promise<Catalogue>> = {
  en: async () => (await import('./catalogues/en.ts')).catalogue,
  fr: async () => (await import('./catalogues/fr.ts')).catalogue,
};
const catalogues = new Map<Language, Promise<Catalogue>>();

/** A language's texts, fetched the first time they are needed (and again after a failed fetch). */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  let catalogue = catalogues.get(language);
  if (!catalogue) {
    catalogue = catalogueLoaders[language]();
    catalogues.set(language, catalogue);
    catalogue.catch(() => catalogues.delete(language));
  }
  return catalogue;
}
