import type { Locator } from 'playwright-core';
import { TranslatedPage, type Language } from './translated-page.ts';

export type DashboardFigure =
  'activeCovers' | 'pendingBenefit' | 'newCovers' | 'contributions' | 'benefitsComputed';
export type DashboardScale = 'daily' | 'weekly' | 'monthly';

const texts: Record<
  Language,
  { heading: string; menu: string; scales: Record<DashboardScale, string>; federation: string }
> = {
  en: {
    heading: 'Dashboard',
    menu: 'Dashboard',
    scales: { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' },
    federation: 'Federation',
  },
  fr: {
    heading: 'Tableau de bord',
    menu: 'Tableau de bord',
    scales: { daily: 'Quotidien', weekly: 'Hebdomadaire', monthly: 'Mensuel' },
    federation: 'Fédération',
  },
};

// Amounts are written with no-break spaces (F CFA 1,500, 1 500 F CFA): compared as plain spaces.
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The dashboard (/Dashboard): filters, five figures, four charts with their text alternatives. */
export class DashboardPage extends TranslatedPage(texts) {
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.texts.heading, exact: true });
  }

  /** The link of the side menu. */
  get menuLink(): Locator {
    return this.page.getByRole('navigation').getByRole('link', { name: this.texts.menu, exact: true });
  }

  /** The value of a figure (an amount, a count) as shown; empty while it loads. */
  figureValue(figure: DashboardFigure): Locator {
    return this.page.locator(`[data-figure="${figure}"] p`);
  }

  /** The chart canvases, each an image named by its summary. */
  get charts(): Locator {
    return this.page.locator('canvas[role="img"]');
  }

  async goto(): Promise<this> {
    await this.page.goto('/Dashboard');
    return this.shown();
  }

  /** Opened from the side menu, as a user does after recording something. */
  async openFromMenu(): Promise<this> {
    await this.menuLink.click();
    return this.shown();
  }

  async shown(): Promise<this> {
    await this.heading.waitFor({ state: 'visible' });
    return this;
  }

  async figure(figure: DashboardFigure): Promise<string> {
    return plain(await this.figureValue(figure).innerText());
  }

  async chooseScale(scale: DashboardScale): Promise<void> {
    // The segments are toggle buttons (aria-pressed).
    await this.page.getByRole('button', { name: this.texts.scales[scale], exact: true }).click();
  }

  /**
   * Chooses a federation; the list is read again every few seconds, so one that appeared since the
   * screen opened shows up in it.
   */
  async chooseFederation(federation: string, timeout = 30_000): Promise<void> {
    const trigger = this.page.locator('.dashboard-filters__federation button');
    const option = this.page.getByRole('option', { name: federation, exact: true });
    const deadline = Date.now() + timeout;
    for (;;) {
      await trigger.click();
      if (await option.isVisible()) break;
      await this.page.keyboard.press('Escape');
      if (Date.now() > deadline) throw new Error(`No federation ${federation} in the filter`);
      await this.page.waitForTimeout(500);
    }
    await option.click();
  }

  /** The rows of a chart's text alternative (a visually hidden table), named by its caption. */
  async chartTable(caption: string): Promise<string[][]> {
    const table = this.page.getByRole('table', { name: caption, exact: true });
    const rows = await table.locator('tr').all();
    return Promise.all(rows.map(async (row) => (await row.locator('th, td').allTextContents()).map(plain)));
  }
}
