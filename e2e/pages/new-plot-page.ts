import type { Locator } from 'playwright-core';
import { TranslatedPage, type Language } from './translated-page.ts';

const texts: Record<
  Language,
  {
    heading: string;
    name: string;
    latitude: string;
    longitude: string;
    startCoverageDate: string;
    endOfSeasonDate: string;
    endCoverageDate: string;
    droughtMonthlyContrib: string;
    excessRainMonthlyContrib: string;
    save: string;
    cancel: string;
    defaultTitle: string;
    defaultConfirm: string;
  }
> = {
  en: {
    heading: 'New plot',
    name: 'Name',
    latitude: 'Latitude',
    longitude: 'Longitude',
    startCoverageDate: 'Coverage start',
    endOfSeasonDate: 'End of season',
    endCoverageDate: 'End of coverage',
    droughtMonthlyContrib: 'Drought monthly contribution',
    excessRainMonthlyContrib: 'Excess-rain monthly contribution',
    save: 'Save',
    cancel: 'Cancel',
    defaultTitle: 'Save the plot at the default position?',
    defaultConfirm: 'Save at this position',
  },
  fr: {
    heading: 'Nouvelle parcelle',
    name: 'Nom',
    latitude: 'Latitude',
    longitude: 'Longitude',
    startCoverageDate: 'Début de la couverture',
    endOfSeasonDate: 'Fin de la saison',
    endCoverageDate: 'Fin de la couverture',
    droughtMonthlyContrib: 'Cotisation mensuelle sécheresse',
    excessRainMonthlyContrib: 'Cotisation mensuelle excès de pluie',
    save: 'Enregistrer',
    cancel: 'Annuler',
    defaultTitle: 'Enregistrer la parcelle à la position par défaut ?',
    defaultConfirm: 'Enregistrer à cette position',
  },
};

/** What the form takes; a field left out keeps its default (latitude 10, longitude 10, today, 0). */
export interface NewPlotValues {
  name: string;
  latitude?: string;
  longitude?: string;
  /** DD/MM/YYYY. */
  startCoverageDate?: string;
  droughtMonthlyContrib?: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The new-plot screen (/Member/{memberId}/Field). */
export class NewPlotPage extends TranslatedPage(texts) {
  /** Whether fill typed a position; a plot left at the starting one is confirmed when saved. */
  private positionTyped = false;

  static path(memberId: string): string {
    return `/Member/${encodeURIComponent(memberId)}/Field`;
  }

  /** Opens the form of a member's new plot (signed in) and waits for it. */
  async open(memberId: string): Promise<this> {
    await this.page.goto(NewPlotPage.path(memberId));
    return this.shown();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: this.texts.heading, exact: true, level: 1 });
  }

  get nameField(): Locator {
    return this.page.getByLabel(this.texts.name, { exact: true });
  }

  get latitudeField(): Locator {
    return this.page.getByLabel(this.texts.latitude, { exact: true });
  }

  get longitudeField(): Locator {
    return this.page.getByLabel(this.texts.longitude, { exact: true });
  }

  get startCoverageDateField(): Locator {
    return this.page.getByLabel(this.texts.startCoverageDate, { exact: true });
  }

  get droughtMonthlyContribField(): Locator {
    return this.page.getByLabel(this.texts.droughtMonthlyContrib, { exact: true });
  }

  /** Shown, disabled: excess-rain protection is not offered yet. */
  get excessRainMonthlyContribField(): Locator {
    return this.page.getByLabel(this.texts.excessRainMonthlyContrib, { exact: true });
  }

  get saveButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.save, exact: true });
  }

  get cancelLink(): Locator {
    return this.page.getByRole('link', { name: this.texts.cancel, exact: true });
  }

  /** The messages under the fields, in the form's order (Cloudscape ids them formField…-error). */
  get fieldErrors(): Locator {
    return this.page.locator('form [id^="formField"][id$="-error"]');
  }

  /** Resolves once the screen is shown (after the loading screen). */
  async shown(): Promise<this> {
    await this.heading.waitFor({ state: 'visible' });
    return this;
  }

  private computedDate(label: string): Locator {
    return this.page
      .locator('dt')
      .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** The end dates computed for the start date typed, DD/MM/YYYY ('—' without a valid start). */
  async endDates(): Promise<{ endOfSeasonDate: string; endCoverageDate: string }> {
    const [endOfSeasonDate, endCoverageDate] = await Promise.all([
      this.computedDate(this.texts.endOfSeasonDate).innerText(),
      this.computedDate(this.texts.endCoverageDate).innerText(),
    ]);
    return { endOfSeasonDate: endOfSeasonDate.trim(), endCoverageDate: endCoverageDate.trim() };
  }

  /** The question asked before saving a plot left at the form's starting position. */
  get defaultPositionDialog(): Locator {
    return this.page.getByRole('dialog').filter({ hasText: this.texts.defaultTitle });
  }

  /** Answers the question about the starting position: save the plot there. */
  async confirmDefaultPosition(): Promise<void> {
    await this.defaultPositionDialog
      .getByRole('button', { name: this.texts.defaultConfirm, exact: true })
      .click();
  }

  async fill(values: NewPlotValues): Promise<this> {
    this.positionTyped = values.latitude !== undefined || values.longitude !== undefined;
    await this.nameField.fill(values.name);
    if (values.latitude !== undefined) await this.latitudeField.fill(values.latitude);
    if (values.longitude !== undefined) await this.longitudeField.fill(values.longitude);
    if (values.startCoverageDate !== undefined)
      await this.startCoverageDateField.fill(values.startCoverageDate);
    if (values.droughtMonthlyContrib !== undefined)
      await this.droughtMonthlyContribField.fill(values.droughtMonthlyContrib);
    return this;
  }

  /** Saves (at the starting position when fill typed none) and waits for the new plot's page; resolves with its id. */
  async save(): Promise<string> {
    await this.saveButton.click();
    if (!this.positionTyped) await this.confirmDefaultPosition();
    await this.page.waitForURL(/\/Member\/[^/]+\/Field\/[^/]+$/);
    const plotId = new URL(this.page.url()).pathname.split('/').pop() ?? '';
    return decodeURIComponent(plotId);
  }

  /** Fills the form, saves it, and resolves with the new plot's id. */
  async addPlot(values: NewPlotValues): Promise<string> {
    await this.fill(values);
    return this.save();
  }
}
