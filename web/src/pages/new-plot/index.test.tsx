import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { CurrentEnabler, EnablerConfigVersionAnswer } from '@cpbo/schemas';
import type { Plot } from '../../api/plots.ts';
import i18next from '../../i18n/index.ts';
import { fakeApi, type FakeRoutes } from '../../test/fake-api.ts';
import { rupeeConfig as config } from '../../test/enabler-fixtures.ts';
import { coopVerte, renderApp, setSessionMarker, signedInRoutes } from '../../test/render-app.tsx';
import { cloudscape, dialogTexts, dialogVisible } from '../../test/cloudscape.ts';
import { chooseIn, fieldErrors, typeInto } from '../../test/form-fields.ts';

const withConfig = (enablerConfig: EnablerConfigVersionAnswer | null): CurrentEnabler => ({
  ...coopVerte,
  config: enablerConfig,
});

const member = { id: 'member-1', name: 'Kofi Mensah', number: 'M-042' };

const savedPlot: Plot = {
  id: 'plot-9',
  _id: 'plot-9',
  name: 'North field',
  memberId: member.id,
  memberName: member.name,
  memberNumber: member.number,
  latitude: 12.5,
  longitude: 10,
  cropDescription: null,
  isIrrigated: null,
  droughtMonthlyContrib: 0,
  excessRainMonthlyContrib: 0,
  startCoverageDate: '2026-08-31',
  endOfSeasonDate: '2027-02-28',
  endCoverageDate: '2027-08-31',
  enablerConfig: { version: 3, _id: 'config-3' },
};

/** The screen, signed in with the enabler and config known at sign-in. */
const openNewPlot = (routes: FakeRoutes = {}, atSignIn: EnablerConfigVersionAnswer | null = config) => {
  setSessionMarker();
  const enabler = withConfig(atSignIn);
  const api = fakeApi({
    ...signedInRoutes('USER', [enabler], enabler),
    [`GET /api/members/${member.id}`]: { body: { ...member, plots: [] } },
    ...routes,
  });
  renderApp(`/Member/${member.id}/Field`);
  return api;
};

// The last day of August: six months later is the end of February (the server's own month arithmetic).
const today = new Date(2026, 7, 31, 9, 30);
const freezeToday = () => vi.useFakeTimers({ toFake: ['Date'], now: today });

const field = (name: string) =>
  document.querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;

/** The label and value of every key-value pair shown. */
const pairs = () =>
  Object.fromEntries(
    cloudscape()
      .findAllKeyValuePairs()
      .flatMap((group) => group.findItems())
      .map((item) => [
        item.findLabel()?.getElement().textContent,
        item.findValue()?.getElement().textContent,
      ]),
  );

const saveButton = async () => screen.findByRole('button', { name: 'Save' });

/** The browser's location service for one test (jsdom has none). */
const givenGeolocation = (getCurrentPosition: Geolocation['getCurrentPosition']) => {
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  onTestFinished(() => {
    delete (navigator as { geolocation?: Geolocation }).geolocation;
  });
};

