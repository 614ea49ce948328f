import type { Locator, Page } from 'playwright-core';

export type Language = 'en' | 'fr';

const texts = {
  en: { heading: 'Logs', activity: 'Activity', kind: 'Changes to', table: /^Activity/ },
  fr: { heading: 'Journaux', activity: 'Activité', kind: 'Modifications de', table: /^Activité/ },
} as const;

// Amounts and names are written with no-break spaces: compared as plain spaces.
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The Logs screen (/AdminLogs): the day's activity, named, and the application's log. */
export class LogsPage {
  private readonly texts: (typeof texts)[Language];

  constructor(
    private readonly page: Page,
    language: Language = 'en',
  ) {
    this.texts = texts[language];
  }

  async open(): Promise<this> {
    await this.page.goto('/AdminLogs');
    await this.page.getByRole('heading', { level: 1, name: this.texts.heading, exact: true }).waitFor();
    return this;
  }

  /** The activity of one kind only (its option as shown: 'Benefit runs', 'Members and plots'…). */
  async showKind(kind: string): Promise<void> {
    await this.page.getByRole('button', { name: new RegExp(`^${this.texts.kind}`) }).click();
    await this.page.getByRole('option', { name: kind, exact: true }).click();
  }

  get rows(): Locator {
    return this.page.locator('table tbody tr');
  }

  /** The cell texts of the activity's rows shown, once it has one (not its empty or loading state). */
  async rowTexts(): Promise<string[][]> {
    await this.rows.first().locator('td').nth(3).waitFor();
    return Promise.all(
      (await this.rows.all()).map(async (row) => (await row.locator('th, td').allInnerTexts()).map(plain)),
    );
  }
}
