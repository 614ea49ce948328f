import type { Page } from 'playwright-core';

/** /AdminDatas: exports, imports and the files' documentation (English texts). */
export class AdminDataPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<this> {
    await this.page.goto(new URL('/AdminDatas', this.page.url()).toString());
    await this.page.getByRole('heading', { name: 'Data', level: 1, exact: true }).waitFor();
    return this;
  }

  /** Starts an export and waits for its download link; answers the link. */
  async export(kind: 'members' | 'enablers' | 'all'): Promise<string> {
    const label = { members: 'Export members', enablers: 'Export enablers', all: 'Export all' }[kind];
    await this.page.getByRole('button', { name: label, exact: true }).click();
    const link = this.page.getByRole('link', { name: `Download ${kind}.json` });
    await link.waitFor({ timeout: 30_000 });
    return (await link.getAttribute('href')) ?? '';
  }

  /** Picks the full import's file (the first file picker), then confirms. */
  async importFile(path: string): Promise<void> {
    await this.page.locator('input[type="file"]').first().setInputFiles(path);
    await this.page.getByRole('button', { name: 'Import', exact: true }).first().click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Import', exact: true }).click();
  }

  progressBar() {
    return this.page.getByRole('progressbar');
  }

  reportDialog() {
    return this.page.getByRole('dialog').filter({ hasText: 'Import report' });
  }
}
