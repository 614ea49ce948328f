import type { Locator, Page } from 'playwright-core';

/** /AdminEnablers: the enabler list (English texts). */
export class AdminEnablersPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<this> {
    await this.page.goto('/AdminEnablers');
    return this.shown();
  }

  async shown(): Promise<this> {
    await this.page.getByRole('heading', { name: /^Enablers/ }).waitFor();
    return this;
  }

  get addButton(): Locator {
    return this.page.getByRole('link', { name: 'Add an enabler' }).first();
  }

  /** The table row of an enabler, found by its name. */
  row(name: string): Locator {
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  /** The red message of a row whose enabler has no config yet. */
  noConfigMessage(name: string): Locator {
    return this.row(name).getByText('No configuration: upload one');
  }

  async openConfigs(name: string): Promise<void> {
    await this.row(name)
      .getByRole('link', { name: `Configurations of ${name}` })
      .click();
  }
}
