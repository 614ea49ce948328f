import type { Locator, Page } from 'playwright-core';

export interface NewUserValues {
  email: string;
  username: string;
  /** The label of the role, as the select shows it. */
  roleLabel: 'Administrator' | 'Enabler' | 'Android user';
  defaultFederation?: string;
}

/** /AdminUsers: the administrators' table of users. */
export class AdminUsersPage {
  constructor(private readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: /^Users/, level: 1 });
  }

  get searchField(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search users' });
  }

  /** The table row of a user, found by its email link. */
  row(email: string): Locator {
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('link', { name: email, exact: true }) });
  }

  /** The success message at the top after an action or a save. */
  notice(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  async open(): Promise<this> {
    await this.page.goto('/AdminUsers');
    await this.heading.waitFor({ state: 'visible' });
    return this;
  }

  async search(text: string): Promise<void> {
    await this.searchField.fill(text);
  }

  /** Opens a user's edit form from its row. */
  async editUser(email: string): Promise<UserFormPage> {
    await this.search(email);
    await this.row(email).getByRole('link', { name: email, exact: true }).click();
    return new UserFormPage(this.page, 'Edit user').shown();
  }

  /** Adds a user through /NewUser and waits to be back on the list. */
  async addUser(values: NewUserValues): Promise<void> {
    await this.page.getByRole('link', { name: 'Add a user' }).click();
    const form = new UserFormPage(this.page, 'New user');
    await form.shown();
    await form.fill(values);
    await form.submit('Create the user');
    await this.heading.waitFor({ state: 'visible' });
  }
}

/** /NewUser and /UpdateUser/:email. */
export class UserFormPage {
  constructor(
    private readonly page: Page,
    private readonly title: 'New user' | 'Edit user',
  ) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: this.title, exact: true, level: 1 });
  }

  // Required fields' labels end with their mark ('Email (required)').
  get emailField(): Locator {
    return this.page.getByLabel(/^Email\b/);
  }

  get usernameField(): Locator {
    return this.page.getByLabel(/^User name\b/);
  }

  async shown(): Promise<this> {
    await this.heading.waitFor({ state: 'visible' });
    return this;
  }

  async fill({ email, username, roleLabel, defaultFederation }: NewUserValues): Promise<void> {
    await this.emailField.fill(email);
    await this.usernameField.fill(username);
    // The select's name also holds its value ("Role Choose a role").
    await this.page.getByRole('button', { name: /^Role/ }).click();
    // An option's name also holds its description ('Enabler A field agent of this enabler…').
    await this.page.getByRole('option', { name: new RegExp(`^${roleLabel}\\b`) }).click();
    if (defaultFederation !== undefined) {
      await this.page.getByLabel(/^Default federation/).fill(defaultFederation);
    }
  }

  /** The account's own switch (on edit only). */
  get activeSwitch(): Locator {
    return this.page.getByRole('checkbox', { name: 'Active', exact: true });
  }

  async submit(label: 'Create the user' | 'Save'): Promise<void> {
    await this.page.getByRole('button', { name: label, exact: true }).click();
  }
}
