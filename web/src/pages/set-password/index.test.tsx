import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18next from '../../i18n/index.ts';
import { loadCloudscapeMessages } from '../../i18n/catalogue-loader.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { cloudscape, dialogTexts, dialogVisible, visibleDialog } from '../../test/cloudscape.ts';
import { userEvent } from '../../test/user-event.ts';
import { fieldErrors } from '../../test/form-fields.ts';

const submitDisabled = () => cloudscape().findForm()?.findActions()?.findButton()?.isDisabled();
const passwordField = () => screen.getByLabelText('Password');
const confirmationField = () => screen.getByLabelText('Password confirmation');

// Cloudscape forms render slowly in jsdom on a busy machine.
describe('set-password page', { timeout: 30_000 }, () => {
  it('should keep the submit disabled and say why until both rules hold', async () => {
    const api = fakeApi({});
    renderApp('/register/token-1');
    expect(await screen.findByRole('heading', { name: 'Create your password' })).toBeTruthy();
    expect(submitDisabled()).toBe(true);
    // No error before the user has done anything.
    expect(fieldErrors()).toEqual([]);

    await userEvent.type(passwordField(), 'short12');
    await userEvent.tab();
    expect(fieldErrors()).toEqual(['Password must contain at least 8 characters.']);
    expect(submitDisabled()).toBe(true);

    await userEvent.type(passwordField(), '3');
    await userEvent.type(confirmationField(), 'short124');
    await userEvent.tab();
    expect(fieldErrors()).toEqual(['The password and its confirmation differ.']);
    expect(submitDisabled()).toBe(true);

    await userEvent.clear(confirmationField());
    await userEvent.type(confirmationField(), 'short123');
    expect(fieldErrors()).toEqual([]);
    expect(submitDisabled()).toBe(false);
    expect(api.calls().filter((call) => call.includes('/api/'))).toEqual([]);
  });

  it('should show the strength as the password is typed, and why the server refused a common one', async () => {
    const api = fakeApi({
      'POST /api/resetPassword': { status: 400, body: { code: 'ERR_PASSWORD_TOO_COMMON', message: 'x' } },
    });
    renderApp('/resetPassword/token-2');
    await userEvent.type(await screen.findByLabelText('Password'), '12345678');
    expect(await screen.findByText('Very weak: guessed at once')).toBeTruthy();
    await userEvent.type(confirmationField(), '12345678');
    await userEvent.click(screen.getByRole('button', { name: /password/i }));
    await waitFor(() => expect(dialogVisible()).toBe(true));
    expect(dialogTexts()?.content).toMatch(/^Attackers try this password first/);
    expect(api.requestTo('POST /api/resetPassword')?.body).toEqual({
      token: 'token-2',
      password: '12345678',
    });
  });

  it('should count characters as the server does', async () => {
    fakeApi({});
    renderApp('/register/token-1');
    // Seven characters, but more than eight UTF-16 units.
    await userEvent.type(await screen.findByLabelText('Password'), 'pass😀😀😀');
    await userEvent.type(confirmationField(), 'pass😀😀😀');
    await userEvent.tab();
    expect(fieldErrors()).toEqual(['Password must contain at least 8 characters.']);
    expect(submitDisabled()).toBe(true);
  });

  it('should register with the token of the link, confirm, then go to the login page', async () => {
    const api = fakeApi({ 'POST /api/register': { body: {} } });
    renderApp('/register/token-1');
    await userEvent.type(await screen.findByLabelText('Password'), 'correct horse');
    await userEvent.type(confirmationField(), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Create the password' }));

    await waitFor(() => expect(dialogVisible()).toBe(true));
    expect(api.requestTo('POST /api/register')?.body).toEqual({
      password: 'correct horse',
      token: 'token-1',
    });
    expect(api.bearerOf('POST /api/register')).toBeNull();
    expect(dialogTexts()).toEqual({
      header: 'Password created',
      content: 'Your account is ready: sign in with your email and your new password.',
    });
    await userEvent.click(visibleDialog()?.findFooter()?.findButton()?.getElement() as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('should set a new password from a renewal link, and show a refused link in the error dialog', async () => {
    const api = fakeApi({
      'POST /api/resetPassword': {
        status: 400,
        body: { code: 'ERR_RENEW_FAILED', message: 'Renewal failed' },
      },
    });
    renderApp('/resetPassword/token-2');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    await userEvent.type(passwordField(), 'correct horse');
    await userEvent.type(confirmationField(), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));

    await waitFor(() => expect(dialogVisible()).toBe(true));
    expect(api.requestTo('POST /api/resetPassword')?.body).toEqual({
      password: 'correct horse',
      token: 'token-2',
    });
    expect(dialogTexts()).toEqual({
      header: 'An error occured',
      content: 'The password renewal failed. The link may have expired.',
    });
    // Still on the form, to retry.
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
  });

  it('should speak French', async () => {
    await i18next.changeLanguage('fr');
    // Cloudscape's French labels come with the page (common/ui/cloudscape-texts.tsx): their first load in
    // jsdom takes seconds on a busy machine, which is not what this test looks at.
    await loadCloudscapeMessages('fr');
    fakeApi({});
    renderApp('/register/token-1');
    expect(await screen.findByRole('heading', { name: 'Créez votre mot de passe' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'court');
    await userEvent.type(screen.getByLabelText('Confirmation du mot de passe'), 'autre');
    await userEvent.tab();
    expect(fieldErrors()).toEqual([
      'Le mot de passe doit contenir au moins 8 caractères.',
      'Le mot de passe et sa confirmation sont différents.',
    ]);
  });
});
