import { act, screen, waitFor } from '@testing-library/react';
import userEventDefault from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { describe, expect, it } from 'vitest';
import { adminRoutes, memberSearchAnswer, payoutRow } from '../../../test/admin-fixtures.ts';
import { fakeApi, type FakeRoutes } from '../../../test/fake-api.ts';
import { memberDetail } from '../../../test/member-fixtures.ts';
import { cloudscape, renderApp, setRefreshTokenCookie } from '../../../test/render-app.tsx';

const userEvent = userEventDefault.setup({ delay: null });

const fieldErrors = () =>
  cloudscape()
    .findAllFormFields()
    .map((field) => field.findError()?.getElement().textContent)
    .filter(Boolean);

const input = (name: string) =>
  cloudscape()
    .findAllInputs()
    .find((candidate) => candidate.findNativeInput().getElement().name === name);

const type = async (name: string, value: string) => {
  await act(async () => input(name)?.setInputValue(value));
};

/** The form's selects: the member picker, then the plot (the top bar's enabler select is outside the form). */
const formSelects = () => {
  const form = document.querySelector('form') as HTMLElement;
  return createWrapper(form).findAllSelects();
};

const emptyList = { body: { items: [], page: 1, pageSize: 10, nextCursor: null } };

const open = async (path: string, routes: FakeRoutes = {}) => {
  setRefreshTokenCookie('refresh-1');
  const api = fakeApi({
    ...adminRoutes(),
    'GET /api/members': memberSearchAnswer(),
    'GET /api/members/m-1': { body: memberDetail() },
    'GET /api/admin/payouts': emptyList,
    ...routes,
  });
  renderApp(path);
  return api;
};

describe('benefit form', { timeout: 30_000 }, () => {
  it('should require the member, plot, amount, assessment reference and both dates before calling', async () => {
    const api = await open('/NewPayout');
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(fieldErrors()).toEqual([
      'Member is required.',
      'Plot is required.',
      'Amount is required.',
      'Assessment reference is required.',
      'Assessment date is required.',
      'Payout date is required.',
    ]);
    await type('assessmentDate', '31/02/2025');
    expect(fieldErrors()).toContain('Type Assessment date as DD/MM/YYYY.');
    expect(api.calls()).not.toContain('POST /api/admin/payouts');
  });

  it('should create a benefit for a member chosen by search and a plot of theirs, dates in unix seconds', async () => {
    const api = await open('/NewPayout', {
      'POST /api/admin/payouts': { status: 201, body: { id: 'pay-9' } },
    });
    await screen.findByRole('button', { name: 'Create' });
    const [member] = formSelects();
    member?.openDropdown();
    await act(async () => member?.findFilteringInput()?.setInputValue('asha'));
    // The search waits for the typing to stop, then asks for the first ten members by name.
    await waitFor(
      () =>
        expect(
          Object.fromEntries(
            api.requests.findLast((request) => request.path === '/api/members')?.url.searchParams ?? [],
          ),
        ).toEqual({ page: '1', pageSize: '10', 'sort:name': 'asc', 'filter:search': 'asha' }),
      { timeout: 3000 },
    );
    await waitFor(() => expect(member?.findDropdown().findOptionByValue('m-1')).toBeTruthy());
    member?.selectOptionByValue('m-1');

    const plot = formSelects()[1];
    // The plots of the member chosen, from the member's page data.
    await waitFor(() => expect(api.calls()).toContain('GET /api/members/m-1'));
    await waitFor(() => expect(plot?.findTrigger().getElement().textContent).toBe('Choose a plot'));
    plot?.openDropdown();
    await waitFor(() => expect(plot?.findDropdown().findOptionByValue('p-1')).toBeTruthy());
    plot?.selectOptionByValue('p-1');
    await type('amount', '1250,50');
    await type('assessmentId', ' A-2025-07 ');
    await type('assessmentDate', '10/07/2025');
    await type('payoutDate', '15/07/2025');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    await screen.findByRole('heading', { name: /Benefits/, level: 1 });
    const post = api.requestTo('POST /api/admin/payouts');
    expect(post?.body).toEqual({
      memberId: 'm-1',
      plotId: 'p-1',
      amount: 1250.5,
      assessmentId: 'A-2025-07',
      assessmentDate: Date.UTC(2025, 6, 10) / 1000,
      payoutDate: Date.UTC(2025, 6, 15) / 1000,
    });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('should edit a benefit: its member fixed, its values shown as typed, saved without the member', async () => {
    const api = await open('/UpdatePayout/pay-1', {
      'GET /api/admin/payouts/pay-1': { body: payoutRow() },
      'POST /api/admin/payouts/pay-1': { status: 204 },
    });
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.getByText('Asha Devi (no. F-0042)')).toBeTruthy();
    expect(input('assessmentDate')?.getInputValue()).toBe('10/07/2025');
    expect(input('amount')?.getInputValue()).toBe('250');
    await type('amount', '300');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: /Benefits/, level: 1 });
    expect(api.requestTo('POST /api/admin/payouts/pay-1')?.body).toEqual({
      plotId: 'p-1',
      amount: 300,
      assessmentId: 'A-2025-07',
      assessmentDate: Date.UTC(2025, 6, 10) / 1000,
      payoutDate: Date.UTC(2025, 6, 15) / 1000,
    });
  });

  it('should say so when the benefit does not exist, with the way back', async () => {
    await open('/UpdatePayout/pay-x', {
      'GET /api/admin/payouts/pay-x': { status: 404, body: { code: 'ERR_NOT_FOUND', message: 'Not found' } },
    });
    expect(await screen.findByText('This record does not exist (or no longer does).')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the table' }).getAttribute('href')).toBe(
      '/AdminPayouts',
    );
  });
});
