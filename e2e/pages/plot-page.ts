import type { Locator, Page } from 'playwright-core';
import type { Language } from './login-page.ts';

const texts: Record<
  Language,
  {
    details: string;
    coverage: string;
    startCoverageDate: string;
    endOfSeasonDate: string;
    endCoverageDate: string;
    mapRegion: string;
    coordinates: RegExp;
    street: string;
    ground: string;
    tilesUnavailable: string;
    droughtMonthlyContrib: string;
    excessRainMonthlyContrib: string;
    update: string;
    saved: string;
  }
> = {
  en: {
    details: 'Details',
    coverage: 'Coverage dates',
    startCoverageDate: 'Coverage start',
    endOfSeasonDate: 'End of season',
    endCoverageDate: 'End of coverage',
    mapRegion: 'Map of the plot',
    coordinates: /^Latitude .+, longitude .+$/,
    street: 'Street',
    ground: 'Ground',
    tilesUnavailable: 'Map images unavailable',
    droughtMonthlyContrib: 'Drought monthly contribution',
    excessRainMonthlyContrib: 'Excess-rain monthly contribution',
    update: 'Update the protection',
    saved: 'The protection has been updated.',
  },
  fr: {
    details: 'Détails',
    coverage: 'Dates de couverture',
    startCoverageDate: 'Début de la couverture',
    endOfSeasonDate: 'Fin de la saison',
    endCoverageDate: 'Fin de la couverture',
    mapRegion: 'Carte de la parcelle',
    coordinates: /^Latitude .+ ; longitude .+$/,
    street: 'Plan',
    ground: 'Satellite',
    tilesUnavailable: 'Images de la carte indisponibles',
    droughtMonthlyContrib: 'Cotisation mensuelle sécheresse',
    excessRainMonthlyContrib: 'Cotisation mensuelle excès de pluie',
    update: 'Mettre à jour la protection',
    saved: 'La protection a été mise à jour.',
  },
};

/** Dates as the screen shows them: DD/MM/YYYY. */
export interface CoverageDates {
  startCoverageDate: string;
  endOfSeasonDate: string;
  endCoverageDate: string;
}

/** The plot screen (/Member/{memberId}/Field/{plotId}): details, map, coverage dates, protection. */
export class PlotPage {
  private readonly texts: (typeof texts)[Language];

  constructor(
    private readonly page: Page,
    language: Language = 'en',
  ) {
    this.texts = texts[language];
  }

  static path(memberId: string, plotId: string): string {
    return `/Member/${encodeURIComponent(memberId)}/Field/${encodeURIComponent(plotId)}`;
  }

  /** Opens a plot (signed in) and waits for it. */
  async open(memberId: string, plotId: string): Promise<this> {
    await this.page.goto(PlotPage.path(memberId, plotId));
    return this.shown();
  }

  /** The plot's name. */
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** Resolves once the plot is shown (after the loading screen and the plot's loading). */
  async shown(): Promise<this> {
    await this.page
      .getByRole('heading', { name: this.texts.details, exact: true })
      .waitFor({ state: 'visible' });
    return this;
  }

  /** The value shown beside a label of the details or the coverage dates. */
  valueOf(label: string): Locator {
    return this.page
      .locator('dt')
      .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  async coverageDates(): Promise<CoverageDates> {
    const [startCoverageDate, endOfSeasonDate, endCoverageDate] = await Promise.all(
      [this.texts.startCoverageDate, this.texts.endOfSeasonDate, this.texts.endCoverageDate].map(
        async (label) => (await this.valueOf(label).innerText()).trim(),
      ),
    );
    return {
      startCoverageDate: startCoverageDate ?? '',
      endOfSeasonDate: endOfSeasonDate ?? '',
      endCoverageDate: endCoverageDate ?? '',
    };
  }

  get map(): Locator {
    return this.page.getByRole('region', { name: new RegExp(`^${this.texts.mapRegion} `) });
  }

  /** The plot's pin (Leaflet's marker image): shown with or without map tiles. */
  get marker(): Locator {
    return this.map.locator('img.leaflet-marker-icon');
  }

  /** 'Latitude 12.34, longitude -1.5' ('Latitude 12,34 ; longitude -1,5'), under the map. */
  get coordinates(): Locator {
    return this.page.getByText(this.texts.coordinates);
  }

  /** The quiet note shown when the tile service cannot be reached (no connection). */
  get tilesUnavailableNote(): Locator {
    return this.page.getByText(this.texts.tilesUnavailable);
  }

  get streetViewButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.street, exact: true });
  }

  get groundViewButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.ground, exact: true });
  }

  get droughtMonthlyContribField(): Locator {
    return this.page.getByLabel(this.texts.droughtMonthlyContrib, { exact: true });
  }

  get excessRainMonthlyContribField(): Locator {
    return this.page.getByLabel(this.texts.excessRainMonthlyContrib, { exact: true });
  }

  /** The contribution divided by its config version's maximum compensation factor, in its currency. */
  get maximum(): Locator {
    return this.page.locator('output[name="maximum"]');
  }

  /** What an assessment of total loss would pay today (the cover's panel). */
  get totalLoss(): Locator {
    return this.page.locator('output[name="totalLoss"]');
  }

  get updateButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.update, exact: true });
  }

  get savedMessage(): Locator {
    return this.page.getByText(this.texts.saved, { exact: true });
  }

  /** Changes the drought monthly contribution and waits for the confirmation. */
  async updateProtection(droughtMonthlyContrib: string): Promise<void> {
    await this.droughtMonthlyContribField.fill(droughtMonthlyContrib);
    await this.updateButton.click();
    await this.savedMessage.waitFor({ state: 'visible' });
  }
}
