import type { Locator, Page } from 'playwright-core';

/** The form of a mailed link: /register/:token (first password) or /resetPassword/:token (new one). */
export class SetPasswordPage {
  constructor(
    private readonly page: Page,
    private readonly purpose: 'register' | 'resetPassword' = 'register',
  ) {}

  get heading(): Locator {
    const name = this.purpose === 'register' ? 'Create your password' : 'Choose a new password';
    return this.page.getByRole('heading', { name, exact: true });
  }

  get passwordField(): Locator {
    return this.page.getByLabel('Password', { exact: true });
  }

  get confirmationField(): Locator {
    return this.page.getByLabel('Password confirmation', { exact: true });
  }

  get submitButton(): Locator {
    const name = this.purpose === 'register' ? 'Create the password' : 'Save the new password';
    return this.page.getByRole('button', { name, exact: true });
  }

  /** The confirmation shown once the server took the password. */
  get doneDialog(): Locator {
    return this.page.getByRole('dialog').filter({ has: this.page.getByRole('button', { name: 'OK' }) });
  }

  /** The password's strength bar, there once the form's estimator has loaded. */
  get strength(): Locator {
    return this.page.getByRole('progressbar');
  }

  async shown(): Promise<this> {
    await this.heading.waitFor({ state: 'visible' });
    await this.strength.waitFor({ state: 'visible' });
    return this;
  }

  /** Types the password twice, sends it and closes the confirmation (the app then shows the login page). */
  async setPassword(password: string): Promise<void> {
    await this.passwordField.fill(password);
    await this.confirmationField.fill(password);
    await this.submitButton.click();
    await this.doneDialog.getByRole('button', { name: 'OK' }).click();
  }
}
