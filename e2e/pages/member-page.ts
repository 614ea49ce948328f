import type { Locator, Page } from 'playwright-core';
import { TranslatedPage, type Language } from './translated-page.ts';

export type MemberTab = 'overview' | 'contributions' | 'benefits';
export type StatusCard =
  'contributionTotal' | 'firstBenefit' | 'pendingBenefits' | 'monthsSinceFirstContribution';

const texts: Record<
  Language,
  {
    tabs: Record<MemberTab, string>;
    status: Record<StatusCard, string>;
    cashout: { title: string; amount: string; submit: string; confirm: string; done: RegExp };
    contribution: { title: string; amount: string; submit: string; confirm: string; done: RegExp };
    noPlotMessage: string;
    addPlot: string;
  }
> = {
  en: {
    tabs: { overview: 'Overview', contributions: 'Contributions', benefits: 'Benefits' },
    status: {
      contributionTotal: 'Total contributions',
      firstBenefit: 'First benefit',
      pendingBenefits: 'Pending benefits',
      monthsSinceFirstContribution: 'Months since the first contribution',
    },
    cashout: {
      title: 'Pay a benefit',
      amount: 'Amount to pay out',
      submit: 'Pay',
      confirm: 'Pay',
      done: /was paid to/,
    },
    contribution: {
      title: 'Collect a contribution',
      amount: 'Contribution amount',
      submit: 'Collect',
      confirm: 'Collect',
      done: /was collected from/,
    },
    noPlotMessage: 'The member has no plot yet: add a plot before collecting a contribution.',
    addPlot: 'Add a plot',
  },
  fr: {
    tabs: { overview: "Vue d'ensemble", contributions: 'Cotisations', benefits: 'Indemnités' },
    status: {
      contributionTotal: 'Total des cotisations',
      firstBenefit: 'Première indemnité',
      pendingBenefits: 'Indemnités en attente',
      monthsSinceFirstContribution: 'Mois depuis la première cotisation',
    },
    cashout: {
      title: 'Verser une indemnité',
      amount: 'Montant à verser',
      submit: 'Verser',
      confirm: 'Verser',
      done: /a été versée à/,
    },
    contribution: {
      title: 'Encaisser une cotisation',
      amount: 'Montant de la cotisation',
      submit: 'Encaisser',
      confirm: 'Encaisser',
      done: /a été encaissée auprès de/,
    },
    noPlotMessage:
      "Le membre n'a pas encore de parcelle : ajoutez une parcelle avant d'encaisser une cotisation.",
    addPlot: 'Ajouter une parcelle',
  },
};

// Amounts are written with no-break spaces (₹ 1,234.50, 1 234,50 ₹): compared as plain spaces.
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** One of the two money forms of the Overview tab. */
class MoneyForm {
  constructor(
    private readonly page: Page,
    private readonly form: Locator,
    private readonly texts: { amount: string; submit: string; confirm: string; done: RegExp },
  ) {}

  get amountField(): Locator {
    return this.form.getByLabel(this.texts.amount, { exact: true });
  }

  get submitButton(): Locator {
    return this.form.getByRole('button', { name: this.texts.submit, exact: true });
  }

  /** The message under the amount (above the pending benefit, not a number…), if any. */
  get error(): Locator {
    return this.form.locator('[id$="-error"]');
  }

  /** The open confirmation dialog. */
  get confirmation(): Locator {
    return this.page.getByRole('dialog');
  }

  /** The success message shown once the money was recorded. */
  get doneMessage(): Locator {
    return this.page.getByText(this.texts.done);
  }

  async isSubmitDisabled(): Promise<boolean> {
    return this.submitButton.isDisabled();
  }

  /** Types the amount and asks to submit; resolves with the confirmation's text. */
  async request(amount: string): Promise<string> {
    await this.amountField.fill(amount);
    await this.submitButton.click();
    await this.confirmation.waitFor({ state: 'visible' });
    return plain(await this.confirmation.innerText());
  }

  /**
   * Confirms the open dialog and waits for the success message and for the member's reload, which the
   * page starts as it shows the message (its figures are the new ones only after that answer).
   */
  async confirm(): Promise<void> {
    const reloaded = this.page.waitForResponse(
      (response) =>
        response.request().method() === 'GET' &&
        /^\/api\/members\/[^/]+$/.test(new URL(response.url()).pathname),
    );
    await this.confirmation.getByRole('button', { name: this.texts.confirm, exact: true }).click();
    await this.confirmation.waitFor({ state: 'hidden' });
    await this.doneMessage.waitFor({ state: 'visible' });
    await (await reloaded).finished();
  }

  /** Types the amount, submits, confirms; resolves with the confirmation's text. */
  async submit(amount: string): Promise<string> {
    const confirmation = await this.request(amount);
    await this.confirm();
    return confirmation;
  }
}

/** A member's page (/Member/:id): status cards, details, plots, money forms, record tabs. */
export class MemberPage extends TranslatedPage(texts) {
  /** Pays part of the pending benefit (amount above 0, not above the balance; confirmation). */
  readonly cashout: MoneyForm;
  /** Collects a drought contribution (needs a plot; confirmation). */
  readonly contribution: MoneyForm;

  constructor(page: Page, language: Language = 'en') {
    super(page, language);
    this.cashout = new MoneyForm(page, this.formTitled(this.texts.cashout.title), this.texts.cashout);
    this.contribution = new MoneyForm(
      page,
      this.formTitled(this.texts.contribution.title),
      this.texts.contribution,
    );
  }

  private formTitled(title: string): Locator {
    return this.page.locator('form', { has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** The h1: the member's name. */
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  get addPlotButton(): Locator {
    return this.page.getByRole('link', { name: this.texts.addPlot, exact: true });
  }

  /** Shown in the contribution form when the member has no plot. */
  get noPlotMessage(): Locator {
    return this.page.getByText(this.texts.noPlotMessage);
  }

  /** The rows of the tables of the open tab (one table for contributions, two for benefits). */
  tableRows(table = 0): Locator {
    return this.page.getByRole('tabpanel').locator('table').nth(table).locator('tbody tr');
  }

  /** The plot link of a plot of the Overview's plot list. */
  plotLink(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true });
  }

  async goto(memberId: string): Promise<this> {
    await this.page.goto(`/Member/${encodeURIComponent(memberId)}`);
    return this.shown();
  }

  /**
   * Resolves once the member is loaded (the status cards are shown) on the screen itself: the page's outline
   * draws the same cards, without a level-1 heading, before the screen replaces it.
   */
  async shown(): Promise<this> {
    await this.heading.waitFor({ state: 'visible' });
    await this.page
      .getByText(this.texts.status.contributionTotal, { exact: true })
      .waitFor({ state: 'visible' });
    return this;
  }

  async name(): Promise<string> {
    return this.heading.innerText();
  }

  async openTab(tab: MemberTab): Promise<void> {
    await this.page.getByRole('tab', { name: this.texts.tabs[tab], exact: true }).click();
  }

  /** The value of a status card: an amount, a date, 'No benefit', a number of months, 'No contribution'. */
  async statusCard(card: StatusCard): Promise<string> {
    const label = this.page.getByText(this.texts.status[card], { exact: true });
    return plain(await label.locator('xpath=following-sibling::*[1]').innerText());
  }

  /** The cell texts of the rows of a table of the open tab. */
  async tableTexts(table = 0): Promise<string[][]> {
    const rows = await this.tableRows(table).all();
    return Promise.all(rows.map(async (row) => (await row.locator('th, td').allInnerTexts()).map(plain)));
  }
}
