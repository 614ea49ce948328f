import { act, screen, waitFor } from '@testing-library/react';
import userEventDefault from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { describe, expect, it } from 'vitest';
import { adminRoutes, memberSearchAnswer } from '../../../test/admin-fixtures.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { memberDetail } from '../../../test/member-fixtures.ts';
import { cloudscape, renderApp, setRefreshTokenCookie } from '../../../test/render-app.tsx';

const userEvent = userEventDefault.setup({ delay: null });

const input = (name: string) =>
  cloudscape()
    .findAllInputs()
    .find((candidate) => candidate.findNativeInput().getElement().name === name);

describe('admin contribution form', { timeout: 30_000 }, () => {
  it('should record a drought contribution for a plot of the chosen member, excess rain disabled', async () => {
    setRefreshTokenCookie('refresh-1');
    const api = fakeApi({
      ...adminRoutes(),
      'GET /api/members': memberSearchAnswer(),
      'GET /api/members/m-1': { body: memberDetail() },
      'GET /api/admin/contributions': { body: { items: [], page: 1, pageSize: 10, nextCursor: null } },
      'POST /api/admin/contributions': { status: 201, body: { id: 'c-9' } },
    });
    renderApp('/NewContribution');
    await screen.findByRole('button', { name: 'Create' });
    expect((screen.getByLabelText('Drought') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Excess rain') as HTMLInputElement).disabled).toBe(true);

    const [member, plot] = createWrapper(document.querySelector('form') as HTMLElement).findAllSelects();
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
      input('amount')?.setInputValue('150');
      input('contributionDate')?.setInputValue('01/03/2025');
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
