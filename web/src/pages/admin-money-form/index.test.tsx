import { act, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { describe, expect, it } from 'vitest';
import { adminRoutes, memberSearchAnswer, payoutRow } from '../../test/admin-fixtures.ts';
import { fakeApi, type FakeRoutes } from '../../test/fake-api.ts';
import { fieldErrors, inputNamed, typeInto } from '../../test/form-fields.ts';
import { memberDetail } from '../../test/member-fixtures.ts';
import { renderApp, setSessionMarker } from '../../test/render-app.tsx';
import { userEvent } from '../../test/user-event.ts';

/** The form's selects: the member picker, then the plot (the top bar's enabler select is outside the form). */
const formSelects = () => {
  const form = document.querySelector('form') as HTMLElement;
  return createWrapper(form).findAllSelects();
};

const emptyList = { body: { items: [], page: 1, pageSize: 10, count: 0 } };

/** A money form's address, signed in as an administrator; each kind's table answers an empty page. */
const open = (path: string, routes: FakeRoutes = {}) => {
  setSessionMarker();
  const api = fakeApi({
    ...adminRoutes(),
    'GET /api/members': memberSearchAnswer(),
    'GET /api/members/m-1': { body: memberDetail() },
    'GET /api/admin/contributions': emptyList,
    'GET /api/admin/payouts': emptyList,
    'GET /api/admin/cashouts': emptyList,
    ...routes,
  });
  renderApp(path);
  return api;
};

describe('admin contribution form', { timeout: 30_000 }, () => {
  it('should record a drought contribution for a plot of the chosen member, excess rain disabled', async () => {
    const api = open('/NewContribution', {
      'POST /api/admin/contributions': { status: 201, body: { id: 'c-9' } },
    });
    await screen.findByRole('button', { name: 'Create' });
    expect((screen.getByLabelText('Drought') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Excess rain') as HTMLInputElement).disabled).toBe(true);

    const [member, plot] = formSelects();
    member?.openDropdown();
    await waitFor(() => expect(member?.findDropdown().findOptionByValue('m-1')).toBeTruthy(), {
      timeout: 3000,
    });
    member?.selectOptionByValue('m-1');
    await waitFor(() => expect(api.calls()).toContain('GET /api/members/m-1'));
    await waitFor(() => expect(plot?.findTrigger().getElement().textContent).toBe('Choose a plot'));
    plot?.openDropdown();
    await waitFor(() => expect(plot?.findDropdown().findOptionByValue('p-1')).toBeTruthy());
    plot?.selectOptionByValue('p-1');
    await act(async () => {
      inputNamed('amount')?.setInputValue('150');
      inputNamed('contributionDate')?.setInputValue('01/03/2025');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: /Contributions/, level: 1 });
    expect(api.requestTo('POST /api/admin/contributions')?.body).toEqual({
      plotId: 'p-1',
      amount: 150,
      protectionType: 'DROUGHT',
      contributionDate: Date.UTC(2025, 2, 1) / 1000,
    });
  });
});

describe('benefit form', { timeout: 30_000 }, () => {
  it('should require the member, plot, amount, assessment reference and both dates before calling', async () => {
    const api = open('/NewPayout');
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(fieldErrors()).toEqual([
      'Member is required.',
      'Plot is required.',
      'Amount is required.',
      'Assessment reference is required.',
      'Assessment date is required.',
      'Payout date is required.',
    ]);
    await typeInto('assessmentDate', '31/02/2025');
    expect(fieldErrors()).toContain('Type Assessment date as DD/MM/YYYY.');
    expect(api.calls()).not.toContain('POST /api/admin/payouts');
  });

  it('should create a benefit for a member chosen by search and a plot of theirs, dates in unix seconds', async () => {
    const api = open('/NewPayout', {
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
    await typeInto('amount', '1250,50');
    await typeInto('assessmentId', ' A-2025-07 ');
    await typeInto('assessmentDate', '10/07/2025');
    await typeInto('payoutDate', '15/07/2025');
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
    const api = open('/UpdatePayout/pay-1', {
      'GET /api/admin/payouts/pay-1': { body: payoutRow() },
      'POST /api/admin/payouts/pay-1': { status: 204 },
    });
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.getByText('Asha Devi (no. F-0042)')).toBeTruthy();
    expect(inputNamed('assessmentDate')?.getInputValue()).toBe('10/07/2025');
    expect(inputNamed('amount')?.getInputValue()).toBe('250');
    await typeInto('amount', '300');
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

  it('should not edit a benefit a run paid, and lead to the run instead', async () => {
    open('/UpdatePayout/pay-1', {
      'GET /api/admin/payouts/pay-1': { body: { ...payoutRow(), runId: 'run-7' } },
    });
    expect(await screen.findByText('Written by a benefit run')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the run' }).getAttribute('href')).toBe('/BenefitRun/run-7');
  });

  it('should say so when the benefit does not exist, with the way back', async () => {
    open('/UpdatePayout/pay-x', {
      'GET /api/admin/payouts/pay-x': { status: 404, body: { code: 'ERR_NOT_FOUND', message: 'Not found' } },
    });
    expect(await screen.findByText('This record does not exist (or no longer does).')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the table' }).getAttribute('href')).toBe(
      '/AdminPayouts',
    );
  });
});

describe('paid benefit form', { timeout: 30_000 }, () => {
  it('should pay a member an amount, without a date (the server dates it today)', async () => {
    const api = open('/NewCashout', {
      'POST /api/admin/cashouts': { status: 201, body: { id: 'co-1' } },
    });
    await screen.findByRole('button', { name: 'Create' });
    expect(inputNamed('cashoutDate')).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Member is required.')).toBeTruthy();
    expect(screen.getByText('Amount is required.')).toBeTruthy();

    const [member] = formSelects();
    member?.openDropdown();
    await waitFor(() => expect(member?.findDropdown().findOptionByValue('m-2')).toBeTruthy(), {
      timeout: 3000,
    });
    member?.selectOptionByValue('m-2');
    await act(async () => inputNamed('amount')?.setInputValue('40'));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: /Paid benefits/, level: 1 });
    expect(api.requestTo('POST /api/admin/cashouts')?.body).toEqual({ memberId: 'm-2', amount: 40 });
  });

  it('should edit the amount and the date of a paid benefit', async () => {
    const api = open('/UpdateCashout/co-1', {
      'GET /api/admin/cashouts/co-1': {
        body: {
          id: 'co-1',
          memberId: 'm-1',
          memberName: 'Asha Devi',
          memberNumber: 'F-0042',
          amount: 40,
          cashoutDate: '2025-08-02T00:00:00.000Z',
          createdAt: '2025-08-02T09:00:00.000Z',
          createdBy: 'ada@example.org',
          modifiedAt: null,
          modifiedBy: null,
        },
      },
      'POST /api/admin/cashouts/co-1': { status: 204 },
    });
    await screen.findByRole('button', { name: 'Save' });
    expect(inputNamed('cashoutDate')?.getInputValue()).toBe('02/08/2025');
    await act(async () => {
      inputNamed('amount')?.setInputValue('35,5');
      inputNamed('cashoutDate')?.setInputValue('03/08/2025');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: /Paid benefits/, level: 1 });
    expect(api.requestTo('POST /api/admin/cashouts/co-1')?.body).toEqual({
      amount: 35.5,
      cashoutDate: Date.UTC(2025, 7, 3) / 1000,
    });
  });
});
