import type { Locator, Page } from 'playwright-core';

export type RunTable = 'Rows' | 'Refused rows' | 'Possible duplicate beneficiaries' | 'Files';
export type ReviewAction = 'approve' | 'reject';

export type Language = 'en' | 'fr';

/** The screens' words in each language. */
const texts = {
  en: {
    administration: 'Administration',
    menu: 'Benefit runs',
    listHeading: /^Benefit runs/,
    upload: 'Upload an assessment',
    start: 'Upload and preview',
    runHeading: /^Benefit run /,
    state: 'State',
    comment: 'Comment',
    reviews: {
      approve: { button: 'Approve', confirm: 'Approve and pay' },
      reject: { button: 'Reject', confirm: 'Reject' },
    },
  },
  fr: {
    administration: 'Administration',
    menu: "Paiements d'indemnités",
    listHeading: /^Paiements d'indemnités/,
    upload: 'Déposer une évaluation',
    start: 'Déposer et prévisualiser',
    runHeading: /^Paiement d'indemnités /,
    state: 'État',
    comment: 'Commentaire',
    reviews: {
      approve: { button: 'Approuver', confirm: 'Approuver et payer' },
      reject: { button: 'Rejeter', confirm: 'Rejeter' },
    },
  },
} as const;

// Amounts are written with no-break spaces: compared as plain spaces.
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The benefit runs (/AdminBenefitRuns), the upload of an assessment and a run's page (English or French texts). */
export class BenefitRunsPage {
  private readonly texts: (typeof texts)[Language];

  constructor(
    private readonly page: Page,
    language: Language = 'en',
  ) {
    this.texts = texts[language];
  }

  /** The link of the side menu's administration section. */
  get menuLink(): Locator {
    return this.page
      .getByRole('group', { name: this.texts.administration })
      .getByRole('link', { name: this.texts.menu, exact: true });
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  async openFromMenu(): Promise<this> {
    await this.menuLink.click();
    await this.page.getByRole('heading', { level: 1, name: this.texts.listHeading }).waitFor();
    return this;
  }

  /** From the list: uploads an assessment file and waits for its run's page; answers the run's id. */
  async upload(fileName: string, content: string): Promise<string> {
    await this.openUpload();
    await this.chooseFile(fileName, content);
    await this.startButton.click();
    await this.page.waitForURL(/\/BenefitRun\/[^/]+$/);
    await this.heading.filter({ hasText: this.texts.runHeading }).waitFor();
    return decodeURIComponent(new URL(this.page.url()).pathname.split('/').at(-1) ?? '');
  }

  /** From the list: the upload screen. */
  async openUpload(): Promise<void> {
    await this.page.getByRole('link', { name: this.texts.upload, exact: true }).first().click();
    await this.page.getByRole('heading', { level: 1, name: this.texts.upload, exact: true }).waitFor();
  }

  /** Chooses the assessment file to upload (not sent yet). */
  async chooseFile(fileName: string, content: string): Promise<void> {
    await this.page
      .locator('input[type="file"]')
      .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(content) });
  }

  get startButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.start, exact: true });
  }

  async openRun(runId: string): Promise<this> {
    await this.page.goto(`/BenefitRun/${encodeURIComponent(runId)}`);
    await this.heading.filter({ hasText: this.texts.runHeading }).waitFor();
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
    await this.figure(this.texts.state).getByText(state, { exact: true }).waitFor({ timeout });
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
    return this.page.getByRole('button', { name: this.texts.reviews[action].button, exact: true });
  }

  /** Approves or rejects the run with a comment, through its confirmation. */
  async review(action: ReviewAction, comment: string): Promise<void> {
    await this.reviewButton(action).click();
    const dialog = this.page.getByRole('dialog').filter({ visible: true });
    await dialog.getByRole('textbox', { name: new RegExp(`^${this.texts.comment}`) }).fill(comment);
    await dialog.getByRole('button', { name: this.texts.reviews[action].confirm, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
