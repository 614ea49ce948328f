import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminRoutes } from '../../test/admin-fixtures.ts';
import { fakeApi, type FakeRequest, type FakeRoutes } from '../../test/fake-api.ts';
import { memberDetail, memberRow } from '../../test/member-fixtures.ts';
import {
  cloudscape,
  dialogTexts,
  renderApp,
  setSessionMarker,
  visibleDialog,
} from '../../test/render-app.tsx';
import { userEvent } from '../../test/user-event.ts';
import { inputNamed } from '../../test/form-fields.ts';

const table = () => cloudscape().findTable();
const names = () =>
  (table()?.findRows() ?? []).map((row) => row.findAll('th, td')[0]?.getElement().textContent);
const params = (request: FakeRequest | undefined) => Object.fromEntries(request?.url.searchParams ?? []);
const listRequests = (api: ReturnType<typeof fakeApi>) =>
  api.requests.filter((request) => request.method === 'GET' && request.path === '/api/members').map(params);

/** 12 members: pages by number with the count. */
const members = Array.from({ length: 12 }, (_, index) =>
  memberRow({ id: `m-${index + 1}`, name: `Member ${String(index + 1).padStart(2, '0')}` }),
);
const memberPages = (request: FakeRequest) => {
  const page = Number(request.url.searchParams.get('page'));
  const size = Number(request.url.searchParams.get('pageSize'));
  return {
    body: {
      members: members.slice((page - 1) * size, page * size),
      count: members.length,
      page,
      pageSize: size,
    },
  };
};

const open = async (path: string, routes: FakeRoutes = {}) => {
  setSessionMarker();
  const api = fakeApi({ ...adminRoutes(), 'GET /api/members': memberPages, ...routes });
  renderApp(path);
  return api;
};

describe('admin members', { timeout: 30_000 }, () => {
  it('should page the members by name with the admin page sizes, and search them', async () => {
    const api = await open('/AdminMembers');
    await waitFor(() => expect(names().length).toBe(10));
    expect(listRequests(api)[0]).toEqual({ page: '1', pageSize: '10', 'sort:name': 'asc' });
    table()?.findPagination()?.findNextPageButton().click();
    await waitFor(() => expect(names()).toEqual(['Member 11', 'Member 12']));
    expect(listRequests(api).at(-1)).toEqual({ page: '2', pageSize: '10', 'sort:name': 'asc' });
    await waitFor(() =>
      expect(table()?.findPagination()?.findNextPageButton().getElement().getAttribute('aria-disabled')).toBe(
        'true',
      ),
    );

    table()?.findColumnSortingArea(6)?.click();
    await waitFor(() =>
      expect(listRequests(api).at(-1)).toEqual({ page: '1', pageSize: '10', 'sort:pendingBenefits': 'asc' }),
    );

    await act(async () => table()?.findTextFilter()?.findInput().setInputValue(' asha '));
    await waitFor(
      () => expect(listRequests(api).at(-1)).toMatchObject({ page: '1', 'filter:search': 'asha' }),
      { timeout: 3000 },
    );
  });

  it('should delete a member once confirmed', async () => {
    const api = await open('/AdminMembers', { 'DELETE /api/admin/members/m-1': { status: 204 } });
    await waitFor(() => expect(names().length).toBe(10));
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Member 01 (no. F-0042)' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(dialogTexts()?.header).toBe('Delete the member');
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(api.calls()).toContain('DELETE /api/admin/members/m-1'));
    expect(await screen.findByText('Member 01 (no. F-0042) was deleted.')).toBeTruthy();
  });

  it('should create a member in admin mode, the onboarding date typed DD/MM/YYYY and sent in unix seconds', async () => {
    const api = await open('/NewMember', {
      'POST /api/admin/members': { status: 201, body: { id: 'm-99' } },
    });
    await screen.findByRole('button', { name: 'Create' });
    await act(async () => {
      inputNamed('name')?.setInputValue(' Chandra Rao ');
      inputNamed('village')?.setInputValue('Rampur');
      inputNamed('number')?.setInputValue('F-0100');
      inputNamed('onboardingDate')?.setInputValue('32/01/2025');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Type Onboarding date as DD/MM/YYYY.')).toBeTruthy();
    expect(api.calls()).not.toContain('POST /api/admin/members');
    await act(async () => inputNamed('onboardingDate')?.setInputValue('05/01/2025'));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: /Members/, level: 1 });
    expect(api.requestTo('POST /api/admin/members')?.body).toEqual({
      name: 'Chandra Rao',
      village: 'Rampur',
      number: 'F-0100',
      federation: null,
      phone: null,
      bankName: null,
      bankBranchName: null,
      bankIFSC: null,
      bankAccount: null,
      gender: null,
      onboardingDate: Date.UTC(2025, 0, 5) / 1000,
    });
  });

  it('should edit a member: its values shown, an emptied field cleared', async () => {
    const api = await open('/UpdateMember/m-1', {
      'GET /api/members/m-1': { body: memberDetail({ phone: '+91 90000 00000', gender: true }) },
      'POST /api/admin/members/m-1': { status: 204 },
    });
    await screen.findByRole('button', { name: 'Save' });
    expect(inputNamed('onboardingDate')?.getInputValue()).toBe('15/03/2025');
    expect(inputNamed('phone')?.getInputValue()).toBe('+91 90000 00000');
    await act(async () => inputNamed('phone')?.setInputValue(''));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: /Members/, level: 1 });
    expect(api.requestTo('POST /api/admin/members/m-1')?.body).toMatchObject({
      name: 'Asha Devi',
      phone: null,
      gender: true,
      onboardingDate: Date.UTC(2025, 2, 15) / 1000,
    });
  });
});
