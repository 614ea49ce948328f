import type { Locator, Page } from 'playwright-core';

/** The administrator's enabler selector of the top bar, and the home page's banner it leads to (English texts). */
export class EnablerSwitch {
  constructor(private readonly page: Page) {}

  get selector(): Locator {
    return this.page.getByRole('button', { name: /^Active enabler/ });
  }

  /** Opens the selector and gives the names it offers. */
  async offeredEnablers(): Promise<string[]> {
    await this.selector.click();
    const options = this.page.getByRole('option');
    await options.first().waitFor();
    const names = (await options.allTextContents()).map((name) => name.trim());
    await this.page.keyboard.press('Escape');
    return names;
  }

  /** Chooses an enabler; the app reloads on the home page. */
  async switchTo(name: string): Promise<void> {
    await this.selector.click();
    await this.page.getByRole('option', { name, exact: true }).click();
    await this.page.waitForURL((url) => url.pathname === '/');
  }

  homeBanner(enablerName: string): Locator {
    return this.page.getByRole('img', { name: `Banner of ${enablerName}` });
  }
}
