import { describe, expect, it } from 'vitest';
import i18next, { changeLanguage, loadAdminTexts, loadCatalogue } from './index.ts';
import { loadCloudscapeMessages, loadOfflineCatalogue } from './catalogue-loader.ts';
import offlineFr from './screens/offline/fr.json';

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

  // At the waiting list's address the page's first module wants them before i18next reads a language.
  it("should add the offline field work's texts to the languages shown once they are wanted", async () => {
    await changeLanguage('en');
    expect(i18next.exists('offline.list.description')).toBe(false);
    loadOfflineCatalogue.want();
    await changeLanguage('fr');
    expect(i18next.t('offline.list.description')).toBe(offlineFr.offline.list.description);
    expect(i18next.t('login.title')).toBe('Connexion');
  });
});
