import type { Locator, Page } from 'playwright-core';

/** /NewEnabler and /UpdateEnabler/:id (English texts). */
export class EnablerFormPage {
  constructor(private readonly page: Page) {}

  async shown(): Promise<this> {
    await this.nameField.waitFor();
    return this;
  }

  get nameField(): Locator {
    return this.page.getByLabel('Name', { exact: true });
  }

  /** The native file inputs of the two pickers, in the order of the form: logo, banner. */
  private imageInput(index: 0 | 1): Locator {
    return this.page.locator('input[type="file"]').nth(index);
  }

  /** Picks the logo file and waits for its preview. */
  async chooseLogo(path: string): Promise<void> {
    await this.imageInput(0).setInputFiles(path);
    await this.page.getByRole('img', { name: 'Preview of the logo' }).waitFor();
  }

  async chooseBanner(path: string): Promise<void> {
    await this.imageInput(1).setInputFiles(path);
    await this.page.getByRole('img', { name: 'Preview of the banner' }).waitFor();
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }
}
