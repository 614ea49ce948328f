import type { Locator, Page } from 'playwright-core';

/** /Enabler/:id/Configs: the config versions of one enabler (English texts). */
export class EnablerConfigsPage {
  constructor(private readonly page: Page) {}

  async shown(enablerName: string): Promise<this> {
    await this.page.getByRole('heading', { name: new RegExp(`^Configurations of ${enablerName}`) }).waitFor();
    return this;
  }

  get uploadButton(): Locator {
    return this.page.getByRole('link', { name: 'Upload a configuration' }).first();
  }

  version(version: number): Locator {
    return this.page.getByRole('link', { name: `Version ${version}`, exact: true });
  }
}
