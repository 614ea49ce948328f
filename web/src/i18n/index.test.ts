import { describe, expect, it } from 'vitest';
import i18next, { changeLanguage, loadAdminTexts, loadCatalogue } from './index.ts';
import { loadCloudscapeMessages } from './catalogue-loader.ts';

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

  it("should give each language's catalogue, and Cloudscape's texts in that language apart", async () => {
    const [english, englishCloudscape, frenchCloudscape] = await Promise.all([
      loadCatalogue('en'),
      loadCloudscapeMessages('en'),
      loadCloudscapeMessages('fr'),
    ]);
    expect(Object.keys(englishCloudscape['cloudscape-design-components'] ?? {})).toEqual(['en']);
    expect(Object.keys(frenchCloudscape['cloudscape-design-components'] ?? {})).toEqual(['fr']);
    expect((english.app as { app: { loading: string } }).app.loading).toBe('Loading, please wait...');
    expect(Object.keys(english)).toEqual(['app']);
  });

  it('should fetch a catalogue once', () => {
    expect(loadCatalogue('fr')).toBe(loadCatalogue('fr'));
    expect(loadCloudscapeMessages('fr')).toBe(loadCloudscapeMessages('fr'));
  });

  // Runs after the French test above: French was read before any administrator's screen.
  it("should add the administrators' texts to the languages read before, and to the next ones", async () => {
    await i18next.changeLanguage('en');
    expect(i18next.exists('adminTable.retry')).toBe(false);
    await loadAdminTexts();
    expect(i18next.t('adminTable.retry')).toBe('Retry');
    expect(i18next.t('login.title')).toBe('Sign in');

    await changeLanguage('fr');
    expect(i18next.t('adminTable.retry')).toBe('Réessayer');
    expect(i18next.t('login.title')).toBe('Connexion');
  });
});
