import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../browser/browser.ts';
import { fakeAccessToken, fakeApi, type FakeApi } from '../../test/fake-api.ts';
import {
  authSession,
  coopVerte,
  renderApp,
  setSessionMarker,
  signedInRoutes,
} from '../../test/render-app.tsx';
import { cloudscape, dialogTexts, dialogVisible, visibleDialog } from '../../test/cloudscape.ts';
import { hasSessionMarker } from './session-marker.ts';

const visibleDialogElement = () => visibleDialog()?.getElement() as HTMLElement;

const apiCalls = (calls: string[]) => calls.filter((call) => call.includes(' /api/'));

/** Whether the SPA called the route as the session cookie's own: its header, and no token of its own. */
const viaSessionCookie = (api: FakeApi, route: string) =>
  api.requestTo(route)?.headers.get('X-Session-Cookie');

describe('session start-up', () => {
  it('should show the login page at once when the browser holds no session', async () => {
    const api = fakeApi({});
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText('Loading, please wait...')).toBeNull();
    expect(apiCalls(api.calls())).toEqual([]);
  });

  it('should restore a user session with one refresh, which the API answers from its cookie', async () => {
    setSessionMarker();
    const api = fakeApi(signedInRoutes('USER'));
    renderApp('/');

    expect(screen.getByText('Loading, please wait...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Welcome Asha Agent' })).toBeTruthy();
    // The page holds no refresh token to send: the API reads and rotates its HttpOnly cookie.
    expect(viaSessionCookie(api, 'GET /api/auth/refresh')).toBe('1');
    expect(api.bearerOf('GET /api/auth/refresh')).toBeNull();
    // The refresh answer carries the enabler: the first screen does not ask for it again.
    expect(apiCalls(api.calls())).toEqual(['GET /api/auth/refresh']);
    // A user sees the name of their enabler, and the enabler's banner on the home page.
    expect(screen.getByText('Coop Verte')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Banner of Coop Verte' }).getAttribute('src')).toBe(
      coopVerte.banner,
    );
  });

  it('should also load every enabler for an administrator', async () => {
    setSessionMarker();
    const api = fakeApi(signedInRoutes('ADMIN'));
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome Ada Admin' })).toBeTruthy();
    expect(apiCalls(api.calls()).sort()).toEqual(['GET /api/admin/enablers', 'GET /api/auth/refresh']);
  });

  it('should forget a refused session and show the login page quietly', async () => {
    setSessionMarker();
    const api = fakeApi({
      'GET /api/auth/refresh': {
        status: 401,
        body: { code: 'ERR_UNAUTHENTICATED', message: 'JWT validation error' },
      },
    });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(hasSessionMarker()).toBe(false);
    expect(dialogVisible()).toBe(false);
    // A reload would come back here with the same answer: no loop.
    expect(reload).not.toHaveBeenCalled();
    expect(apiCalls(api.calls())).toEqual(['GET /api/auth/refresh']);
  });

  it('should keep the session when the server cannot be reached, and say so', async () => {
    setSessionMarker();
    fakeApi({ 'GET /api/auth/refresh': { networkError: true } });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(hasSessionMarker()).toBe(true);
    await waitFor(() => expect(dialogVisible()).toBe(true));
    expect(dialogTexts()?.content).toBe('A technical error occured : Failed to fetch');
  });

  it('should keep the session for the next visit when the server fails to load the enablers', async () => {
    setSessionMarker();
    fakeApi({
      ...signedInRoutes('ADMIN'),
      'GET /api/admin/enablers': { status: 500, body: { code: 'ERR_INTERNAL', message: 'Internal error.' } },
    });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    // A 5xx is no proof that the session ended: a reload tries again without a new sign-in.
    expect(hasSessionMarker()).toBe(true);
    await waitFor(() => expect(dialogVisible()).toBe(true));
  });
});

