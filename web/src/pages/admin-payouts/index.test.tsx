import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatAmount } from '../../common/format/format.ts';
import * as browserModule from '../../browser/browser.ts';
import i18next from '../../i18n/index.ts';
import { adminRoutes, memberSearchAnswer, payoutRow } from '../../test/admin-fixtures.ts';
import { fakeApi, type FakeRequest, type FakeRoutes } from '../../test/fake-api.ts';
import { renderApp, setSessionMarker } from '../../test/render-app.tsx';
import { cloudscape, dialogTexts, visibleDialog } from '../../test/cloudscape.ts';
import { choosePageSize, pageSizeLabels } from '../../test/page-sizes.ts';
import { userEvent } from '../../test/user-event.ts';

const table = () => cloudscape().findTable();
const rows = () =>
  (table()?.findRows() ?? []).map((row) =>
    Array.from(row.getElement().querySelectorAll('td, th'))
      .slice(0, 8)
      .map((cell) => cell.textContent),
  );

const params = (request: FakeRequest | undefined) => Object.fromEntries(request?.url.searchParams ?? []);
const listRequests = (api: ReturnType<typeof fakeApi>) =>
  api.requests
    .filter((request) => request.method === 'GET' && request.path === '/api/admin/payouts')
    .map(params);

/** 23 payouts, paged by number like the server: the page asked for, with the count and total. */
const pagedPayouts = (request: FakeRequest) => {
  const page = Number(request.url.searchParams.get('page'));
  const size = Number(request.url.searchParams.get('pageSize'));
  const all = Array.from({ length: 23 }, (_, index) =>
    payoutRow({ id: `pay-${index + 1}`, assessmentId: `A-${index + 1}` }),
  );
  return {
    body: {
      items: all.slice((page - 1) * size, page * size),
      page,
      pageSize: size,
      count: 23,
      totalAmount: 5750,
    },
  };
};

const openPayouts = async (routes: FakeRoutes = {}, shown = 10) => {
  setSessionMarker();
  const api = fakeApi({ ...adminRoutes(), 'GET /api/admin/payouts': pagedPayouts, ...routes });
  renderApp('/AdminPayouts');
  await waitFor(() => expect(rows().length).toBe(shown));
  await waitFor(() => expect(rows()[0]?.[0]).toContain('Asha Devi'));
  return api;
};

afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('en');
});

