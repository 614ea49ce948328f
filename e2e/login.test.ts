import { LoginPage } from './pages/login-page.ts';
import { describe, expect, test } from './support/test.ts';

describe('login screen', () => {
  test('should greet an English browser with the English login form', async ({ openApp }) => {
    const login = await new LoginPage(await openApp({ locale: 'en-US' }), 'en').shown();
    expect(await login.emailField.isVisible()).toBe(true);
    expect(await login.passwordField.isVisible()).toBe(true);
  });

  test('should greet a French browser in French', async ({ openApp }) => {
    const login = await new LoginPage(await openApp({ locale: 'fr-FR' }), 'fr').shown();
    expect(await login.emailField.isVisible()).toBe(true);
    expect(await login.passwordField.isVisible()).toBe(true);
  });
});
