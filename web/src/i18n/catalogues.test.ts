import { describe, expect, it } from 'vitest';
import { errorCodes } from '@cpbo/schemas/error-catalogue.ts';
import en from './en.json';
import fr from './fr.json';

type Catalogue = { [key: string]: string | Catalogue };

/** Every leaf key as a dotted path, e.g. 'login.forgot.title'. */
const leafKeys = (catalogue: Catalogue, prefix = ''): string[] =>
  Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );

const leafValue = (catalogue: Catalogue, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Catalogue | undefined)?.[key], catalogue);

describe('translation catalogues', () => {
  it('should have exactly the same keys in English and French', () => {
    expect(leafKeys(fr).sort()).toEqual(leafKeys(en).sort());
  });

  it.each([
    ['en', en],
    ['fr', fr],
  ])('should give every API error code a message in %s', (_language, catalogue) => {
    const missing = errorCodes.filter((code) => {
      const message = leafValue(catalogue, `errors.${code}`);
      return typeof message !== 'string' || message.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('should hold no message for a code the API does not know', () => {
    expect(Object.keys(en.errors).filter((code) => !(errorCodes as string[]).includes(code))).toEqual([]);
  });

  it('should use the same interpolation variables in both languages', () => {
    const variables = (text: unknown) => [...String(text).matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const key of leafKeys(en)) {
      expect(variables(leafValue(fr, key)), key).toEqual(variables(leafValue(en, key)));
    }
  });
});

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
