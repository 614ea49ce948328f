import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminRoutes } from '../../test/admin-fixtures.ts';
import { fakeApi, type FakeRequest, type FakeRoutes } from '../../test/fake-api.ts';
import { coopVerteInRupees, memberDetail, memberRow } from '../../test/member-fixtures.ts';
import { authSession, renderApp, setSessionMarker } from '../../test/render-app.tsx';
import { cloudscape, dialogTexts, dialogVisible, visibleDialog } from '../../test/cloudscape.ts';
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

  /** Deletes the first member of the list from its row's menu, once confirmed. */
  const deleteFirstMember = async () => {
    await waitFor(() => expect(names().length).toBe(10));
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Member 01 (no. F-0042)' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(dialogTexts()?.header).toBe('Delete the member');
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'Delete' }),
    );
  };
  const deletion = (state: string, deleted: number, total: number) => ({
    job: {
      id: 'job-1',
      memberId: 'm-1',
      state,
      total,
      deleted,
      createdAt: '2026-11-27T10:00:00.000Z',
      updatedAt: '2026-11-27T10:00:01.000Z',
    },
  });

  it('should delete a member once confirmed', async () => {
    const api = await open('/AdminMembers', {
      'DELETE /api/admin/members/m-1': { status: 202, body: deletion('DONE', 6, 6) },
    });
    await deleteFirstMember();
    await waitFor(() => expect(api.calls()).toContain('DELETE /api/admin/members/m-1'));
    expect(await screen.findByText('Member 01 (no. F-0042) was deleted.')).toBeTruthy();
    // Its records went with it: no progress to follow.
    expect(dialogVisible()).toBe(false);
    expect(api.calls()).not.toContain('GET /api/admin/members/deletions/job-1');
  });

  it('should take a member of many records off the list at once and show its records deleted by a job', async () => {
    let removed = false;
    const progress = [deletion('RUNNING', 800, 2000), deletion('DONE', 2000, 2000)];
    const api = await open('/AdminMembers', {
      'GET /api/members': (request) => {
        const answer = memberPages(request);
        const rows = answer.body.members.filter((row) => !removed || row.id !== 'm-1');
        return { body: { ...answer.body, members: rows, count: members.length - (removed ? 1 : 0) } };
      },
      'DELETE /api/admin/members/m-1': () => {
        removed = true;
        return { status: 202, body: deletion('QUEUED', 0, 2000) };
      },
      'GET /api/admin/members/deletions/job-1': () => ({
        body: progress.shift() ?? deletion('DONE', 2000, 2000),
      }),
    });
    await deleteFirstMember();

    await waitFor(() => expect(dialogTexts()?.header).toBe('Deleting Member 01 (no. F-0042)'));
    await waitFor(() => expect(names()[0]).toBe('Member 02'));
    const bar = () => cloudscape().findProgressBar();
    await waitFor(() =>
      expect(bar()?.findAdditionalInfo()?.getElement().textContent).toBe('800 of 2,000 deleted'),
    );
    expect(bar()?.findPercentageText()?.getElement().textContent).toBe('40%');
    await waitFor(
      () =>
        expect(bar()?.findResultText()?.getElement().textContent).toBe(
          'All 2,000 plots and records deleted.',
        ),
      { timeout: 3000 },
    );
    // Over: the result alone, no "being deleted" left.
    expect(visibleDialog()?.getElement().textContent).not.toContain('being deleted');
    expect(bar()?.findAdditionalInfo()).toBeNull();
    const polls = api.calls().filter((call) => call === 'GET /api/admin/members/deletions/job-1').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Done: the screen stops asking.
    expect(api.calls().filter((call) => call === 'GET /api/admin/members/deletions/job-1')).toHaveLength(
      polls,
    );
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'Close' }),
    );
    expect(dialogVisible()).toBe(false);
  });

  it("should start a new member with the administrator's default federation", async () => {
    await open('/NewMember', {
      'GET /api/auth/refresh': {
        body: { ...authSession('ADMIN', coopVerteInRupees), defaultFederation: 'Thiès' },
      },
    });
    await screen.findByRole('button', { name: 'Create' });
    expect(inputNamed('federation')?.getInputValue()).toBe('Thiès');
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
