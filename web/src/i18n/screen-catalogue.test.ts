import { describe, expect, it } from 'vitest';
import en from './en.json';
import i18next from './index.ts';
import { loadScreenCatalogue, type ScreenCatalogue } from './screen-catalogue.ts';
import { type Catalogue, leafKeys, leafValue } from '../test/catalogue-leaves.ts';

// Each screen's own texts: web/src/i18n/screens/<screen>/<language>.json (see loadScreenCatalogue).
const screenFiles = import.meta.glob<Catalogue>('./screens/*/*.json', { eager: true, import: 'default' });
const screenCatalogues = Object.entries(screenFiles).map(([path, catalogue]) => {
  const [, screen = '', language = ''] = /^\.\/screens\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return { screen, language, catalogue };
});
const screensWithTexts = [...new Set(screenCatalogues.map(({ screen }) => screen))];
const screenCatalogue = (screen: string, language: string): Catalogue =>
  screenCatalogues.find((entry) => entry.screen === screen && entry.language === language)?.catalogue ?? {};

describe('screen catalogues', () => {
  it("should find the dashboard's", () => {
    expect(screensWithTexts).toContain('dashboard');
  });

  it.each(screensWithTexts)('should give %s exactly one file per language, with the same keys', (screen) => {
    expect(
      screenCatalogues
        .filter((entry) => entry.screen === screen)
        .map(({ language }) => language)
        .sort(),
    ).toEqual(['en', 'fr']);
    expect(leafKeys(screenCatalogue(screen, 'fr')).sort()).toEqual(
      leafKeys(screenCatalogue(screen, 'en')).sort(),
    );
  });

  it.each(screensWithTexts)(
    "should keep the texts of %s under its own key, which the app's catalogue does not use",
    (screen) => {
      for (const language of ['en', 'fr']) {
        expect(Object.keys(screenCatalogue(screen, language))).toEqual([screen]);
      }
      expect(Object.keys(en)).not.toContain(screen);
    },
  );

  it.each(screensWithTexts)(
    'should use the same interpolation variables in both languages in %s',
    (screen) => {
      const variables = (text: unknown) => [...String(text).matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
      const english = screenCatalogue(screen, 'en');
      const french = screenCatalogue(screen, 'fr');
      for (const key of leafKeys(english)) {
        expect(variables(leafValue(french, key)), key).toEqual(variables(leafValue(english, key)));
      }
    },
  );
});

describe('loadScreenCatalogue', () => {
  const probe: ScreenCatalogue = {
    en: () => Promise.resolve({ default: { probe: { word: 'word' } } }),
    fr: () => Promise.resolve({ default: { probe: { word: 'mot' } } }),
  };

  it("should read a language's app texts before adding a screen's, so that i18next still reads them", async () => {
    // test-setup.ts shows English: French has not been read in this file yet.
    expect(i18next.hasResourceBundle('fr', 'translation')).toBe(false);
    await loadScreenCatalogue(probe, 'fr');
    await i18next.changeLanguage('fr');
    expect(i18next.t('probe.word')).toBe('mot');
    expect(i18next.t('login.title')).toBe('Connexion');
  });

  it('should fetch a screen catalogue once per language', async () => {
    expect(loadScreenCatalogue(probe, 'en')).toBe(loadScreenCatalogue(probe, 'en'));
    await loadScreenCatalogue(probe, 'en');
    expect(i18next.t('probe.word', { lng: 'en' })).toBe('word');
  });
});
