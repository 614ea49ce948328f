import type { Locator, Page } from 'playwright-core';

export type Language = 'en' | 'fr';

const texts: Record<Language, { heading: string; email: string; password: string }> = {
  en: { heading: 'Sign in', email: 'Email', password: 'Password' },
  fr: { heading: 'Connexion', email: 'E-mail', password: 'Mot de passe' },
};

/** The login screen (/ when signed out). */
export class LoginPage {
  private readonly texts: (typeof texts)[Language];

  constructor(
    private readonly page: Page,
    language: Language = 'en',
  ) {
    this.texts = texts[language];
  }

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
}