// Whole-app renders with Cloudscape tables in jsdom: slow on a busy machine.
describe('admin benefits table', { timeout: 30_000 }, () => {
  it('should list the benefits newest first, 10 a page, with the member, plot, amount, dates, the count and total', async () => {
    const api = await openPayouts();
    expect(rows()[0]).toEqual([
      'Asha Devi',
      'F-0042',
      'North field',
      '₹250.00',
      'A-1',
      '10/07/2025',
      '15/07/2025',
      'ada@example.org',
    ]);
    expect(listRequests(api)[0]).toEqual({ page: '1', pageSize: '10', 'sort:payoutDate': 'desc' });
    expect(screen.getByRole('heading', { name: /Benefits/, level: 1 }).textContent).toContain('(23)');
    expect(screen.getByText('Total: ₹5,750.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a benefit' }).getAttribute('href')).toBe('/NewPayout');
  });

  it('should number the pages from the count, and open any of them', async () => {
    const api = await openPayouts();
    const pagination = () => table()?.findPagination();
    await waitFor(() =>
      expect(
        pagination()
          ?.findPageNumbers()
          .map((page) => page.getElement().textContent),
      ).toEqual(['1', '2', '3']),
    );
    pagination()?.findPageNumberByIndex(3)?.click();
    await waitFor(() => expect(rows().map((row) => row[4])).toEqual(['A-21', 'A-22', 'A-23']));
    expect(listRequests(api).at(-1)).toEqual({ page: '3', pageSize: '10', 'sort:payoutDate': 'desc' });
    await waitFor(() =>
      expect(pagination()?.findNextPageButton().getElement().getAttribute('aria-disabled')).toBe('true'),
    );
    pagination()?.findPreviousPageButton().click();
    await waitFor(() => expect(rows()[0]?.[4]).toBe('A-11'));
  });

  it('should show everything with All, reading every page of 500, and 10 again on the next visit', async () => {
    const api = await openPayouts(
      {
        'GET /api/admin/payouts': (request) => {
          const page = Number(request.url.searchParams.get('page'));
          return {
            body: {
              items: [payoutRow({ id: `pay-${page}`, assessmentId: `A-${page}` })],
              page,
              pageSize: 500,
              count: 1001,
              totalAmount: 9,
            },
          };
        },
      },
      1,
    );
    expect(await pageSizeLabels(table)).toEqual(['5 rows', '10 rows', '25 rows', 'All']);
    await choosePageSize(table, 'All');
    await waitFor(() => expect(rows().map((row) => row[4])).toEqual(['A-1', 'A-2', 'A-3']));
    expect(listRequests(api).slice(-3)).toEqual([
      { page: '1', pageSize: '500', 'sort:payoutDate': 'desc' },
      { page: '2', pageSize: '500', 'sort:payoutDate': 'desc' },
      { page: '3', pageSize: '500', 'sort:payoutDate': 'desc' },
    ]);
    // No pager: every row is on the one page (the page-size choice stays beside it).
    expect(table()?.findPagination()?.findPageNumbers()).toHaveLength(0);

    cleanup();
    renderApp('/AdminPayouts');
    await waitFor(() => expect(rows().length).toBe(1));
    expect(listRequests(api).at(-1)).toEqual({ page: '1', pageSize: '10', 'sort:payoutDate': 'desc' });
  });

  it('should sort on every column, one at a time, toggling its direction, from the first page', async () => {
    const api = await openPayouts();
    table()?.findPagination()?.findPageNumberByIndex(2)?.click();
    await waitFor(() => expect(listRequests(api).at(-1)).toMatchObject({ page: '2' }));
    const fields = [
      'memberName',
      'memberNumber',
      'plotName',
      'amount',
      'assessmentId',
      'assessmentDate',
      'payoutDate',
      'createdBy',
    ];
    for (const [index, field] of fields.entries()) {
      table()
        ?.findColumnSortingArea(index + 1)
        ?.click();
      // Another column sorts ascending, whatever the previous one did.
      await waitFor(() =>
        expect(listRequests(api).at(-1)).toEqual({ page: '1', pageSize: '10', [`sort:${field}`]: 'asc' }),
      );
    }
    table()?.findColumnSortingArea(8)?.click();
    await waitFor(() =>
      expect(listRequests(api).at(-1)).toEqual({ page: '1', pageSize: '10', 'sort:createdBy': 'desc' }),
    );
  });

  it('should filter by a member found by search', async () => {
    const api = await openPayouts({ 'GET /api/members': memberSearchAnswer() });
    // The table's own select (the top bar has the enabler's).
    const picker = createWrapper(table()?.getElement() as HTMLElement).findSelect();
    picker?.openDropdown();
    await act(async () => picker?.findFilteringInput()?.setInputValue('bala'));
    await waitFor(
      () =>
        expect(params(api.requests.findLast((request) => request.path === '/api/members'))).toEqual({
          page: '1',
          pageSize: '10',
          'sort:name': 'asc',
          'filter:search': 'bala',
        }),
      { timeout: 3000 },
    );
    await waitFor(() => expect(picker?.findDropdown().findOptionByValue('m-2')).toBeTruthy());
    picker?.selectOptionByValue('m-2');
    await waitFor(() =>
      expect(listRequests(api).at(-1)).toMatchObject({ 'filter:memberId': 'm-2', page: '1' }),
    );
  });

  it('should say when nothing matches the filters, and clear them', async () => {
    const api = await openPayouts({
      'GET /api/admin/payouts': (request) =>
        request.url.searchParams.get('filter:from')
          ? { body: { items: [], page: 1, pageSize: 10, count: 0, totalAmount: 0 } }
          : pagedPayouts(request),
    });
    const from = screen.getByLabelText('From');
    await userEvent.type(from, '01/08/2025');
    expect(await screen.findByText('No benefit matches the filters.')).toBeTruthy();
    expect(listRequests(api).at(-1)).toMatchObject({ 'filter:from': '2025-08-01' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(rows().length).toBe(10));
  });

  it('should delete a benefit once confirmed, then read the table again', async () => {
    const api = await openPayouts({ 'DELETE /api/admin/payouts/pay-1': { status: 204 } });
    await userEvent.click(screen.getAllByRole('button', { name: /^Actions for/ })[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(dialogTexts()).toEqual({
      header: 'Delete the benefit',
      content:
        "Delete the benefit of ₹250.00 for Asha Devi on 15/07/2025? The member's pending benefit changes with it.",
    });
    expect(api.calls()).not.toContain('DELETE /api/admin/payouts/pay-1');
    const reads = listRequests(api).length;
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(visibleDialog()).toBeUndefined());
    expect(api.requestTo('DELETE /api/admin/payouts/pay-1')?.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(listRequests(api).length).toBeGreaterThan(reads));
    expect(
      await screen.findByText('The benefit was deleted: ₹250.00 for Asha Devi on 15/07/2025.'),
    ).toBeTruthy();
  });

  it('should show a refused deletion in the error dialog and keep the row', async () => {
    await openPayouts({
      'DELETE /api/admin/payouts/pay-1': { status: 409, body: { code: 'ERR_CONFLICT', message: 'Conflict' } },
    });
    await userEvent.click(screen.getAllByRole('button', { name: /^Actions for/ })[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(dialogTexts()?.header).toBe('An error occured'));
    expect(rows().length).toBe(10);
  });

  it('should open a row’s edit form on a click, and in a new tab on ctrl-click or middle-click', async () => {
    const open = vi.spyOn(browserModule, 'openInNewTab').mockImplementation(() => undefined);
    await openPayouts();
    const cell = table()?.findBodyCell(1, 4)?.getElement() as HTMLElement;
    await userEvent.pointer({ keys: '[MouseMiddle]', target: cell });
    await userEvent.keyboard('{Control>}');
    await userEvent.click(cell);
    await userEvent.keyboard('{/Control}');
    expect(open.mock.calls).toEqual([['/UpdatePayout/pay-1'], ['/UpdatePayout/pay-1']]);
  });

  it('should speak French', async () => {
    await i18next.changeLanguage('fr');
    await openPayouts();
    expect(screen.getByRole('heading', { name: /Indemnités/, level: 1 })).toBeTruthy();
    expect(rows()[0]?.[3]).toBe(formatAmount(250, 'INR', 'fr'));
    // French amounts hold narrow no-break spaces, which a text match would fold.
    const total = `Total : ${formatAmount(5750, 'INR', 'fr')}`;
    expect(screen.getByText((_, element) => element?.textContent === total)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ajouter une indemnité' })).toBeTruthy();
  });
});
