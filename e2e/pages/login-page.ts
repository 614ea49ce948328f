import type { Locator } from 'playwright-core';
import { TranslatedPage, type Language } from './translated-page.ts';

const texts: Record<Language, { heading: string; email: string; password: string; signIn: string }> = {
  en: { heading: 'Sign in', email: 'Email', password: 'Password', signIn: 'Sign in' },
  fr: { heading: 'Connexion', email: 'E-mail', password: 'Mot de passe', signIn: 'Se connecter' },
};

/** The login screen (/ when signed out). */
export class LoginPage extends TranslatedPage(texts) {
  get heading(): Locator {
    return this.page.getByRole('heading', { name: this.texts.heading, exact: true });
  }

  get emailField(): Locator {
    return this.page.getByLabel(this.texts.email, { exact: true });
  }

  get passwordField(): Locator {
    return this.page.getByLabel(this.texts.password, { exact: true });
  }

  /** Resolves once the screen is shown (after the loading screen). */
  async shown(): Promise<this> {
    await this.heading.waitFor({ state: 'visible' });
    return this;
  }

  /** Fills the form and submits it. */
  async signIn(email: string, password: string): Promise<void> {
    await this.emailField.fill(email);
    await this.passwordField.fill(password);
    await this.page.getByRole('button', { name: this.texts.signIn, exact: true }).click();
  }
}
