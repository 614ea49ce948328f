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

/** A language's texts of one kind, fetched the first time they are needed (and again after a failed fetch). */
const fetchedOnce = <Texts>(loaders: Record<Language, () => Promise<Texts>>) => {
  const fetched = new Map<Language, Promise<Texts>>();
  return (language: Language): Promise<Texts> => {
    let texts = fetched.get(language);
    if (!texts) {
      texts = loaders[language]();
      fetched.set(language, texts);
      texts.catch(() => fetched.delete(language));
    }
    return texts;
  };
};

/** A language's texts of every screen. */
export const loadCatalogue = fetchedOnce<Catalogue>({
  en: async () => (await import('./catalogues/en.ts')).catalogue,
  fr: async () => (await import('./catalogues/fr.ts')).catalogue,
});

/** A language's texts of the administrators' screens (kept off the login page's path). */
export const loadAdminCatalogue = fetchedOnce<Record<string, unknown>>({
  en: async () => (await import('./catalogues/en-admin.ts')).adminCatalogue,
  fr: async () => (await import('./catalogues/fr-admin.ts')).adminCatalogue,
});

let adminTextsWanted = false;

/**
 * From now on every language's texts come with the administrators' (i18n/index.ts): set by the first
 * administrator's screen, or at start-up at an administrator's address (app/screen-code.ts), so that their
 * texts come with the first language's.
 */
export const wantAdminTexts = (): void => {
  adminTextsWanted = true;
};

export const adminTextsAreWanted = (): boolean => adminTextsWanted;
