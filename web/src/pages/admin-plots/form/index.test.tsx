import { screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { describe, expect, it } from 'vitest';
import { adminRoutes, memberSearchAnswer } from '../../../test/admin-fixtures.ts';
import { fakeApi, type FakeRoutes } from '../../../test/fake-api.ts';
import { plotDetail } from '../../../test/member-fixtures.ts';
import { renderApp, setSessionMarker } from '../../../test/render-app.tsx';
import { userEvent } from '../../../test/user-event.ts';
import { chooseIn, chosenIn, inputNamed, typeInto } from '../../../test/form-fields.ts';

const endDates = () =>
  Object.fromEntries(
    (
      createWrapper(document.querySelector('form') as HTMLElement)
        .findKeyValuePairs()
        ?.findItems() ?? []
    ).map((item) => [item.findLabel()?.getElement().textContent, item.findValue()?.getElement().textContent]),
  );

const plot = plotDetail({
  cropDescription: 'Maize',
  isIrrigated: false,
  endOfSeasonDate: '2025-09-01',
  endCoverageDate: '2026-04-01',
  enablerConfig: { version: 2, _id: 'config-2' },
});

/** Picks the plot's member in the form's member field, once its search has answered. */
const pickMember = async (id: string) => {
  const member = createWrapper(document.querySelector('form') as HTMLElement).findSelect();
  member?.openDropdown();
  await waitFor(() => expect(member?.findDropdown().findOptionByValue(id)).toBeTruthy(), { timeout: 3000 });
  member?.selectOptionByValue(id);
};

const open = async (path: string, routes: FakeRoutes = {}) => {
  setSessionMarker();
  const api = fakeApi({
    ...adminRoutes(),
    'GET /api/members': memberSearchAnswer(),
    'GET /api/admin/plots': { body: { items: [], page: 1, pageSize: 10, count: 0 } },
    ...routes,
  });
  renderApp(path);
  await screen.findByRole('heading', { name: /plot/i, level: 1 });
  return api;
};

describe('admin plot form', { timeout: 30_000 }, () => {
  it('should create a plot for a chosen member, its end dates computed from the latest config', async () => {
    const api = await open('/NewField', { 'POST /api/admin/plots': { status: 201, body: { id: 'p-9' } } });
    await typeInto('name', ' East field ');
    await typeInto('latitude', '14,5');
    await typeInto('longitude', '-16.25');
    await typeInto('startCoverageDate', '01/02/2026');
    await typeInto('cropDescription', ' Millet ');
    chooseIn('Irrigated', 'yes');
    // The test enabler's config: a season of 4 months, a coverage of 6.
    expect(endDates()).toEqual({ 'End of season': '01/06/2026', 'End of coverage': '01/08/2026' });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Member is required.')).toBeTruthy();
    expect(api.calls()).not.toContain('POST /api/admin/plots');

    await pickMember('m-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: /Plots/, level: 1 });
    expect(api.requestTo('POST /api/admin/plots')?.body).toEqual({
      memberId: 'm-1',
      name: 'East field',
      latitude: 14.5,
      longitude: -16.25,
      droughtMonthlyContrib: 0,
      excessRainMonthlyContrib: 0,
      startCoverageDate: Date.UTC(2026, 1, 1) / 1000,
      cropDescription: 'Millet',
      isIrrigated: true,
    });
  });

  it('should ask before creating a plot still at the default position', async () => {
    const api = await open('/NewField', { 'POST /api/admin/plots': { status: 201, body: { id: 'p-9' } } });
    await typeInto('name', 'East field');
    await pickMember('m-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Save the plot at the default position?')).toBeTruthy();
    expect(api.calls()).not.toContain('POST /api/admin/plots');
    await userEvent.click(screen.getByRole('button', { name: 'Save at this position' }));
    await screen.findByRole('heading', { name: /Plots/, level: 1 });
    expect(api.requestTo('POST /api/admin/plots')?.body).toMatchObject({ latitude: 10, longitude: 10 });
  });

  it('should edit a plot keeping its own end dates and config while its start stays', async () => {
    const api = await open('/UpdateField/m-1/Field/p-1', {
      'GET /api/members/m-1/plots/p-1': { body: plot },
      'POST /api/admin/plots/p-1': { status: 204 },
    });
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.getByText('Asha Devi (no. F-0042)')).toBeTruthy();
    expect(endDates()).toEqual({ 'End of season': '01/09/2025', 'End of coverage': '01/04/2026' });
    expect(inputNamed('cropDescription')?.getInputValue()).toBe('Maize');
    expect(chosenIn('Irrigated')).toBe('No');
    await typeInto('droughtMonthlyContrib', '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: /Plots/, level: 1 });
    expect(api.requestTo('POST /api/admin/plots/p-1')?.body).toEqual({
      name: 'North field',
      latitude: 10.5,
      longitude: 78.25,
      droughtMonthlyContrib: 120,
      excessRainMonthlyContrib: 0,
      startCoverageDate: Date.UTC(2025, 3, 1) / 1000,
      endOfSeasonDate: Date.UTC(2025, 8, 1) / 1000,
      endCoverageDate: Date.UTC(2026, 3, 1) / 1000,
      cropDescription: 'Maize',
      isIrrigated: false,
      enablerConfig: { version: 2, _id: 'config-2' },
    });
  });

  it('should clear the crop and set the irrigation back to not known', async () => {
    const api = await open('/UpdateField/m-1/Field/p-1', {
      'GET /api/members/m-1/plots/p-1': { body: plot },
      'POST /api/admin/plots/p-1': { status: 204 },
    });
    await screen.findByRole('button', { name: 'Save' });
    await typeInto('cropDescription', '  ');
    chooseIn('Irrigated', 'unknown');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: /Plots/, level: 1 });
    expect(api.requestTo('POST /api/admin/plots/p-1')?.body).toMatchObject({
      cropDescription: null,
      isIrrigated: null,
    });
  });

  it('should move a plot with a new start under the latest config, whose end dates it shows', async () => {
    const api = await open('/UpdateField/m-1/Field/p-1', {
      'GET /api/members/m-1/plots/p-1': { body: plot },
      'POST /api/admin/plots/p-1': { status: 204 },
    });
    await screen.findByRole('button', { name: 'Save' });
    await typeInto('startCoverageDate', '01/05/2025');
    expect(endDates()).toEqual({ 'End of season': '01/09/2025', 'End of coverage': '01/11/2025' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: /Plots/, level: 1 });
    const body = api.requestTo('POST /api/admin/plots/p-1')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      startCoverageDate: Date.UTC(2025, 4, 1) / 1000,
      enablerConfig: { version: 3 },
    });
    expect(body).not.toHaveProperty('endOfSeasonDate');
  });
});
