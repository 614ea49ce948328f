import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EnablerConfigVersion } from '../../api/enablers.ts';
import i18next from '../../i18n/index.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp, setSessionMarker, signedInRoutes } from '../../test/render-app.tsx';
import { adminEnabler } from '../../test/enabler-fixtures.ts';

const config = (version: number, creationDate: string): EnablerConfigVersion => ({
  _id: `config-${version}`,
  version,
  currency: 'XOF',
  maxCompensationFactor: 12.5,
  lengthOfSeasonInMonth: 4,
  lengthOfCoverageInMonth: 6,
  damageThreshold: null,
  benefitFactorsByMonth: [0.5, 1],
  creationDate,
});

const open = async (path: string) => {
  setSessionMarker();
  fakeApi({
    ...signedInRoutes('ADMIN', [
      adminEnabler({ id: 'e-2', name: 'Coop Verte' }),
      adminEnabler({ id: 'e-4', name: 'Sahel Mil' }),
    ]),
    'GET /api/admin/enablers/e-2/configs': {
      body: [config(2, '2025-03-04T05:06:00'), config(1, '2024-11-30T23:59:00')],
    },
    'GET /api/admin/enablers/e-4/configs': { body: [] },
  });
  renderApp(path);
};

describe('enabler configs', { timeout: 30_000 }, () => {
  it('should list the versions newest first, each opening its detail', async () => {
    await open('/Enabler/e-2/Configs');
    expect(await screen.findByRole('heading', { name: /^Configurations of Coop Verte/ })).toBeTruthy();
    const version2 = await screen.findByRole('link', { name: 'Version 2' });
    expect(version2.getAttribute('href')).toBe('/Enabler/e-2/Config/config-2');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('a')?.textContent)).toEqual(['Version 2', 'Version 1']);
    expect(rows[0]?.textContent).toContain('04/03/2025 05:06');
    expect(rows[0]?.textContent).toContain('12.5');
    expect(screen.getByRole('link', { name: 'Back to the enablers' }).getAttribute('href')).toBe(
      '/AdminEnablers',
    );
    expect(screen.getByRole('link', { name: 'Upload a configuration' }).getAttribute('href')).toBe(
      '/Enabler/e-2/NewConfig',
    );
  });

  it('should invite to upload the first configuration, in French too', async () => {
    await i18next.changeLanguage('fr');
    await open('/Enabler/e-4/Configs');
    expect(await screen.findByText("Aucune configuration pour l'instant.")).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Téléverser une configuration' }).length).toBeGreaterThan(0);
  });

  it('should say so for an unknown enabler', async () => {
    await open('/Enabler/e-404/Configs');
    expect(await screen.findByText('This enabler does not exist (any more).')).toBeTruthy();
  });
});