describe('signed-in session', () => {
  it('should log out: the server ends the session and its cookie, the page forgets it, login page shown', async () => {
    setSessionMarker();
    const api = fakeApi({ ...signedInRoutes('USER'), 'POST /api/auth/logout': { status: 204 } });
    renderApp('/Account');
    await screen.findByRole('heading', { name: 'Account' });

    await userEvent.click(screen.getByRole('button', { name: /User menu/ }));
    await userEvent.click(screen.getByText('Log out'));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(api.bearerOf('POST /api/auth/logout')).toBe(`Bearer ${authSession('USER').accessToken}`);
    expect(viaSessionCookie(api, 'POST /api/auth/logout')).toBe('1');
    expect(hasSessionMarker()).toBe(false);
  });

  it.each([
    ['cannot be reached', { networkError: true as const }],
    ['fails', { status: 500, body: { code: 'ERR_INTERNAL', message: 'x' } }],
  ])('should still log out here, quietly, when the server %s', async (_, answer) => {
    setSessionMarker();
    const api = fakeApi({ ...signedInRoutes('USER'), 'POST /api/auth/logout': answer });
    renderApp('/Account');
    await screen.findByRole('heading', { name: 'Account' });

    await userEvent.click(screen.getByRole('button', { name: /User menu/ }));
    await userEvent.click(screen.getByText('Log out'));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(api.calls()).toContain('POST /api/auth/logout');
    // The next start shows the login page, though only the API can remove its cookie.
    expect(hasSessionMarker()).toBe(false);
    expect(dialogVisible()).toBe(false);
  });

  it('should log out from everywhere only after the server revoked the sessions', async () => {
    setSessionMarker();
    const api = fakeApi({ ...signedInRoutes('USER'), 'GET /api/auth/logoutFromEverywhere': { status: 204 } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome Asha Agent' });

    await userEvent.click(screen.getByRole('button', { name: /User menu/ }));
    await userEvent.click(screen.getByText('Log out from everywhere'));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(api.bearerOf('GET /api/auth/logoutFromEverywhere')).toBe(
      `Bearer ${authSession('USER').accessToken}`,
    );
    expect(viaSessionCookie(api, 'GET /api/auth/logoutFromEverywhere')).toBe('1');
    expect(hasSessionMarker()).toBe(false);
  });

  it('should stay signed in when logging out from everywhere fails', async () => {
    setSessionMarker();
    fakeApi({
      ...signedInRoutes('USER'),
      'GET /api/auth/logoutFromEverywhere': { status: 500, body: { code: 'ERR_INTERNAL', message: 'x' } },
    });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome Asha Agent' });

    await userEvent.click(screen.getByRole('button', { name: /User menu/ }));
    await userEvent.click(screen.getByText('Log out from everywhere'));

    await waitFor(() => expect(dialogVisible()).toBe(true));
    expect(screen.getByRole('heading', { name: 'Welcome Asha Agent' })).toBeTruthy();
    expect(hasSessionMarker()).toBe(true);
  });

  it('should let an administrator switch to an enabler that has a configuration, then reload on /', async () => {
    const noConfig = {
      id: 'enabler-2',
      name: 'Sans Config',
      latestConfigVersion: null,
      latestConfigDate: null,
    };
    const other = {
      id: 'enabler-3',
      name: 'Agri Nord',
      latestConfigVersion: 1,
      latestConfigDate: '2025-02-01',
    };
    setSessionMarker();
    const moved = { ...authSession('ADMIN'), accessToken: fakeAccessToken(900, 'agri-nord') };
    const api = fakeApi({
      ...signedInRoutes('ADMIN', [coopVerte, noConfig, other]),
      'GET /api/auth/enablerProfile/enabler-3': { body: moved },
    });
    const load = vi.spyOn(browser, 'load').mockImplementation(() => undefined);
    const { tokenKeeper } = renderApp('/Account');
    await screen.findByRole('heading', { name: 'Account' });

    const selector = cloudscape().findSelect('.top-bar__enabler-selector');
    // The list opens in a portal (expandToViewport), outside the top bar.
    const portal = { expandToViewport: true };
    act(() => selector?.openDropdown());
    const offered = selector
      ?.findDropdown(portal)
      .findOptions()
      .map((option) => option.getElement().textContent);
    expect(offered).toEqual(['Coop Verte', 'Agri Nord']);
    act(() => selector?.selectOptionByValue('enabler-3', portal));

    await waitFor(() => expect(load).toHaveBeenCalledWith('/'));
    expect(viaSessionCookie(api, 'GET /api/auth/enablerProfile/enabler-3')).toBe('1');
    // The switch answers the moved session: its access token at once, its refresh token in the cookie,
    // from which the reloaded app restores it.
    expect(await tokenKeeper.validAccessToken()).toBe(moved.accessToken);
    expect(apiCalls(api.calls()).filter((call) => call === 'GET /api/auth/refresh')).toHaveLength(1);
  });
});

describe("an administrator refused another enabler's record", () => {
  const otherEnablers = {
    status: 403,
    body: {
      code: 'ERR_FORBIDDEN_ADMIN',
      message: 'This resource belongs to another enabler; change the view.',
      details: { enablerId: 'enabler-3', enablerName: 'Agri Nord' },
    },
  };
  const moved = { ...authSession('ADMIN'), accessToken: fakeAccessToken(900, 'agri-nord') };

  it('should be offered the switch to that enabler in the error dialog, back on the same screen', async () => {
    setSessionMarker();
    const api = fakeApi({
      ...signedInRoutes('ADMIN'),
      'GET /api/members/m-9': otherEnablers,
      'GET /api/auth/enablerProfile/enabler-3': { body: moved },
    });
    const load = vi.spyOn(browser, 'load').mockImplementation(() => undefined);
    const { tokenKeeper } = renderApp('/Member/m-9');

    await waitFor(() => expect(dialogVisible()).toBe(true));
    expect(dialogTexts()?.content).toBe(
      'This resource belongs to another enabler. Change the view to that enabler to open it.',
    );
    await userEvent.click(
      within(visibleDialogElement()).getByRole('button', { name: 'Switch to Agri Nord' }),
    );

    await waitFor(() => expect(load).toHaveBeenCalledWith('/Member/m-9'));
    expect(viaSessionCookie(api, 'GET /api/auth/enablerProfile/enabler-3')).toBe('1');
    expect(await tokenKeeper.validAccessToken()).toBe(moved.accessToken);
  });

  it('should be offered the switch on an edit form whose record is of that enabler', async () => {
    setSessionMarker();
    fakeApi({
      ...signedInRoutes('ADMIN'),
      'GET /api/admin/contributions/c-1': otherEnablers,
      'GET /api/auth/enablerProfile/enabler-3': { body: moved },
    });
    const load = vi.spyOn(browser, 'load').mockImplementation(() => undefined);
    renderApp('/UpdateContribution/c-1');

    // The form explains it in place: no dialog on top.
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Agri Nord' }));
    expect(dialogVisible()).toBe(false);
    await waitFor(() => expect(load).toHaveBeenCalledWith('/UpdateContribution/c-1'));
  });
});

describe('language kept with the user', () => {
  it('should switch to it at start-up', async () => {
    setSessionMarker();
    fakeApi({
      ...signedInRoutes('USER'),
      'GET /api/auth/refresh': { body: { ...authSession('USER'), language: 'fr' } },
    });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Bienvenue Asha Agent' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
  });

  it('should switch to it at sign-in', async () => {
    fakeApi({
      'POST /api/auth/login': { body: { ...authSession('USER'), language: 'fr' } },
      'GET /api/me/enabler': { body: coopVerte },
    });
    renderApp('/');
    await userEvent.type(await screen.findByLabelText('Email'), 'asha@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Bienvenue Asha Agent' })).toBeTruthy();
  });

  it("should keep the browser's language while the user has chosen none", async () => {
    setSessionMarker();
    fakeApi({
      ...signedInRoutes('USER'),
      'GET /api/auth/refresh': { body: { ...authSession('USER'), language: null } },
    });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome Asha Agent' })).toBeTruthy();
  });
});
