import type { Locator } from 'playwright-core';
import { TranslatedPage, type Language } from './translated-page.ts';

const texts: Record<Language, { heading: string; search: string; addMember: string; loading: string }> = {
  en: { heading: 'Members', search: 'Search members', addMember: 'Add a member', loading: 'Loading members' },
  fr: {
    heading: 'Membres',
    search: 'Rechercher des membres',
    addMember: 'Ajouter un membre',
    loading: 'Chargement des membres',
  },
};

/** A row of the list as the user reads it (amounts and dates formatted in the page's language). */
export interface MemberRowTexts {
  name: string;
  federation: string;
  number: string;
  contributionTotal: string;
  pendingBenefit: string;
  onboardingDate: string;
}

const columns: (keyof MemberRowTexts)[] = [
  'name',
  'federation',
  'number',
  'contributionTotal',
  'pendingBenefit',
  'onboardingDate',
];

// Amounts are written with no-break spaces (₹ 1,234.50, 1 234,50 ₹): compared as plain spaces.
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Answers to the list's requests, to wait for the page the user asked for. */
const isListAnswer = (url: string) => new URL(url).pathname === '/api/members';

/** The member list (/Members): a server-side paged table with a search and filters. */
export class MembersPage extends TranslatedPage(texts) {
  /** The h1, which also holds the total count: 'Members (37)'. */
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: new RegExp(`^${this.texts.heading}\\b`) });
  }

  get searchField(): Locator {
    return this.page.getByLabel(this.texts.search, { exact: true });
  }

  get addMemberButton(): Locator {
    return this.page.getByRole('link', { name: this.texts.addMember, exact: true });
  }

  get rows(): Locator {
    return this.page.locator('table tbody tr');
  }

  /** The row whose name link is exactly this member name. */
  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  async goto(): Promise<this> {
    await this.page.goto('/Members');
    return this.shown();
  }

  /** Resolves once the first rows are shown. */
  async shown(): Promise<this> {
    await this.heading.waitFor({ state: 'visible' });
    await this.rows.first().waitFor({ state: 'visible' });
    return this;
  }

  /** The total of members matching the search and filters, from the heading's counter. */
  async count(): Promise<number> {
    const text = await this.heading.innerText();
    return Number(/\((\d+)\)/.exec(text)?.[1] ?? Number.NaN);
  }

  /** Types the search and waits for the list answering it (sent once the typing pauses). */
  async search(text: string): Promise<void> {
    const expected = text.trim();
    const answer = this.page.waitForResponse(
      (response) =>
        isListAnswer(response.url()) &&
        (new URL(response.url()).searchParams.get('filter:search') ?? '') === expected,
    );
    await this.searchField.fill(text);
    await answer;
    await this.page.getByText(this.texts.loading).waitFor({ state: 'hidden' });
  }

  /** The texts of a member's row: name, federation, number, totals and onboarding date. */
  async rowTexts(name: string): Promise<MemberRowTexts> {
    const cells = await this.row(name).locator('th, td').allInnerTexts();
    return Object.fromEntries(
      columns.map((column, index) => [column, plain(cells[index] ?? '')]),
    ) as unknown as MemberRowTexts;
  }

  /** Opens the member's page from the list. */
  async openMember(name: string): Promise<void> {
    await this.row(name).getByRole('link', { name, exact: true }).click();
    await this.page.waitForURL(/\/Member\/[^/]+$/);
  }
}
