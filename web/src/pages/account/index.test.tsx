import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeAnswer } from '../../test/fake-api.ts';
import { authSession, renderApp, setSessionMarker, signedInRoutes } from '../../test/render-app.tsx';
import { cloudscape, dialogTexts, dialogVisible } from '../../test/cloudscape.ts';
import { userEvent } from '../../test/user-event.ts';
import { fieldErrors } from '../../test/form-fields.ts';

const changeButton = () => cloudscape().findForm()?.findActions()?.findButton();

const openAccount = async (routes: Record<string, FakeAnswer> = {}) => {
  setSessionMarker();
  const api = fakeApi({ ...signedInRoutes('USER'), ...routes });
  renderApp('/Account');
  await screen.findByRole('heading', { name: 'Account', level: 1 });
  return api;
};

// Cloudscape forms render slowly in jsdom on a busy machine.
describe('account page', { timeout: 30_000 }, () => {
  it('should show who the user is, with the label of the role', async () => {
    await openAccount();
    const pairs = cloudscape()
      .findKeyValuePairs()
      ?.findItems()
      .map((item) => [
        item.findLabel()?.getElement().textContent,
        item.findValue()?.getElement().textContent,
      ]);
    expect(pairs).toEqual([
      ['User name', 'Asha Agent'],
      ['Email', 'asha@example.org'],
      ['Role', 'Enabler'],
    ]);
  });

  it('should save the chosen language and switch the interface at once', async () => {
    const api = await openAccount({ 'PUT /api/me/language': { body: { language: 'fr' } } });
    expect((screen.getByLabelText('English') as HTMLInputElement).checked).toBe(true);

    await userEvent.click(screen.getByLabelText('Français'));

    expect(await screen.findByRole('heading', { name: 'Compte', level: 1 })).toBeTruthy();
    await waitFor(() => expect(api.requestTo('PUT /api/me/language')?.body).toEqual({ language: 'fr' }));
    expect(api.bearerOf('PUT /api/me/language')).toBe(`Bearer ${authSession('USER').accessToken}`);
    expect((screen.getByLabelText('Français') as HTMLInputElement).checked).toBe(true);
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem('language')).toBe('fr');
  });

  it('should go back to the former language when the server refuses the choice', async () => {
    await openAccount({
      'PUT /api/me/language': { status: 500, body: { code: 'ERR_INTERNAL', message: 'x' } },
    });
    await userEvent.click(screen.getByLabelText('Français'));

    await waitFor(() => expect(dialogVisible()).toBe(true));
    expect(dialogTexts()?.content).toBe('An internal error occurred on the server. Please retry later.');
    expect(screen.getByRole('heading', { name: 'Account', level: 1 })).toBeTruthy();
    expect((screen.getByLabelText('English') as HTMLInputElement).checked).toBe(true);
  });

  it('should apply the password rules before the new password can be sent', async () => {
    const api = await openAccount();
    expect(changeButton()?.isDisabled()).toBe(true);

    await userEvent.type(screen.getByLabelText('Current password'), 'old password');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.tab();
    expect(fieldErrors()).toEqual(['Password must contain at least 8 characters.']);
    expect(changeButton()?.isDisabled()).toBe(true);

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'old password');
    await userEvent.type(screen.getByLabelText('New password confirmation'), 'old password');
    await userEvent.tab();
    expect(fieldErrors()).toEqual(['The old and the new password are identical']);
    expect(changeButton()?.isDisabled()).toBe(true);

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'new password');
    expect(fieldErrors()).toEqual(['The password and its confirmation differ.']);
    expect(changeButton()?.isDisabled()).toBe(true);

    expect(api.calls().filter((call) => call.includes('/api/auth/password'))).toEqual([]);
  });

  it('should change the password, say so and empty the form', async () => {
    const api = await openAccount({ 'PUT /api/auth/password': { body: {} } });
    await userEvent.type(screen.getByLabelText('Current password'), 'old password');
    await userEvent.type(screen.getByLabelText('New password'), 'new password');
    await userEvent.type(screen.getByLabelText('New password confirmation'), 'new password');
    expect(changeButton()?.isDisabled()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Change the password' }));

    expect(
      await screen.findByText('Your password has been changed. Your other sessions have been signed out.'),
    ).toBeTruthy();
    expect(api.requestTo('PUT /api/auth/password')?.body).toEqual({
      newPassword: 'new password',
      currentPassword: 'old password',
    });
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
    expect(fieldErrors()).toEqual([]);
  });

  it('should keep the form when the current password is wrong', async () => {
    await openAccount({
      'PUT /api/auth/password': { status: 400, body: { code: 'ERR_LOGIN_INVALID', message: 'x' } },
    });
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong password');
    await userEvent.type(screen.getByLabelText('New password'), 'new password');
    await userEvent.type(screen.getByLabelText('New password confirmation'), 'new password');
    await userEvent.click(screen.getByRole('button', { name: 'Change the password' }));

    await waitFor(() => expect(dialogVisible()).toBe(true));
    expect(dialogTexts()?.content).toBe('Invalid credentials, please retry.');
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('wrong password');
    expect(screen.queryByText(/Your password has been changed/)).toBeNull();
  });

  it('should show the strength while the new password is typed, and refuse the account’s name before sending', async () => {
    const api = await openAccount({
      'PUT /api/auth/password': { status: 400, body: { code: 'ERR_PASSWORD_TOO_COMMON', message: 'x' } },
    });
    await userEvent.type(screen.getByLabelText('Current password'), 'old password');
    await userEvent.type(screen.getByLabelText('New password'), 'password1');
    expect(await screen.findByText('Very weak: guessed at once')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('New password'), 'x');
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'tamarind evening breeze 42');
    expect(await screen.findByText('Very strong')).toBeTruthy();

    // The e-mail's name (asha@…) is refused here already.
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'Asha-2026-river');
    await userEvent.type(screen.getByLabelText('New password confirmation'), 'Asha-2026-river');
    await userEvent.tab();
    expect(fieldErrors()).toContain('Attackers try this password first: choose another.');
    expect(changeButton()?.isDisabled()).toBe(true);

    // A listed one is the server's to refuse: its answer says why.
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('New password confirmation'));
    await userEvent.type(screen.getByLabelText('New password'), 'Password123!');
    await userEvent.type(screen.getByLabelText('New password confirmation'), 'Password123!');
    await userEvent.click(screen.getByRole('button', { name: 'Change the password' }));
    await waitFor(() => expect(dialogVisible()).toBe(true));
    expect(dialogTexts()?.content).toMatch(/^Attackers try this password first/);
    expect(api.requestTo('PUT /api/auth/password')?.body).toMatchObject({ newPassword: 'Password123!' });
  });
});

