import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import fr from './fr.json';
import { fallbackLanguage, languages, supportedLanguage, type Language } from './languages.ts';

export { fallbackLanguage, isLanguage, languages, type Language } from './languages.ts';

// The choice is remembered because an enabler switch reloads the page.
const storageKey = 'language';

const storedLanguage = (): string | null => {
  try {
    return window.localStorage.getItem(storageKey);
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

export const currentLanguage = (): Language =>
  supportedLanguage(i18next.resolvedLanguage) ?? fallbackLanguage;

export async function changeLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(storageKey, language);
  } catch {
    // Not remembered across reloads; the switch itself still works.
  }
  await i18next.changeLanguage(language);
}

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = supportedLanguage(language) ?? fallbackLanguage;
});

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, fr: { translation: fr } },
  lng: initialLanguage(),
  fallbackLng: fallbackLanguage,
  supportedLngs: languages,
  // The bundled resources make a synchronous start possible: no flash of untranslated keys.
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
});

export default i18next;
