import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { describe, expect, it } from 'vitest';
import type { CurrentEnabler } from '@cpbo/schemas';
import { addMonths, isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import type { Contribution } from '../../api/members.ts';
import type { Plot } from '../../api/plots.ts';
import { memberDetail } from '../../test/member-fixtures.ts';
import { formatAmount } from '../../common/format/format.ts';
import i18next from '../../i18n/index.ts';
import { fakeApi, type FakeRoutes } from '../../test/fake-api.ts';
import { rupeeConfig as config } from '../../test/enabler-fixtures.ts';
import { coopVerte, renderApp, setSessionMarker, signedInRoutes } from '../../test/render-app.tsx';
import { cloudscape, dialogTexts } from '../../test/cloudscape.ts';
import { chooseIn, chosenIn, inputNamed, typeInto } from '../../test/form-fields.ts';

const enabler: CurrentEnabler = { ...coopVerte, config };

const plot: Plot = {
  id: 'plot-9',
  _id: 'plot-9',
  name: 'North field',
  memberId: 'member-1',
  memberName: 'Kofi Mensah',
  memberNumber: 'M-042',
  latitude: 12.345678,
  longitude: -1.5,
  cropDescription: 'Maize',
  isIrrigated: false,
  droughtMonthlyContrib: 150,
  excessRainMonthlyContrib: 0,
  startCoverageDate: '2026-08-31',
  endOfSeasonDate: '2027-02-28',
  endCoverageDate: '2027-08-31',
  enablerConfig: { version: 3, _id: 'config-3' },
};

const plotRoute = `/api/members/${plot.memberId}/plots/${plot.id}`;

const openPlot = (routes: FakeRoutes = {}) => {
  setSessionMarker();
  const api = fakeApi({
    ...signedInRoutes('USER', [enabler], enabler),
    [`GET ${plotRoute}`]: { body: plot },
    [`GET /api/members/${plot.memberId}`]: {
      body: memberDetail({ id: plot.memberId, plots: [plot], contributions: [] }),
    },
    ...routes,
  });
  renderApp(`/Member/${plot.memberId}/Field/${plot.id}`);
  return api;
};

/** The label and value of every key-value pair of a section. */
const pairsOf = (section: string) => {
  const container = cloudscape()
    .findAllContainers()
    // A header with a description reads its title first.
    .find((candidate) => candidate.findHeader()?.getElement().textContent?.startsWith(section));
  const pairs = container ? createWrapper(container.getElement()).findKeyValuePairs() : null;
  return Object.fromEntries(
    (pairs?.findItems() ?? []).map((item) => [
      item.findLabel()?.getElement().textContent,
      item.findValue()?.getElement().textContent,
    ]),
  );
};

const contributionInput = () =>
  cloudscape()
    .findAllInputs()
    .find((input) => input.findNativeInput().getElement().name === 'droughtMonthlyContrib');

const typeContribution = async (text: string) => {
  await act(async () => contributionInput()?.setInputValue(text));
};

const maximumShown = () => document.querySelector('output[name="maximum"]')?.textContent;
const updateButton = () => screen.findByRole('button', { name: 'Update the protection' });

const inr = (amount: number, language = 'en') => formatAmount(amount, 'INR', language);

// A whole app renders per test: a busy machine needs more than the default five seconds.
describe('plot page', { timeout: 20_000 }, () => {
  it('should show the details, the coverage dates and the map of the plot', async () => {
    openPlot();
    expect(await screen.findByRole('heading', { name: 'North field', level: 1 })).toBeTruthy();
    expect(screen.getByText('Plot of Kofi Mensah')).toBeTruthy();

    expect(pairsOf('Details')).toEqual({
      Name: 'North field',
      Member: 'Kofi Mensah (no. M-042)',
      Crop: 'Maize',
      Irrigated: 'No',
      Coordinates: '12.345678, -1.5',
      'Configuration version': 'Version 3',
      // Whole, with a button that copies it (an assessment file names it).
      'Plot id': expect.stringContaining('plot-9'),
    });
    expect(screen.getByRole('button', { name: 'Copy the id of North field' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kofi Mensah (no. M-042)' }).getAttribute('href')).toBe(
      '/Member/member-1',
    );
    expect(pairsOf('Coverage dates')).toEqual({
      'Coverage start': '31/08/2026',
      'End of season': '28/02/2027',
      'End of coverage': '31/08/2027',
    });
    // No tile ever loads in jsdom: the marker and the coordinates show all the same.
    expect(await screen.findByText('Latitude 12.345678, longitude -1.5')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Position of the plot North field' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Street' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ground' })).toBeTruthy();
  });

  it('should show an unknown crop and irrigation as such', async () => {
    openPlot({ [`GET ${plotRoute}`]: { body: { ...plot, cropDescription: null, isIrrigated: null } } });
    await screen.findByRole('heading', { name: 'North field', level: 1 });
    expect(pairsOf('Details')).toMatchObject({ Crop: '—', Irrigated: 'Not known' });
  });

  it("should show as maximum the contribution divided by its configuration version's maxCompensationFactor", async () => {
    openPlot();
    await updateButton();
    expect(contributionInput()?.getInputValue()).toBe('150');
    expect(maximumShown()).toBe(inr(37.5));
    expect(maximumShown()).toBe('₹37.50');
    expect(
      screen.getByText(
        "The drought monthly contribution divided by the maximum compensation factor of the plot's configuration (version 3: 4): what a total loss pays in a month whose factor is 1, contributions up to date.",
      ),
    ).toBeTruthy();

    await typeContribution('90');
    expect(maximumShown()).toBe(inr(22.5));
    // Rounded to the currency's unit, as a benefit is: 0.375 rupees is 0.38.
    await typeContribution('1,5');
    expect(maximumShown()).toBe(inr(0.38));
    await typeContribution('');
    expect(maximumShown()).toBe('—');
  });

  it("should read the plot's own configuration version, not the latest", async () => {
    const latest = { ...config, _id: 'config-4', version: 4, maxCompensationFactor: 0.1 };
    openPlot({
      'GET /api/me/enabler': {
        body: {
          ...enabler,
          config: latest,
          latestConfigVersion: 4,
          configTerms: [
            {
              version: 3,
              currency: 'INR',
              maxCompensationFactor: 4,
              benefitFactorsByMonth: [1],
              damageThreshold: null,
            },
            {
              version: 4,
              currency: 'INR',
              maxCompensationFactor: 0.1,
              benefitFactorsByMonth: [1],
              damageThreshold: null,
            },
          ],
        },
      },
    });
    await updateButton();
    await waitFor(() => expect(maximumShown()).toBe(inr(37.5)));
  });

  it('should show what the cover promises today: its month, the contributions paid of due, the paid share and a total loss', async () => {
    const today = isoDateOf(new Date());
    const day = (monthsAgo: number) => addMonths(today, -monthsAgo);
    const contribution = (fields: Partial<Contribution>): Contribution => ({
      id: 'c-1',
      memberId: plot.memberId,
      memberName: plot.memberName,
      memberNumber: plot.memberNumber,
      plotId: plot.id,
      plotName: plot.name,
      protectionType: 'DROUGHT',
      amount: 0,
      contributionDate: `${today}T09:00:00.000Z`,
      ...fields,
    });
    // Covered from two months ago: month 3 begun, 3 × 150 due, 225 paid in its season (half).
    const started = { ...plot, startCoverageDate: day(2), endCoverageDate: day(-10) };
    const member = memberDetail({
      id: plot.memberId,
      plots: [started],
      contributions: [
        contribution({ plotId: plot.id, amount: 150, contributionDate: `${day(2)}T09:00:00.000Z` }),
        contribution({ id: 'c-2', plotId: plot.id, amount: 75, contributionDate: `${day(1)}T09:00:00.000Z` }),
        // Another plot's, and excess rain: not this season's drought cover.
        contribution({
          id: 'c-3',
          plotId: 'other',
          amount: 999,
          contributionDate: `${day(1)}T09:00:00.000Z`,
        }),
        contribution({
          id: 'c-4',
          plotId: plot.id,
          amount: 999,
          protectionType: 'EXCESS_RAIN',
          contributionDate: `${day(1)}T09:00:00.000Z`,
        }),
      ],
    });
    openPlot({
      [`GET ${plotRoute}`]: { body: started },
      [`GET /api/members/${plot.memberId}`]: { body: member },
      'GET /api/me/enabler': {
        body: {
          ...enabler,
          configTerms: [
            {
              version: 3,
              currency: 'INR',
              maxCompensationFactor: 4,
              benefitFactorsByMonth: [1, 1, 0.5],
              damageThreshold: null,
            },
          ],
        },
      },
    });
    await waitFor(() =>
      expect(pairsOf('Cover today')).toEqual({
        Maximum: '₹37.50',
        'Month of cover': 'Month 3 of 12 (factor 0.5)',
        'Contributions of the season': '₹225.00 paid of ₹450.00 due',
        'Paid share': '50 %',
        // 37.50 × 0.5 × 1 × 0.5 = 9.375: ₹9.38.
        'A total loss today pays': '₹9.38',
      }),
    );
    // The same season month by month (issue 38), the page's next part: 225 paid cover the first month of
    // 150; two more begun.
    expect(await screen.findByText('Paid: 1 of 12 months · Due: 2')).toBeTruthy();
    const months = within(screen.getByRole('list', { name: 'Months of the season: North field' }))
      .getAllByRole('listitem')
      .map((month) => month.textContent?.replace(/\d{2}\/\d{2}\/\d{4}.*$/, ''));
    expect(months).toEqual([
      'Month 1Paid',
      'Month 2Due',
      'Month 3Due',
      ...Array.from({ length: 9 }, (_, index) => `Month ${index + 4}Upcoming`),
    ]);
  });

  it('should require the drought contribution and not call the server without it', async () => {
    const api = openPlot();
    await updateButton();
    await typeContribution('');
    await userEvent.click(await updateButton());

    expect(contributionInput()?.findNativeInput().getElement().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The drought monthly contribution is required.')).toBeTruthy();
    await typeContribution('-3');
    expect(
      screen.getByText('Enter an amount between 0 and 1,000,000,000, with at most two decimals.'),
    ).toBeTruthy();
    expect(api.calls().filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('should show the excess-rain contribution read-only', async () => {
    openPlot();
    await updateButton();
    const excessRain = cloudscape()
      .findAllInputs()
      .find((input) => input.findNativeInput().getElement().name === 'excessRainMonthlyContrib');
    expect(excessRain?.findNativeInput().getElement().readOnly).toBe(true);
    expect(excessRain?.getInputValue()).toBe('0');
  });

  it('should save the new contribution with the rest of the plot unchanged, and say so', async () => {
    const api = openPlot({
      [`POST ${plotRoute}`]: { body: { ...plot, droughtMonthlyContrib: 90.5 } },
    });
    await updateButton();
    await typeContribution('90,5');
    await userEvent.click(await updateButton());

    expect(await screen.findByText('The protection has been updated.')).toBeTruthy();
    expect(api.requestTo(`POST ${plotRoute}`)?.body).toEqual({
      name: 'North field',
      latitude: 12.345678,
      longitude: -1.5,
      cropDescription: 'Maize',
      isIrrigated: false,
      droughtMonthlyContrib: 90.5,
      excessRainMonthlyContrib: 0,
    });
    expect(contributionInput()?.getInputValue()).toBe('90.5');
    expect(maximumShown()).toBe(inr(22.63));

    await typeContribution('100');
    expect(screen.queryByText('The protection has been updated.')).toBeNull();
  });

  it('should save the crop and the irrigation with the rest of the plot unchanged, and show them', async () => {
    const api = openPlot({
      [`POST ${plotRoute}`]: { body: { ...plot, cropDescription: 'Millet', isIrrigated: null } },
    });
    const save = () => screen.findByRole('button', { name: 'Update the crop' });
    await save();
    expect(inputNamed('cropDescription')?.getInputValue()).toBe('Maize');
    expect(chosenIn('Irrigated')).toBe('No');
    await typeInto('cropDescription', ' Millet ');
    chooseIn('Irrigated', 'unknown');
    await userEvent.click(await save());

    expect(await screen.findByText('The crop has been updated.')).toBeTruthy();
    expect(api.requestTo(`POST ${plotRoute}`)?.body).toEqual({
      name: 'North field',
      latitude: 12.345678,
      longitude: -1.5,
      cropDescription: 'Millet',
      isIrrigated: null,
      droughtMonthlyContrib: 150,
      excessRainMonthlyContrib: 0,
    });
    await waitFor(() => expect(pairsOf('Details')).toMatchObject({ Crop: 'Millet', Irrigated: 'Not known' }));
  });

  it('should move the plot to the coordinates typed, with the rest of the plot unchanged', async () => {
    const api = openPlot({
      [`POST ${plotRoute}`]: { body: { ...plot, latitude: 14.5, longitude: -16.25 } },
    });
    const save = () => screen.findByRole('button', { name: 'Save the position' });
    await save();
    expect(inputNamed('latitude')?.getInputValue()).toBe('12.345678');
    await typeInto('latitude', '14,5');
    await typeInto('longitude', '-16.25');
    await userEvent.click(await save());

    expect(await screen.findByText('The position has been saved.')).toBeTruthy();
    expect(api.requestTo(`POST ${plotRoute}`)?.body).toEqual({
      name: 'North field',
      latitude: 14.5,
      longitude: -16.25,
      cropDescription: 'Maize',
      isIrrigated: false,
      droughtMonthlyContrib: 150,
      excessRainMonthlyContrib: 0,
    });
    expect(await screen.findByText('Latitude 14.5, longitude -16.25')).toBeTruthy();
  });

  it('should collect a contribution for this plot after its own confirmation', async () => {
    const contributeRoute = `POST /api/members/${plot.memberId}/contribute`;
    const api = openPlot({ [contributeRoute]: { status: 201, body: { id: 'c-1' } } });
    const form = (await screen.findByRole('heading', { name: 'Collect a contribution', level: 2 })).closest(
      'form',
    );
    if (!form) throw new Error('No contribution form');
    expect(form.textContent).toContain('Recorded for the plot North field.');
    const amount = cloudscape()
      .findAllInputs()
      .find((input) => input.findNativeInput().getElement().name === 'contributionAmount');
    // It starts at the plot's monthly drought contribution.
    expect(amount?.findNativeInput().getElement().value).toBe(String(plot.droughtMonthlyContrib));
    await act(async () => amount?.setInputValue('75'));
    await userEvent.click(within(form).getByRole('button', { name: 'Collect' }));
    expect(dialogTexts()).toEqual({
      header: 'Collect the contribution',
      content: `Collect ${inr(75)} from Kofi Mensah for the plot North field (Drought)?`,
    });
    expect(api.calls()).not.toContain(contributeRoute);
    const dialog = cloudscape()
      .findAllModals()
      .find((modal) => modal.isVisible());
    dialog?.findFooter()?.findButton('[class*="variant-primary"]')?.click();
    expect(
      await within(form).findByText(
        `A contribution of ${inr(75)} was collected from Kofi Mensah for the plot North field.`,
      ),
    ).toBeTruthy();
    expect(api.requestTo(contributeRoute)?.body).toEqual({
      amount: 75,
      protectionType: 'DROUGHT',
      plotId: 'plot-9',
    });
  });

  it('should say the plot could not be loaded, and lead back to the member', async () => {
    openPlot({
      [`GET ${plotRoute}`]: { status: 404, body: { code: 'ERR_NOT_FOUND', message: 'Not found' } },
    });
    expect(await screen.findByText('The plot could not be loaded.')).toBeTruthy();
    await waitFor(() => expect(dialogTexts()?.content).toBe('This record does not exist (any more).'));
    expect(screen.getByRole('link', { name: 'Back to the member' }).getAttribute('href')).toBe(
      '/Member/member-1',
    );
  });

  it('should speak French, with French numbers and amounts', async () => {
    await i18next.changeLanguage('fr');
    openPlot();
    expect(await screen.findByRole('heading', { name: 'North field', level: 1 })).toBeTruthy();
    expect(pairsOf('Détails')).toMatchObject({
      Membre: 'Kofi Mensah (n° M-042)',
      Irriguée: 'Non',
      Coordonnées: '12,345678 ; -1,5',
    });
    // The later sections come after the plot's details and position.
    await screen.findByRole('heading', { name: 'Protection', level: 2 });
    expect(pairsOf('Dates de couverture')).toEqual({
      'Début de la couverture': '31/08/2026',
      'Fin de la saison': '28/02/2027',
      'Fin de la couverture': '31/08/2027',
    });
    expect(maximumShown()).toBe(inr(37.5, 'fr'));
    expect(maximumShown()).toMatch(/^37,50\s₹$/);
    expect(await screen.findByText('Latitude 12,345678 ; longitude -1,5')).toBeTruthy();
  });
});
