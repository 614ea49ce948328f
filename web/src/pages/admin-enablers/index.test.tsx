import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { Campaign } from '../../api/enablers.ts';
import i18next from '../../i18n/index.ts';
import { fakeApi, type FakeRoutes } from '../../test/fake-api.ts';
import { banner, renderApp, setSessionMarker, signedInRoutes } from '../../test/render-app.tsx';
import { cloudscape, dialogTexts, visibleDialog } from '../../test/cloudscape.ts';
import { adminEnabler } from '../../test/enabler-fixtures.ts';

// Names, ids, versions and dates each sort the three rows in a different order.
const coopVerte = adminEnabler({
  id: 'e-2',
  name: 'Coop Verte',
  latestConfigVersion: 3,
  latestConfigDate: '2025-01-10T10:00:00.000Z',
});
const agriNord = adminEnabler({
  id: 'e-3',
  name: 'Agri Nord',
  latestConfigVersion: 1,
  latestConfigDate: '2025-06-01T10:00:00.000Z',
});
const deccan = adminEnabler({ id: 'e-1', name: 'Deccan Growers', logo: null });
const enablers = [coopVerte, agriNord, deccan];

const columns = { name: 2, id: 3, latestConfigVersion: 5, latestConfigDate: 6 };

const openList = async (routes: FakeRoutes = {}) => {
  setSessionMarker();
  const api = fakeApi({ ...signedInRoutes('ADMIN', enablers), ...routes });
  renderApp('/AdminEnablers');
  await screen.findByRole('heading', { name: /^Enablers/ });
  await waitFor(() => expect(table().findRows()).toHaveLength(3));
  return api;
};

const required = <T,>(found: T | null | undefined, what: string): T => {
  if (found === null || found === undefined) throw new Error(`No ${what}`);
  return found;
};
const dialog = () => required(visibleDialog(), 'open dialog').getElement();

const table = () => {
  const found = cloudscape().findTable();
  if (!found) throw new Error('No table');
  return found;
};
const rowNames = () =>
  table()
    .findRows()
    .map((row) => row.getElement().querySelector('strong')?.textContent);
const sortBy = async (column: number) => {
  await userEvent.click(required(table().findColumnSortingArea(column), 'sorting area').getElement());
};
/** Opens the row's menu of actions and picks one. */
const rowAction = async (name: string, action: 'Edit' | 'Campaigns' | 'Delete') => {
  await userEvent.click(within(rowOf(name)).getByRole('button', { name: `More actions for ${name}` }));
  await userEvent.click(screen.getByRole('menuitem', { name: action }));
};
const rowOf = (name: string) => {
  const row = table()
    .findRows()
    .find((candidate) => candidate.getElement().querySelector('strong')?.textContent === name);
  if (!row) throw new Error(`No row for ${name}`);
  return row.getElement();
};

