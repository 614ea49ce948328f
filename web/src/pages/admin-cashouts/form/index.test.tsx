import { act, screen, waitFor } from '@testing-library/react';
import userEventDefault from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { describe, expect, it } from 'vitest';
import { adminRoutes, memberSearchAnswer } from '../../../test/admin-fixtures.ts';
import { fakeApi, type FakeRoutes } from '../../../test/fake-api.ts';
import { cloudscape, renderApp, setRefreshTokenCookie } from '../../../test/render-app.tsx';

const userEvent = userEventDefault.setup({ delay: null });

const input = (name: string) =>
  cloudscape()
    .findAllInputs()
    .find((candidate) => candidate.findNativeInput().getElement().name === name);

const open = async (path: string, routes: FakeRoutes = {}) => {
  setRefreshTokenCookie('refresh-1');
  const api = fakeApi({
    ...adminRoutes(),
    'GET /api/members': memberSearchAnswer(),
    'GET /api/admin/cashouts': { body: { items: [], page: 1, pageSize: 10, nextCursor: null } },
    ...routes,
  });
  renderApp(path);
  return api;
};

describe('paid benefit form', { timeout: 30_000 }, () => {
  it('should pay a member an amount, without a date (the server dates it today)', async () => {
    const api = await open('/NewCashout', {
      'POST /api/admin/cashouts': { status: 201, body: { id: 'co-1' } },
    });
    await screen.findByRole('button', { name: 'Create' });
    expect(input('cashoutDate')).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Member is required.')).toBeTruthy();
    expect(screen.getByText('Amount is required.')).toBeTruthy();

    const member = createWrapper(document.querySelector('form') as HTMLElement).findSelect();
    member?.openDropdown();
    await waitFor(() => expect(member?.findDropdown().findOptionByValue('m-2')).toBeTruthy(), {
      timeout: 3000,
    });
    member?.selectOptionByValue('m-2');
    await act(async () => input('amount')?.setInputValue('40'));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: /Paid benefits/, level: 1 });
    expect(api.requestTo('POST /api/admin/cashouts')?.body).toEqual({ memberId: 'm-2', amount: 40 });
  });

  it('should edit the amount and the date of a paid benefit', async () => {
    const api = await open('/UpdateCashout/co-1', {
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
    expect(input('cashoutDate')?.getInputValue()).toBe('02/08/2025');
    await act(async () => {
      input('amount')?.setInputValue('35,5');
      input('cashoutDate')?.setInputValue('03/08/2025');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: /Paid benefits/, level: 1 });
    expect(api.requestTo('POST /api/admin/cashouts/co-1')?.body).toEqual({
      amount: 35.5,
      cashoutDate: Date.UTC(2025, 7, 3) / 1000,
    });
  });
});