describe('a session opened with a password attackers try first', { timeout: 30_000 }, () => {
  it('should ask for a new password, whatever the screen, until it is changed', async () => {
    setSessionMarker();
    const api = fakeApi({
      ...signedInRoutes('USER'),
      'GET /api/auth/refresh': { body: { ...authSession('USER'), passwordChangeRequired: true } },
      'PUT /api/auth/password': { body: {} },
      'GET /api/members': { body: { members: [], total: 0 } },
    });
    renderApp('/Account');
    expect(await screen.findByRole('heading', { name: 'Change your password', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Account', level: 1 })).toBeNull();

    await userEvent.type(screen.getByLabelText('Current password'), 'password1');
    await userEvent.type(screen.getByLabelText('New password'), 'tamarind evening breeze 42');
    await userEvent.type(screen.getByLabelText('New password confirmation'), 'tamarind evening breeze 42');
    await userEvent.click(screen.getByRole('button', { name: 'Change the password' }));

    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeTruthy();
    expect(api.requestTo('PUT /api/auth/password')?.body).toEqual({
      currentPassword: 'password1',
      newPassword: 'tamarind evening breeze 42',
    });
  });

  it('should say so in French too', async () => {
    setSessionMarker();
    fakeApi({
      ...signedInRoutes('USER'),
      'GET /api/auth/refresh': {
        body: { ...authSession('USER'), language: 'fr', passwordChangeRequired: true },
      },
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Changez votre mot de passe', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
  });
});