describe('enabler list', { timeout: 30_000 }, () => {
  it('should show each enabler with its images, its latest config, or a red message without one', async () => {
    await openList();

    const coop = within(rowOf('Coop Verte'));
    expect(coop.getByRole('img', { name: 'Logo of Coop Verte' }).getAttribute('src')).toBe(banner);
    expect(coop.getByRole('img', { name: 'Banner of Coop Verte' })).toBeTruthy();
    expect(coop.getByText('e-2')).toBeTruthy();
    expect(coop.getByText('3')).toBeTruthy();
    expect(coop.queryByText('No configuration: upload one')).toBeNull();

    const noConfig = within(rowOf('Deccan Growers')).getByText('No configuration: upload one');
    // Cloudscape's Box colour for errors (red).
    expect(noConfig.className).toMatch(/color-text-status-error/);
    expect(within(rowOf('Deccan Growers')).queryByRole('img', { name: 'Logo of Deccan Growers' })).toBeNull();

    expect(coop.getByRole('link', { name: 'Configurations of Coop Verte' }).getAttribute('href')).toBe(
      '/Enabler/e-2/Configs',
    );
    await userEvent.click(coop.getByRole('button', { name: 'More actions for Coop Verte' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' }).getAttribute('href')).toBe('/UpdateEnabler/e-2');
    expect(screen.getAllByRole('link', { name: 'Add an enabler' })[0]?.getAttribute('href')).toBe(
      '/NewEnabler',
    );
  });

  it('should search by name, trimmed and whatever the case', async () => {
    await openList();
    const search = screen.getByLabelText('Search the enablers by name');

    await userEvent.type(search, '  coop ');
    expect(rowNames()).toEqual(['Coop Verte']);
    expect(table().findTextFilter()?.findResultsCount().getElement().textContent).toBe('Matches: 1');

    await userEvent.clear(search);
    await userEvent.type(search, 'e-1');
    // The id is not searched.
    expect(table().findRows()).toHaveLength(0);
    expect(screen.getByText('No enabler has this name.')).toBeTruthy();

    await userEvent.clear(search);
    await userEvent.type(search, '   ');
    expect(rowNames()).toEqual(['Agri Nord', 'Coop Verte', 'Deccan Growers']);
  });

  it('should sort by name, id, latest config version and date, one column at a time', async () => {
    await openList();
    // By name at first, whatever order the server answered in.
    expect(rowNames()).toEqual(['Agri Nord', 'Coop Verte', 'Deccan Growers']);
    expect(table().findAscSortedColumn()?.getElement().textContent).toBe('Name');

    await sortBy(columns.name);
    expect(rowNames()).toEqual(['Deccan Growers', 'Coop Verte', 'Agri Nord']);
    await sortBy(columns.name);
    expect(rowNames()).toEqual(['Agri Nord', 'Coop Verte', 'Deccan Growers']);

    await sortBy(columns.id);
    expect(rowNames()).toEqual(['Deccan Growers', 'Coop Verte', 'Agri Nord']);
    await sortBy(columns.id);
    expect(rowNames()).toEqual(['Agri Nord', 'Coop Verte', 'Deccan Growers']);

    await sortBy(columns.latestConfigVersion);
    expect(rowNames()).toEqual(['Deccan Growers', 'Agri Nord', 'Coop Verte']);
    // The other columns are no longer sorted.
    expect(table().findAscSortedColumn()?.getElement().textContent).toBe('Latest config version');
    expect(table().findDescSortedColumn()).toBeNull();

    await sortBy(columns.latestConfigDate);
    expect(rowNames()).toEqual(['Deccan Growers', 'Coop Verte', 'Agri Nord']);
    await sortBy(columns.latestConfigDate);
    expect(rowNames()).toEqual(['Agri Nord', 'Coop Verte', 'Deccan Growers']);
  });

  it('should delete an enabler only after the confirmation, then reload the list', async () => {
    let remaining = enablers;
    const api = await openList({
      'GET /api/admin/enablers': () => ({ body: remaining }),
      'DELETE /api/admin/enablers/e-1': () => {
        remaining = [coopVerte, agriNord];
        return { status: 204 };
      },
    });

    await rowAction('Deccan Growers', 'Delete');
    expect(dialogTexts()?.header).toBe('Delete the enabler');
    expect(dialogTexts()?.content).toContain('Delete the enabler Deccan Growers?');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(visibleDialog()).toBeUndefined();
    expect(api.calls()).not.toContain('DELETE /api/admin/enablers/e-1');

    await rowAction('Deccan Growers', 'Delete');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(rowNames()).toEqual(['Agri Nord', 'Coop Verte']));
    expect(api.calls().filter((call) => call === 'DELETE /api/admin/enablers/e-1')).toHaveLength(1);
    expect(visibleDialog()).toBeUndefined();
  });

  it('should show why the server refused a deletion', async () => {
    await openList({
      'DELETE /api/admin/enablers/e-2': {
        status: 409,
        body: { code: 'ERR_ENABLER_HAS_MEMBERS', message: 'has members' },
      },
    });
    await rowAction('Coop Verte', 'Delete');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(dialogTexts()).toEqual({
        header: 'An error occured',
        content: 'This enabler still has members and cannot be deleted.',
      }),
    );
    // The list is loaded again, the refused enabler still in it.
    await waitFor(() => expect(rowNames()).toContain('Coop Verte'));
  });

  it('should list the campaigns newest first with the reporting month, or say there is none', async () => {
    const campaigns: Campaign[] = [
      { id: 'CV-2024-03', name: 'Kharif 2024', reportingDate: '2024-03-01' },
      { id: 'CV-2025-02', name: 'Rabi 2025', reportingDate: '2025-02-28' },
    ];
    await openList({
      'GET /api/admin/enablers/e-2/campaigns': { body: campaigns },
      'GET /api/admin/enablers/e-3/campaigns': { body: [] },
    });

    await rowAction('Coop Verte', 'Campaigns');
    const campaignsTable = () => required(createWrapper(dialog()).findTable(), 'campaigns table');
    await waitFor(() => expect(campaignsTable().findRows()).toHaveLength(2));
    expect(dialogTexts()?.header).toBe('Campaigns of Coop Verte');
    const cells = campaignsTable()
      .findRows()
      .map((row) => [...row.getElement().querySelectorAll('td, th')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Rabi 2025', '02/2025', 'CV-2025-02'],
      ['Kharif 2024', '03/2024', 'CV-2024-03'],
    ]);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));

    await rowAction('Agri Nord', 'Campaigns');
    expect(await within(dialog()).findByText('No campaign for this enabler.')).toBeTruthy();
  });

  it('should speak French', async () => {
    await i18next.changeLanguage('fr');
    setSessionMarker();
    fakeApi(signedInRoutes('ADMIN', enablers));
    renderApp('/AdminEnablers');
    expect(await screen.findByRole('heading', { name: /^Partenaires/ })).toBeTruthy();
    expect(await screen.findByText('Aucune configuration : téléversez-en une')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configurations de Coop Verte' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Autres actions pour Coop Verte' })).toBeTruthy();
  });
});
