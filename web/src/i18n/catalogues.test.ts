import { describe, expect, it } from 'vitest';
import { errorCodes } from '@cpbo/schemas/error-catalogue.ts';
import enAdmin from './admin/en.json';
import frAdmin from './admin/fr.json';
import enMain from './en.json';
import frMain from './fr.json';
import { leafKeys, leafValue } from '../test/catalogue-leaves.ts';
import { catalogueSections, signedInSections } from './catalogue-sections.ts';

// A language's texts: the main catalogue and the administrators' screens' one, loaded with those screens.
const en = { ...enMain, ...enAdmin };
const fr = { ...frMain, ...frAdmin };

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

  it.each([
    ['en', enMain, enAdmin],
    ['fr', frMain, frAdmin],
  ])(
    "should keep each %s section in one catalogue only, the main or the administrators'",
    (_language, main, admin) => {
      expect(Object.keys(admin).filter((section) => section in main)).toEqual([]);
    },
  );
});

describe("Cloudscape's catalogues", () => {
  // The build leaves formatjs's ICU parser out (vite.config.ts): a message given as text would fail to format.
  it.each([
    ['en', () => import('./catalogues/cloudscape-en.ts')],
    ['fr', () => import('./catalogues/cloudscape-fr.ts')],
  ])('should hold only compiled messages in %s', async (_, load) => {
    const { cloudscapeMessages } = await load();
    const messages = Object.values(cloudscapeMessages).flatMap((languages) =>
      Object.values(languages).flatMap((components) =>
        Object.values(components).flatMap((keys) => Object.values(keys)),
      ),
    );
    expect(messages.length).toBeGreaterThan(100);
    expect(messages.filter((message) => !Array.isArray(message))).toEqual([]);
  });
});

describe('the catalogue split between the first screens and the signed-in ones', () => {
  it.each([
    ['en', enMain, () => import('./catalogues/en.ts'), () => import('./catalogues/en-signed-in.ts')],
    ['fr', frMain, () => import('./catalogues/fr.ts'), () => import('./catalogues/fr-signed-in.ts')],
  ])('should give every section of %s once, the signed-in ones apart', async (_, main, first, signedIn) => {
    expect(signedInSections.every((section) => section in main)).toBe(true);
    const [{ catalogue }, { signedInCatalogue }] = await Promise.all([first(), signedIn()]);
    expect(Object.keys(signedInCatalogue).sort()).toEqual([...signedInSections].sort());
    expect(Object.keys(catalogue.app).filter((section) => section in signedInCatalogue)).toEqual([]);
    expect({ ...catalogue.app, ...signedInCatalogue }).toEqual(main);
    expect(catalogueSections(main, 'first')).toEqual(catalogue.app);
  });
});
