import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  addedCatalogues,
  initialLanguage,
  languageStorageKey,
  loadAdminCatalogue,
  loadCatalogue,
  loadSignedInCatalogue,
} from './catalogue-loader.ts';
import { fallbackLanguage, languages, supportedLanguage, type Language } from './languages.ts';

export { fallbackLanguage, isLanguage, languages, type Language } from './languages.ts';
export { initialLanguage, loadCatalogue } from './catalogue-loader.ts';

export const currentLanguage = (): Language =>
  supportedLanguage(i18next.resolvedLanguage) ?? fallbackLanguage;

export async function changeLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // Not remembered across reloads; the switch itself still works.
  }
  // A signed-in or administrator's screen shows in the new language at once, its own texts included.
  await Promise.all(addedCatalogues.filter((part) => part.wanted()).map((part) => addTexts(language, part)));
  await i18next.changeLanguage(language);
}

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = supportedLanguage(language) ?? fallbackLanguage;
});

async function addTexts(
  language: Language,
  load: (language: Language) => Promise<Record<string, unknown>>,
): Promise<void> {
  const texts = await load(language);
  // A language not read yet gets them with its main texts (the backend below): a bundle added before
  // would make i18next think the language is there and never read its main texts.
  if (i18next.hasResourceBundle(language, 'translation'))
    i18next.addResourceBundle(language, 'translation', texts, true, false);
}

/** The texts of the administrators' screens in the current language; awaited before such a screen shows. */
export async function loadAdminTexts(): Promise<void> {
  loadAdminCatalogue.want();
  await addTexts(currentLanguage(), loadAdminCatalogue);
}

const signedInTexts = new Map<Language, Promise<void>>();

/**
 * The texts of the signed-in screens in the current language; the signed-in frame waits for them (the
 * same promise for a language, so that React's `use` can wait on it).
 */
export function loadSignedInTexts(): Promise<void> {
  loadSignedInCatalogue.want();
  const language = currentLanguage();
  let added = signedInTexts.get(language);
  if (!added) {
    added = addTexts(language, loadSignedInCatalogue);
    signedInTexts.set(language, added);
    added.catch(() => signedInTexts.delete(language));
  }
  return added;
}

// i18next reads a language's texts through this when the language is first shown.
const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const supported = supportedLanguage(language);
    if (!supported) {
      callback(new Error(`No catalogue for the language ${language}`), false);
      return;
    }
    Promise.all([
      loadCatalogue(supported),
      ...addedCatalogues.filter((part) => part.wanted()).map((part) => part(supported)),
    ]).then(
      ([{ app }, ...parts]) => callback(null, Object.assign({}, app, ...parts)),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Resolves once the first language's texts are there; meanwhile the screens wait (React Suspense). */
export const i18nReady = i18next
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    // Both catalogues hold the same keys (catalogues.test.ts): a language never needs the other's texts.
    fallbackLng: false,
    supportedLngs: languages,
    load: 'currentOnly',
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });

export default i18next;
