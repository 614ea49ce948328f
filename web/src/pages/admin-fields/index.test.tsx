import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminPlotRow } from '../../api/admin-records.ts';
import i18next from '../../i18n/index.ts';
import { adminRoutes } from '../../test/admin-fixtures.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { cloudscape, renderApp, setSessionMarker } from '../../test/render-app.tsx';

const plotRow = (overrides: Partial<AdminPlotRow>): AdminPlotRow => ({
  id: 'p-1',
  _id: 'p-1',
  name: 'North field',
  memberId: 'm-1',
  memberName: 'Asha Devi',
  memberNumber: 'F-0042',
  latitude: 10.5,
  longitude: 78.25,
  cropDescription: null,
  isIrrigated: null,
  droughtMonthlyContrib: 100,
  excessRainMonthlyContrib: 0,
  startCoverageDate: '2025-04-01',
  endOfSeasonDate: '2025-09-01',
  endCoverageDate: '2026-04-01',
  enablerConfig: { version: 2, _id: 'config-2' },
  ...overrides,
});

const plots = [
  plotRow({ id: 'p-1', cropDescription: 'Millet', isIrrigated: true }),
  plotRow({ id: 'p-2', name: 'South field', cropDescription: 'Maize', isIrrigated: false }),
  plotRow({ id: 'p-3', name: 'East field' }),
];

const table = () => cloudscape().findTable();
/** Each column's header and its cells, by column. */
const column = (header: string) => {
  const headers = (table()?.findColumnHeaders() ?? []).map((cell) => cell.getElement().textContent);
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`No column ${header} in ${headers.join(', ')}`);
  return (table()?.findRows() ?? []).map(
    (row) => row.getElement().querySelectorAll('td, th')[index]?.textContent,
  );
};

const openPlots = async () => {
  setSessionMarker();
  fakeApi({
    ...adminRoutes(),
    'GET /api/admin/plots': { body: { items: plots, page: 1, pageSize: 10, nextCursor: null } },
  });
  renderApp('/AdminFields');
  await waitFor(() => expect(table()?.findRows()).toHaveLength(3), { timeout: 10_000 });
};

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('admin plots table', { timeout: 30_000 }, () => {
  it('should show what grows on each plot and whether it is irrigated', async () => {
    await openPlots();
    expect(column('Crop')).toEqual(['Millet', 'Maize', '—']);
    expect(column('Irrigated')).toEqual(['Yes', 'No', 'Not known']);
  });

  it('should show them in French', async () => {
    await i18next.changeLanguage('fr');
    await openPlots();
    expect(column('Culture')).toEqual(['Millet', 'Maize', '—']);
    expect(column('Irriguée')).toEqual(['Oui', 'Non', 'Non renseigné']);
  });
});
