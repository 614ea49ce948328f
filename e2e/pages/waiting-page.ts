import type { Locator } from 'playwright-core';
import { TranslatedPage, type Language } from './translated-page.ts';

const texts: Record<
  Language,
  { heading: string; offline: string; waiting: RegExp; sendNow: string; signOutTitle: string }
> = {
  en: {
    heading: 'Waiting to send',
    offline: 'You are offline.',
    waiting: /^Waiting to send \((\d+)\)$/,
    sendNow: 'Send now',
    signOutTitle: 'Writes not sent',
  },
  fr: {
    heading: "En attente d'envoi",
    offline: 'Vous êtes hors ligne.',
    waiting: /^En attente d'envoi \((\d+)\)$/,
    sendNow: 'Envoyer maintenant',
    signOutTitle: 'Saisies non envoyées',
  },
};

// Amounts are written with no-break spaces: compared as plain spaces.
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The offline banner above a field agent's screens and the list of writes kept on the device (/Waiting). */
export class WaitingPage extends TranslatedPage(texts) {
  /** The banner's offline notice. */
  get offlineNotice(): Locator {
    return this.page.getByText(this.texts.offline, { exact: true });
  }

  /** The banner's link to the list: 'Waiting to send (n)'. */
  get waitingLink(): Locator {
    return this.page.getByRole('link', { name: this.texts.waiting });
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.texts.heading, exact: true });
  }

  get rows(): Locator {
    return this.page.locator('table tbody tr');
  }

  get signOutDialog(): Locator {
    return this.page.getByRole('dialog').filter({ hasText: this.texts.signOutTitle });
  }

  /** How many writes wait, from the banner's link (0 when it is gone). */
  async waitingCount(): Promise<number> {
    if (!(await this.waitingLink.isVisible())) return 0;
    return Number(this.texts.waiting.exec(await this.waitingLink.innerText())?.[1] ?? Number.NaN);
  }

  /** Opens the list from the banner. */
  async open(): Promise<this> {
    await this.waitingLink.click();
    await this.heading.waitFor({ state: 'visible' });
    return this;
  }

  /** Each write's cells: kind, member, details, when, state (and the actions' labels). */
  async rowTexts(): Promise<string[][]> {
    const rows = await this.rows.all();
    return Promise.all(rows.map(async (row) => (await row.locator('th, td').allInnerTexts()).map(plain)));
  }
}
