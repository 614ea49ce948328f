import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18next from '../../i18n/index.ts';
import { fakeApi, type FakeAnswer } from '../../test/fake-api.ts';
import { authSession, coopVerte, renderApp } from '../../test/render-app.tsx';
import { cloudscape, dialogTexts, dialogVisible, visibleDialog } from '../../test/cloudscape.ts';
import { fieldErrors } from '../../test/form-fields.ts';

const submitButton = () => cloudscape().findButton('[type="submit"]');
const spinnerShown = () => submitButton()?.findLoadingIndicator() !== null;

/** An answer the test releases when it wants, to look at the page while the call is pending. */
const deferred = () => {
  let release: (answer: FakeAnswer) => void = () => undefined;
  const answer = new Promise<FakeAnswer>((resolve) => {
    release = resolve;
  });
  return { answer, release };
};

describe('login page', () => {
  it('should show the English texts', async () => {
    fakeApi({});
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('should show the French texts', async () => {
    await i18next.changeLanguage('fr');
    fakeApi({});
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail')).toBeTruthy();
    expect(screen.getByLabelText('Mot de passe')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
  });

  it('should require the email and the password before calling the server', async () => {
    const api = fakeApi({});
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(fieldErrors()).toEqual(['Email is required.', 'Password is required.']);
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(fieldErrors()).toEqual(['Password is required.']);
    expect(api.calls().filter((call) => call.includes('/api/'))).toEqual([]);
  });

  it('should stop the spinner and show the catalogue message when the login fails', async () => {
    const pending = deferred();
    const api = fakeApi({ 'POST /api/auth/login': () => pending.answer });
    renderApp('/');
    await userEvent.type(await screen.findByLabelText('Email'), ' asha@example.org ');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(spinnerShown()).toBe(true));
    pending.release({ status: 401, body: { code: 'ERR_LOGIN_INVALID', message: 'Invalid credentials' } });

    await waitFor(() =>
      expect(cloudscape().findForm()?.findError()?.getElement().textContent).toBe(
        'Invalid credentials, please retry.',
      ),
    );
    expect(spinnerShown()).toBe(false);
    expect(api.requestTo('POST /api/auth/login')?.body).toEqual({
      username: 'asha@example.org',
      password: 'wrong password',
    });
    // Shown in the form, not in the global dialog as well.
    expect(dialogVisible()).toBe(false);
  });

  it('should sign in, leaving the refresh token to the API’s cookie, and show the home page', async () => {
    const api = fakeApi({
      'POST /api/auth/login': { body: authSession('USER') },
      'GET /api/me/enabler': { body: coopVerte },
    });
    renderApp('/');
    await userEvent.type(await screen.findByLabelText('Email'), 'asha@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome Asha Agent' })).toBeTruthy();
    // The API keeps the refresh token in its HttpOnly cookie: the sign-in says it wants it so.
    expect(api.requestTo('POST /api/auth/login')?.headers.get('X-Session-Cookie')).toBe('1');
    // The sign-in answer carries the enabler: the home page does not ask for it again.
    expect(api.calls()).not.toContain('GET /api/me/enabler');
    for (const [name, href] of [
      ['Add a member', '/Onboarding'],
      ['Members', '/Members'],
      ['Dashboard', '/Dashboard'],
    ]) {
      const button = screen.getAllByRole('link', { name }).find((link) => link.closest('main'));
      expect(button?.getAttribute('href'), name).toBe(href);
    }
  });

  it('should ask for the email in forgot-password mode, confirm neutrally and return to login', async () => {
    const api = fakeApi({ 'POST /api/resetPassword/request': { status: 202 } });
    renderApp('/');
    await userEvent.type(await screen.findByLabelText('Email'), 'asha@example.org');
    await userEvent.click(screen.getByText('Forgot password?'));

    // The forgot-password mode's code is fetched when it is chosen.
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeTruthy();
    // The email typed for the login carries over.
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('asha@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));

    await waitFor(() => expect(dialogVisible()).toBe(true));
    expect(api.requestTo('POST /api/resetPassword/request')?.body).toEqual({ email: 'asha@example.org' });
    expect(api.bearerOf('POST /api/resetPassword/request')).toBeNull();
    expect(dialogTexts()?.content).toBe(
      'If the email address is correct, an email has been sent to it with a link to choose a new password.',
    );
    const ok = visibleDialog()?.findFooter()?.findButton()?.getElement();
    expect(ok?.textContent).toBe('OK');
    await userEvent.click(ok as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(dialogVisible()).toBe(false);
  });

  it('should require the email in forgot-password mode', async () => {
    const api = fakeApi({});
    renderApp('/');
    await userEvent.click(await screen.findByText('Forgot password?'));
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(fieldErrors()).toEqual(['Email is required.']);
    expect(api.calls().filter((call) => call.includes('/api/'))).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('should switch the language from the login page', async () => {
    fakeApi({});
    renderApp('/');
    await screen.findByRole('heading', { name: 'Sign in' });
    await userEvent.click(screen.getByRole('button', { name: 'Language: English, EN' }));
    await userEvent.click(screen.getByText('Français'));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem('language')).toBe('fr');
  });
});
