import type { Locator, Page } from 'playwright-core';

export type RunTable = 'Rows' | 'Refused rows' | 'Possible duplicate beneficiaries' | 'Files';
export type ReviewAction = 'approve' | 'reject';

const reviews: Record<ReviewAction, { button: string; confirm: string }> = {
  approve: { button: 'Approve', confirm: 'Approve and pay' },
  reject: { button: 'Reject', confirm: 'Reject' },
};

// Amounts are written with no-break spaces: compared as plain spaces.
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The benefit runs (/AdminBenefitRuns), the upload of an assessment and a run's page (English texts). */
export class BenefitRunsPage {
  constructor(private readonly page: Page) {}

  /** The link of the side menu's administration section. */
  get menuLink(): Locator {
    return this.page
      .getByRole('group', { name: 'Administration' })
      .getByRole('link', { name: 'Benefit runs', exact: true });
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  async openFromMenu(): Promise<this> {
    await this.menuLink.click();
    await this.page.getByRole('heading', { level: 1, name: /^Benefit runs/ }).waitFor();
    return this;
  }

  /** From the list: uploads an assessment file and waits for its run's page; answers the run's id. */
  async upload(fileName: string, content: string): Promise<string> {
    await this.page.getByRole('link', { name: 'Upload an assessment', exact: true }).first().click();
    await this.page.getByRole('heading', { level: 1, name: 'Upload an assessment', exact: true }).waitFor();
    await this.page
      .locator('input[type="file"]')
      .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(content) });
    await this.page.getByRole('button', { name: 'Upload and preview', exact: true }).click();
    await this.page.waitForURL(/\/BenefitRun\/[^/]+$/);
    await this.heading.filter({ hasText: /^Benefit run / }).waitFor();
    return decodeURIComponent(new URL(this.page.url()).pathname.split('/').at(-1) ?? '');
  }

  async openRun(runId: string): Promise<this> {
    await this.page.goto(`/BenefitRun/${encodeURIComponent(runId)}`);
    await this.heading.filter({ hasText: /^Benefit run / }).waitFor();
    return this;
  }

  /** A figure of the run's page (its label as shown: 'State', 'Plots to pay', 'Total', 'Amount paid'…). */
  figure(label: string): Locator {
    return this.page
      .locator('dt')
      .filter({ hasText: exactly(label) })
      .locator('xpath=following-sibling::dd[1]');
  }

  async figureText(label: string): Promise<string> {
    return plain(await this.figure(label).innerText());
  }

  /** Waits for the run to be in a state (as shown: 'Waiting for approval', 'Paid'…); its jobs are polled. */
  async waitForState(state: string, timeout = 60_000): Promise<void> {
    await this.figure('State').getByText(state, { exact: true }).waitFor({ timeout });
  }

  async openTab(name: 'Rows' | 'Refused rows' | 'Possible duplicates'): Promise<void> {
    await this.page.getByRole('tab', { name: new RegExp(`^${name} \\(`) }).click();
  }

  /** The cell texts of one of the run's tables, once it has rows (not its one loading cell). */
  async tableTexts(table: RunTable): Promise<string[][]> {
    const rows = this.page.getByRole('table', { name: table, exact: true }).locator('tbody tr');
    await rows.first().locator('th, td').nth(1).waitFor();
    return Promise.all(
      (await rows.all()).map(async (row) => (await row.locator('th, td').allInnerTexts()).map(plain)),
    );
  }

  reviewButton(action: ReviewAction): Locator {
    return this.page.getByRole('button', { name: reviews[action].button, exact: true });
  }

  /** Approves or rejects the run with a comment, through its confirmation. */
  async review(action: ReviewAction, comment: string): Promise<void> {
    await this.reviewButton(action).click();
    const dialog = this.page.getByRole('dialog').filter({ visible: true });
    await dialog.getByRole('textbox', { name: 'Comment' }).fill(comment);
    await dialog.getByRole('button', { name: reviews[action].confirm, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
