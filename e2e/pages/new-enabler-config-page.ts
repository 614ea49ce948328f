import type { Page } from 'playwright-core';

/** /Enabler/:id/NewConfig: the config upload (English texts). */
export class NewEnablerConfigPage {
  constructor(private readonly page: Page) {}

  async shown(enablerName: string): Promise<this> {
    await this.page.getByRole('heading', { name: `New configuration of ${enablerName}` }).waitFor();
    return this;
  }

  async chooseFile(path: string): Promise<void> {
    await this.page.locator('input[type="file"]').setInputFiles(path);
  }

  /** Upload, then confirm in the dialog. */
  async uploadAndConfirm(): Promise<void> {
    await this.page.locator('form').getByRole('button', { name: 'Upload', exact: true }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Upload', exact: true }).click();
  }
}
