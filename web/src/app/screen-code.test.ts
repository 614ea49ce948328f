import { matchPath, matchRoutes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAdminPage } from './admin-pages.ts';
import { pathFits, pathParams, preloadScreenAt, screenAt } from './screen-code.ts';
import { loadAdminCatalogue } from '../i18n/catalogue-loader.ts';
import { screens } from '../navigation/screens.ts';

vi.mock('./admin-pages.ts', async (original) => ({
  ...(await original<typeof import('./admin-pages.ts')>()),
  loadAdminPage: vi.fn(() => Promise.resolve(() => null)),
}));
vi.mock('../i18n/catalogue-loader.ts', async (original) => {
  const actual = await original<typeof import('../i18n/catalogue-loader.ts')>();
  // Fetches nothing; whether the texts are wanted is the real flag.
  const { want, wanted } = actual.loadAdminCatalogue;
  return {
    ...actual,
    loadAdminCatalogue: Object.assign(
      vi.fn(() => Promise.resolve({})),
      { want, wanted },
    ),
  };
});

// An address for a pattern, each parameter an id as they come (dots, @, encoded characters).
const addressOf = (pattern: string) => pattern.replace(/:[^/]+/g, 'agent%40example.org');

describe('screen code', () => {
  it('should read every screen address as the router does', () => {
    for (const screen of screens) {
      for (const other of screens) {
        const address = addressOf(other.path);
        expect(pathFits(screen.path, address), `${screen.path} at ${address}`).toBe(
          matchPath(screen.path, address) !== null,
        );
        // As a screen's useParams reads them: decoded.
        expect(pathParams(screen.path, address), `${screen.path} at ${address}`).toEqual(
          matchRoutes([{ path: screen.path }], address)?.[0]?.params,
        );
      }
    }
  });

  it('should find the screen of an address for a signed-in or a signed-out visitor', () => {
    expect(screenAt('/Members', 'signedIn')).toBe('members');
    expect(screenAt('/members/', 'signedIn')).toBe('members');
    expect(screenAt('/Member/m.1/Field/p.2', 'signedIn')).toBe('plot');
    expect(screenAt('/', 'signedIn')).toBe('home');
    expect(screenAt('/', 'anonymous')).toBe('login');
    expect(screenAt('/register/abc.def', 'anonymous')).toBe('register');
    // Not a screen of that visitor: nothing to fetch ahead (a signed-out visitor gets the login page).
    expect(screenAt('/Members', 'anonymous')).toBeUndefined();
    expect(screenAt('/AdminUsers', 'signedIn')).toBeUndefined();
    expect(screenAt('/Member', 'signedIn')).toBeUndefined();
    expect(screenAt('/AdminUsers', 'admin')).toBe('adminUsers');
    expect(screenAt('/UpdateEnabler/e.1', 'admin')).toBe('updateEnabler');
  });
});

describe('preloadScreenAt', () => {
  afterEach(() => vi.clearAllMocks());

  it('should fetch nothing of the administrators for a signed-out visitor or at an address of every role', async () => {
    expect(loadAdminCatalogue.wanted()).toBe(false);
    preloadScreenAt('/AdminContributions', false, 'en');
    preloadScreenAt('/Account', true, 'en');
    // Both loads (the login page, the account page) are started by now; a module import takes a turn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadAdminPage).not.toHaveBeenCalled();
    expect(loadAdminCatalogue).not.toHaveBeenCalled();
    expect(loadAdminCatalogue.wanted()).toBe(false);
  });

  it("should fetch an administrator's screen and the administrators' texts at its address, with a session", async () => {
    preloadScreenAt('/AdminContributions', true, 'fr');
    await vi.waitFor(() => expect(loadAdminPage).toHaveBeenCalledWith('adminContributions'));
    expect(loadAdminCatalogue).toHaveBeenCalledWith('fr');
    // Their texts come with the first language's, for the screen's outline.
    expect(loadAdminCatalogue.wanted()).toBe(true);
    preloadScreenAt('/UpdateEnabler/e.1', true, 'en');
    await vi.waitFor(() => expect(loadAdminPage).toHaveBeenLastCalledWith('updateEnabler'));
  });
});
