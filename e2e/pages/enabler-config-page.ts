import type { Download, Page } from 'playwright-core';

/** /Enabler/:enablerId/Config/:configId: one config version (English texts). */
export class EnablerConfigPage {
  constructor(private readonly page: Page) {}

  async shown(enablerName: string, version: number): Promise<this> {
    await this.page
      .getByRole('heading', { name: `Configuration version ${version} of ${enablerName}` })
      .waitFor();
    return this;
  }

  /** Clicks Download and resolves with the file the browser received. */
  async download(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    return download;
  }
}
