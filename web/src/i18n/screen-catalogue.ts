import { use } from 'react';
import { useTranslation } from 'react-i18next';
import i18next, { currentLanguage, type Language } from './index.ts';

// Apart from index.ts, which the first screen loads: only the screens with texts of their own need this.

/** One language's texts of a screen, under the screen's own top-level key (e.g. `dashboard`). */
export type ScreenTexts = Record<string, unknown>;

/**
 * Texts that only one screen shows, one JSON file per language, fetched with the screen rather than
 * with the app's catalogue (which the login page loads whole, within its budget).
 */
export type ScreenCatalogue = Record<Language, () => Promise<{ default: ScreenTexts }>>;

const screenCatalogues = new WeakMap<ScreenCatalogue, Map<Language, Promise<void>>>();

/**
 * Adds a screen's texts in a language beside the app's (once; again after a failed fetch). The app's
 * catalogue of that language is loaded first: i18next loads no catalogue for a language that already
 * has texts.
 */
export function loadScreenCatalogue(catalogue: ScreenCatalogue, language: Language): Promise<void> {
  let loads = screenCatalogues.get(catalogue);
  if (!loads) {
    loads = new Map();
    screenCatalogues.set(catalogue, loads);
  }
  const languageLoads = loads;
  let loaded = languageLoads.get(language);
  if (!loaded) {
    loaded = Promise.all([i18next.loadLanguages(language), catalogue[language]()]).then(
      ([, { default: texts }]) => {
        i18next.addResourceBundle(language, 'translation', texts, true, false);
      },
    );
    languageLoads.set(language, loaded);
    loaded.catch(() => languageLoads.delete(language));
  }
  return loaded;
}

/**
 * A screen's own texts in the current language: the screen waits for them (React Suspense) when it
 * first shows and after a language change.
 */
export function useScreenCatalogue(catalogue: ScreenCatalogue): void {
  // Renders again on a language change.
  useTranslation();
  use(loadScreenCatalogue(catalogue, currentLanguage()));
}
