import type { Locator, Page } from 'playwright-core';

/**
 * The administrator's record screens in English: the tables (/AdminMembers, /AdminFields,
 * /AdminContributions, /AdminPayouts, /AdminCashouts) and their New/Update forms.
 */
export class AdminRecordsPage {
  constructor(private readonly page: Page) {}

  /** The open form (the one of the page). */
  get form(): Locator {
    return this.page.locator('form').first();
  }

  field(name: string): Locator {
    return this.form.locator(`input[name="${name}"]`);
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(values)) await this.field(name).fill(value);
  }

  /** Chooses a member in the form's member picker by searching their name. */
  async pickMember(name: string): Promise<void> {
    await this.form
      .getByRole('button', { name: /^Member/ })
      .first()
      .click();
    await this.page.getByPlaceholder('Search by name, number or federation').fill(name);
    await this.page
      .getByRole('option', { name: new RegExp(escapeRegExp(name)) })
      .first()
      .click();
  }

  /** Chooses a plot of the chosen member. */
  async pickPlot(name: string): Promise<void> {
    await this.form.getByRole('button', { name: /^Plot/ }).first().click();
    await this.page.getByRole('option', { name }).first().click();
  }

  /** Saves the form (Create or Save) and waits for the table it returns to. */
  async save(label: 'Create' | 'Save', table: string): Promise<void> {
    await this.form.getByRole('button', { name: label, exact: true }).click();
    await this.page.getByRole('heading', { level: 1, name: new RegExp(`^${table}`) }).waitFor();
  }

  /** Opens a table and filters it by a member. */
  async openTable(path: string, memberName: string): Promise<void> {
    await this.page.goto(path);
    await this.page
      .getByRole('button', { name: /^Member/ })
      .first()
      .click();
    await this.page.getByPlaceholder('Search by name, number or federation').fill(memberName);
    await this.page
      .getByRole('option', { name: new RegExp(escapeRegExp(memberName)) })
      .first()
      .click();
    // The filtered answer drawn: until then the rows may be the whole table's, whose first is another's.
    await this.drawn();
    await this.rows.filter({ hasText: memberName }).first().waitFor();
  }

  get rows(): Locator {
    return this.page.locator('table tbody tr');
  }

  /** The table's title, with the count of rows its filters match. */
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The total of the amounts a money table's filters match ('Total: …'). */
  get total(): Locator {
    return this.page.getByText(/^Total: /);
  }

  /** Sorts the table by a column (a click on its header), and waits for the table to draw what it read. */
  async sortBy(column: string): Promise<void> {
    const sorted = this.page.waitForResponse((response) => /\/api\/admin\/\w+\?/.test(response.url()));
    await this.page.getByRole('columnheader', { name: column }).getByRole('button').click();
    await sorted;
    await this.drawn();
  }

  /** Waits for the table to have drawn the last answer it read (its rows are drawn after it comes). */
  async drawn(): Promise<void> {
    await this.page.locator('.admin-table[aria-busy="false"]').waitFor();
  }

  /** Chooses an action (Edit, Delete) of the only row of the filtered table. */
  async rowAction(action: 'Edit' | 'Delete'): Promise<void> {
    await this.rows
      .first()
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await this.page.getByRole('menuitem', { name: action, exact: true }).click();
  }

  /** The open dialog (a confirmation, or the error dialog). */
  get dialog(): Locator {
    return this.page.getByRole('dialog').filter({ visible: true });
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