// A whole app renders per test: a busy machine needs more than the default five seconds.
describe('new plot page', { timeout: 20_000 }, () => {
  it('should open with the defaults: latitude 10, longitude 10, drought 0, coverage from today', async () => {
    freezeToday();
    openNewPlot();
    expect(await screen.findByRole('heading', { name: 'New plot' })).toBeTruthy();
    // The coverage and protection sections come after the plot's own.
    await screen.findByRole('heading', { name: 'Protection', level: 2 });

    expect(field('name').value).toBe('');
    expect(field('latitude').value).toBe('10');
    expect(field('longitude').value).toBe('10');
    expect(field('startCoverageDate').value).toBe('31/08/2026');
    expect(field('droughtMonthlyContrib').value).toBe('0');
    expect(field('excessRainMonthlyContrib').value).toBe('0');
    expect(field('excessRainMonthlyContrib').disabled).toBe(true);
    expect(screen.getByText('Amount in INR')).toBeTruthy();
  });

  it('should show the end dates the server computes from the start date and the latest config', async () => {
    freezeToday();
    openNewPlot();
    await waitFor(() =>
      expect(pairs()).toEqual({ 'End of season': '28/02/2027', 'End of coverage': '31/08/2027' }),
    );

    await typeInto('startCoverageDate', '15/3/2026');
    expect(pairs()).toEqual({ 'End of season': '15/09/2026', 'End of coverage': '15/03/2027' });

    await typeInto('startCoverageDate', '31/02/2026');
    expect(pairs()).toEqual({ 'End of season': '—', 'End of coverage': '—' });
  });

  it("should compute with the enabler's current config, not the one known at sign-in", async () => {
    freezeToday();
    openNewPlot({
      'GET /api/me/enabler': { body: withConfig({ ...config, version: 4, lengthOfSeasonInMonth: 4 }) },
    });
    await waitFor(() =>
      expect(pairs()).toEqual({ 'End of season': '31/12/2026', 'End of coverage': '31/08/2027' }),
    );
  });

  it('should require the name, the coordinates, the start date and the drought contribution', async () => {
    const api = openNewPlot();
    await saveButton();
    for (const name of ['latitude', 'longitude', 'startCoverageDate', 'droughtMonthlyContrib']) {
      await typeInto(name, '');
    }
    await userEvent.click(await saveButton());

    expect(fieldErrors()).toEqual([
      'Name is required.',
      'Latitude is required.',
      'Longitude is required.',
      'The coverage start date is required.',
      'The drought monthly contribution is required.',
    ]);
    expect(api.calls().filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('should say nothing of a field the agent only passed through, and say it once they left it changed', async () => {
    // A position that is still being looked for.
    givenGeolocation(vi.fn<Geolocation['getCurrentPosition']>());
    openNewPlot();
    await saveButton();
    // The name has the focus first: tapping the position's button leaves it empty, and nothing moves.
    expect(document.activeElement).toBe(field('name'));
    await userEvent.click(screen.getByRole('button', { name: "Use this phone's position" }));
    await userEvent.click(field('latitude'));
    await userEvent.tab();
    expect(fieldErrors()).toEqual([]);

    await userEvent.click(field('latitude'));
    await userEvent.clear(field('latitude'));
    await userEvent.type(field('latitude'), '91');
    expect(fieldErrors()).toEqual([]);
    await userEvent.tab();
    expect(fieldErrors()).toEqual(['Enter a latitude between -90 and 90.']);
  });

  it('should refuse values the server would refuse', async () => {
    const api = openNewPlot();
    await saveButton();
    await typeInto('name', '   ');
    await typeInto('latitude', '90.5');
    await typeInto('longitude', 'east');
    await typeInto('startCoverageDate', '2026-03-15');
    await typeInto('droughtMonthlyContrib', '12.345');
    await userEvent.click(await saveButton());

    expect(fieldErrors()).toEqual([
      'Name is required.',
      'Enter a latitude between -90 and 90.',
      'Enter a longitude between -180 and 180.',
      'Enter a date as DD/MM/YYYY.',
      'Enter an amount between 0 and 1,000,000,000, with at most two decimals.',
    ]);
    expect(api.calls().filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it("should show a field's message once the user leaves it", async () => {
    openNewPlot();
    await saveButton();
    await typeInto('name', 'North field');
    await userEvent.click(screen.getByLabelText('Latitude'));
    await typeInto('latitude', '');
    expect(fieldErrors()).toEqual([]);
    await userEvent.tab();
    expect(fieldErrors()).toEqual(['Latitude is required.']);
  });

  it('should save the plot and open its page', async () => {
    freezeToday();
    const api = openNewPlot({
      [`POST /api/members/${member.id}/plots`]: { status: 201, body: { id: 'plot-9' } },
      [`GET /api/members/${member.id}/plots/plot-9`]: { body: savedPlot },
    });
    await saveButton();
    await typeInto('name', ' North field ');
    await typeInto('latitude', '12,5');
    await typeInto('droughtMonthlyContrib', '150.5');
    await userEvent.click(await saveButton());

    expect(await screen.findByRole('heading', { name: 'North field', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Latitude 12.5, longitude 10')).toBeTruthy();
    expect(api.requestTo(`POST /api/members/${member.id}/plots`)?.body).toEqual({
      name: 'North field',
      latitude: 12.5,
      longitude: 10,
      droughtMonthlyContrib: 150.5,
      excessRainMonthlyContrib: 0,
      // 31/08/2026 at 00:00 UTC: the server reads the calendar date in UTC.
      startCoverageDate: Date.UTC(2026, 7, 31) / 1000,
      cropDescription: null,
      isIrrigated: null,
    });
  });

  it('should send the crop and whether the plot is irrigated', async () => {
    const api = openNewPlot({
      [`POST /api/members/${member.id}/plots`]: { status: 201, body: { id: 'plot-9' } },
      [`GET /api/members/${member.id}/plots/plot-9`]: { body: savedPlot },
    });
    await saveButton();
    await typeInto('name', 'North field');
    await typeInto('latitude', '12.5');
    await typeInto('cropDescription', ' Millet ');
    chooseIn('Irrigated', 'yes');
    await userEvent.click(await saveButton());
    await screen.findByRole('heading', { name: 'North field', level: 1 });
    expect(api.requestTo(`POST /api/members/${member.id}/plots`)?.body).toMatchObject({
      cropDescription: 'Millet',
      isIrrigated: true,
    });
  });

  it('should keep the values and show the catalogue message when the server refuses', async () => {
    openNewPlot({
      [`POST /api/members/${member.id}/plots`]: {
        status: 409,
        body: { code: 'ERR_ENABLER_NO_CONFIG', message: 'No config' },
      },
    });
    await saveButton();
    await typeInto('name', 'North field');
    await typeInto('longitude', '-16.25');
    await userEvent.click(await saveButton());

    await waitFor(() => expect(dialogTexts()?.content).toBe('This enabler has no configuration yet.'));
    expect(field('name').value).toBe('North field');
    expect(cloudscape().findButton('[type="submit"]')?.findLoadingIndicator()).toBeNull();
  });

  it('should not offer to save while the enabler has no config', async () => {
    const api = openNewPlot({}, null);
    expect(
      await screen.findByText('This enabler has no configuration yet: a plot cannot be added.'),
    ).toBeTruthy();
    expect((await saveButton()).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(pairs()).toEqual({ 'End of season': '—', 'End of coverage': '—' }));
    expect(api.calls().filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('should lead back to the member, by the breadcrumbs and by cancel', async () => {
    openNewPlot();
    expect(await screen.findByText('For Kofi Mensah (no. M-042)')).toBeTruthy();
    const crumbs = cloudscape().findBreadcrumbGroup()?.findBreadcrumbLinks() ?? [];
    expect(crumbs.map((crumb) => crumb.getElement().textContent)).toEqual([
      'Home',
      'Members',
      'Kofi Mensah',
      'New plot',
    ]);
    expect(screen.getByRole('link', { name: 'Kofi Mensah' }).getAttribute('href')).toBe(
      `/Member/${member.id}`,
    );
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(`/Member/${member.id}`);
  });

  it('should speak French', async () => {
    freezeToday();
    await i18next.changeLanguage('fr');
    openNewPlot();
    expect(await screen.findByRole('heading', { name: 'Nouvelle parcelle' })).toBeTruthy();
    expect(screen.getByLabelText('Nom')).toBeTruthy();
    expect(await screen.findByText('Montant en INR')).toBeTruthy();
    await waitFor(() =>
      expect(pairs()).toEqual({ 'Fin de la saison': '28/02/2027', 'Fin de la couverture': '31/08/2027' }),
    );
    await typeInto('name', 'Parcelle nord');
    await typeInto('droughtMonthlyContrib', '');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(fieldErrors()).toEqual(['La cotisation mensuelle sécheresse est obligatoire.']);
  });

  it('should ask before saving a plot still at the default position, and save it there once confirmed', async () => {
    const api = openNewPlot({
      [`POST /api/members/${member.id}/plots`]: { status: 201, body: { id: 'plot-9' } },
      [`GET /api/members/${member.id}/plots/plot-9`]: { body: { ...savedPlot, latitude: 10 } },
    });
    await saveButton();
    await typeInto('name', 'North field');
    await userEvent.click(await saveButton());

    expect(dialogTexts()).toEqual({
      header: 'Save the plot at the default position?',
      content:
        "The position was not changed: latitude 10, longitude 10 is the form's starting point, not where the plot is.",
    });
    expect(api.calls().filter((call) => call.startsWith('POST'))).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Place the plot first' }));
    await waitFor(() => expect(dialogVisible()).toBe(false));
    expect(api.calls().filter((call) => call.startsWith('POST'))).toEqual([]);

    await userEvent.click(await saveButton());
    await userEvent.click(screen.getByRole('button', { name: 'Save at this position' }));
    expect(await screen.findByRole('heading', { name: 'North field', level: 1 })).toBeTruthy();
    expect(api.requestTo(`POST /api/members/${member.id}/plots`)?.body).toMatchObject({
      latitude: 10,
      longitude: 10,
    });
  });

  it("should place the plot at the phone's position, saying how accurate it is, and save it without asking", async () => {
    const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((found) =>
      found({
        coords: { latitude: 14.6937111, longitude: -17.4440999, accuracy: 12.4 },
      } as GeolocationPosition),
    );
    givenGeolocation(getCurrentPosition);
    const api = openNewPlot({
      [`POST /api/members/${member.id}/plots`]: { status: 201, body: { id: 'plot-9' } },
      [`GET /api/members/${member.id}/plots/plot-9`]: { body: savedPlot },
    });
    await saveButton();
    await typeInto('name', 'North field');
    await userEvent.click(screen.getByRole('button', { name: "Use this phone's position" }));

    expect(await screen.findByText('Position found, accurate to about 12 m.')).toBeTruthy();
    expect(field('latitude').value).toBe('14.693711');
    expect(field('longitude').value).toBe('-17.4441');
    expect(getCurrentPosition.mock.calls[0]?.[2]).toMatchObject({ enableHighAccuracy: true, maximumAge: 0 });
    await userEvent.click(await saveButton());
    expect(await screen.findByRole('heading', { name: 'North field', level: 1 })).toBeTruthy();
    expect(api.requestTo(`POST /api/members/${member.id}/plots`)?.body).toMatchObject({
      latitude: 14.693711,
      longitude: -17.4441,
    });
  });

  it('should say why the position did not come, in French, the coordinates still typed', async () => {
    await i18next.changeLanguage('fr');
    const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((_found, failed) =>
      failed?.({
        code: 1,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError),
    );
    givenGeolocation(getCurrentPosition);
    openNewPlot();
    await screen.findByRole('button', { name: 'Enregistrer' });
    await userEvent.click(screen.getByRole('button', { name: 'Utiliser la position de ce téléphone' }));
    expect(
      await screen.findByText(
        "La position n'a pas été autorisée : autorisez ce site à utiliser la localisation dans les réglages du navigateur, ou saisissez les coordonnées.",
      ),
    ).toBeTruthy();
    await typeInto('latitude', '14,5');
    expect(field('latitude').value).toBe('14,5');
  });
});
