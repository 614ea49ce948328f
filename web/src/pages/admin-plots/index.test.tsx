import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18next from '../../i18n/index.ts';
import { adminRoutes } from '../../test/admin-fixtures.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { plotDetail } from '../../test/member-fixtures.ts';
import { renderApp, setSessionMarker } from '../../test/render-app.tsx';
import { cloudscape } from '../../test/cloudscape.ts';

const plots = [
  plotDetail({ id: 'p-1', cropDescription: 'Millet', isIrrigated: true }),
  plotDetail({ id: 'p-2', name: 'South field', cropDescription: 'Maize', isIrrigated: false }),
  plotDetail({ id: 'p-3', name: 'East field' }),
];

const table = () => cloudscape().findTable();
/** The cells of the column with this header, row by row. */
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
