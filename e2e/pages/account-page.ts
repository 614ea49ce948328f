import type { Locator, Page } from 'playwright-core';
import type { Language } from './login-page.ts';

const texts: Record<
  Language,
  {
    heading: string;
    userMenu: string;
    logout: string;
    logoutFromEverywhere: string;
    currentPassword: string;
    newPassword: string;
    confirmation: string;
    change: string;
  }
> = {
  en: {
    heading: 'Account',
    userMenu: 'User menu',
    logout: 'Log out',
    logoutFromEverywhere: 'Log out from everywhere',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmation: 'New password confirmation',
    change: 'Change the password',
  },
  fr: {
    heading: 'Compte',
    userMenu: "Menu de l'utilisateur",
    logout: 'Se déconnecter',
    logoutFromEverywhere: 'Se déconnecter partout',
    currentPassword: 'Mot de passe actuel',
    newPassword: 'Nouveau mot de passe',
    confirmation: 'Confirmation du nouveau mot de passe',
    change: 'Changer le mot de passe',
  },
};

/** /Account, in the language the interface shows; the account menu of the top bar is reached from here. */
export class AccountPage {
  private texts: (typeof texts)[Language];

  constructor(
    private readonly page: Page,
    language: Language = 'en',
  ) {
    this.texts = texts[language];
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: this.texts.heading, exact: true, level: 1 });
  }

  /** The radio button of a language, named in that language (English, Français). */
  languageChoice(language: Language): Locator {
    return this.page.getByRole('radio', { name: language === 'en' ? 'English' : 'Français' });
  }

  async open(): Promise<this> {
    await this.page.goto('/Account');
    await this.heading.waitFor({ state: 'visible' });
    return this;
  }

  /** Chooses the language, waits until the server kept it; the page then speaks it. */
  async chooseLanguage(language: Language): Promise<void> {
    const saved = this.page.waitForResponse(
      (response) => response.url().endsWith('/api/me/language') && response.request().method() === 'PUT',
    );
    await this.languageChoice(language).check();
    const response = await saved;
    if (!response.ok()) throw new Error(`The language was not saved: ${response.status()}`);
    this.texts = texts[language];
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    // The strength bar comes with the form's estimator: once it is there, nothing moves under the pointer.
    await this.page.getByRole('progressbar').waitFor({ state: 'visible' });
    await this.page.getByLabel(this.texts.currentPassword, { exact: true }).fill(currentPassword);
    await this.page.getByLabel(this.texts.newPassword, { exact: true }).fill(newPassword);
    await this.page.getByLabel(this.texts.confirmation, { exact: true }).fill(newPassword);
    await this.page.getByRole('button', { name: this.texts.change, exact: true }).click();
  }

  /** Through the account menu of the top bar (it is there on every signed-in page). */
  async logOut(): Promise<void> {
    await this.page.getByRole('button', { name: new RegExp(`^${this.texts.userMenu}`) }).click();
    await this.page.getByRole('menuitem', { name: this.texts.logout, exact: true }).click();
  }

  /** Through the account menu of the top bar. */
  async logOutFromEverywhere(): Promise<void> {
    await this.page.getByRole('button', { name: new RegExp(`^${this.texts.userMenu}`) }).click();
    await this.page.getByRole('menuitem', { name: this.texts.logoutFromEverywhere }).click();
  }
}
