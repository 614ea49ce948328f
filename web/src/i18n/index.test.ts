import { describe, expect, it } from 'vitest';
import i18next, { loadCatalogue } from './index.ts';

describe('catalogues on demand', () => {
  // test-setup.ts shows English before each test; French is fetched only when it is asked for.
  it('should hold no French texts until French is shown', async () => {
    expect(i18next.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18next.hasResourceBundle('fr', 'translation')).toBe(false);

    await i18next.changeLanguage('fr');
    expect(i18next.hasResourceBundle('fr', 'translation')).toBe(true);
    expect(i18next.t('login.title')).toBe('Connexion');
    expect(document.documentElement.lang).toBe('fr');
  });

  it("should give each language's catalogue with Cloudscape's texts in that language", async () => {
    const [english, french] = await Promise.all([loadCatalogue('en'), loadCatalogue('fr')]);
    expect(Object.keys(english.cloudscape['cloudscape-design-components'] ?? {})).toEqual(['en']);
    expect(Object.keys(french.cloudscape['cloudscape-design-components'] ?? {})).toEqual(['fr']);
    expect((english.app as { app: { loading: string } }).app.loading).toBe('Loading, please wait...');
  });

  it('should fetch a catalogue once', () => {
    expect(loadCatalogue('fr')).toBe(loadCatalogue('fr'));
  });
});
