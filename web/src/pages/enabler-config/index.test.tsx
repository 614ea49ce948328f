import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminEnabler, EnablerConfigVersion } from '../../api/enablers.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { banner, cloudscape, renderApp, setSessionMarker, signedInRoutes } from '../../test/render-app.tsx';
import { configFileContent, configFileName } from './config-file.ts';
import { captureDownloads, textOf } from '../../test/downloads.ts';

const coopVerte: AdminEnabler = {
  id: 'e-2',
  name: 'Coop Verte',
  logo: banner,
  banner,
  latestConfigVersion: 2,
  latestConfigDate: '2025-03-04T05:06:00',
  config: null,
  memberCount: 0,
  creationDate: '2024-01-01T00:00:00.000Z',
  createdBy: 'ada@example.org',
  modificationDate: null,
  modifiedBy: null,
};

const version2: EnablerConfigVersion = {
  _id: 'config-2',
  version: 2,
  currency: 'INR',
  maxCompensationFactor: 8,
  lengthOfSeasonInMonth: 5,
  lengthOfCoverageInMonth: 7,
  damageThreshold: 0.35,
  benefitFactorsByMonth: [0.25, 0.5, 1],
  // Local time: the screen shows it as is, whatever the time zone of the test machine.
  creationDate: '2025-03-04T05:06:00',
};
// Uploaded without a damage threshold: the API leaves the field out.
const { damageThreshold: _threshold, ...withoutThreshold } = version2;
const version1: EnablerConfigVersion = {
  ...withoutThreshold,
  _id: 'config-1',
  version: 1,
  creationDate: '2024-11-30T23:59:00',
};

const openConfig = async (configId: string) => {
  setSessionMarker();
  const api = fakeApi({
    ...signedInRoutes('ADMIN', [coopVerte]),
    'GET /api/admin/enablers/e-2/configs': { body: [version2, version1] },
  });
  renderApp(`/Enabler/e-2/Config/${configId}`);
  await screen.findByRole('heading', { name: /^Configuration version/ });
  return api;
};

describe('enabler config detail', { timeout: 30_000 }, () => {
  it('should show every field, the creation date and the benefit factor of each month', async () => {
    await openConfig('config-2');
    expect(screen.getByRole('heading', { name: 'Configuration version 2 of Coop Verte' })).toBeTruthy();
    const pairs = Object.fromEntries(
      (cloudscape().findKeyValuePairs()?.findItems() ?? []).map((item) => [
        item.findLabel()?.getElement().textContent,
        item.findValue()?.getElement().textContent,
      ]),
    );
    const value = (label: string) => pairs[label];
    expect(value('Created on')).toBe('04/03/2025 05:06');
    expect(value('Currency')).toBe('INR');
    expect(value('Version')).toBe('Version 2');
    expect(value('Maximum compensation factor')).toBe('8');
    expect(value('Length of the season (months)')).toBe('5');
    expect(value('Length of the coverage (months)')).toBe('7');
    expect(value('Damage threshold')).toBe('0.35');

    const factors = screen.getByRole('table');
    const rows = within(factors)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Month 10.25', 'Month 20.5', 'Month 31']);
    expect(screen.getByRole('link', { name: 'Back to the configurations' }).getAttribute('href')).toBe(
      '/Enabler/e-2/Configs',
    );
  });

  it("should explain what the factor makes of a plot's Maximum, and warn when that is a contribution or less", async () => {
    await openConfig('config-2');
    expect(
      screen.getByText(
        /With 8, the Maximum is 0\.13 times the monthly contribution \(0\.1 makes it 10 times\)/,
      ),
    ).toBeTruthy();
    expect(screen.getByText('The cover is worth one monthly contribution or less')).toBeTruthy();
  });

  it('should download config_{enabler}_v{version}.json with the fields as uploaded', async () => {
    const saved = captureDownloads();
    await openConfig('config-2');
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.fileName).toBe('config_Coop Verte_v2.json');
    const blob = saved[0]?.blob;
    expect(blob?.type).toBe('application/json');
    expect(JSON.parse(await textOf(blob ?? new Blob()))).toEqual({
      currency: 'INR',
      maxCompensationFactor: 8,
      lengthOfSeasonInMonth: 5,
      lengthOfCoverageInMonth: 7,
      damageThreshold: 0.35,
      benefitFactorsByMonth: [0.25, 0.5, 1],
    });
  });

  it('should give back the damage threshold as the file gave it: absent, null or a number', () => {
    expect(configFileName('Coop Verte', 1)).toBe('config_Coop Verte_v1.json');
    const fields = {
      currency: 'INR',
      maxCompensationFactor: 8,
      lengthOfSeasonInMonth: 5,
      lengthOfCoverageInMonth: 7,
      benefitFactorsByMonth: [0.25, 0.5, 1],
    };
    expect(configFileContent(version1)).toStrictEqual(fields);
    expect(configFileContent({ ...version1, damageThreshold: null })).toStrictEqual({
      ...fields,
      damageThreshold: null,
    });
    expect(configFileContent(version2)).toStrictEqual({ ...fields, damageThreshold: 0.35 });
  });

  it('should say so when the config is not one of the enabler', async () => {
    setSessionMarker();
    fakeApi({
      ...signedInRoutes('ADMIN', [coopVerte]),
      'GET /api/admin/enablers/e-2/configs': { body: [version2, version1] },
    });
    renderApp('/Enabler/e-2/Config/config-9');
    expect(await screen.findByText('This configuration does not exist.')).toBeTruthy();
  });
});
