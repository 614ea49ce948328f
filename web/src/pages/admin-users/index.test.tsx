import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeRoutes } from '../../test/fake-api.ts';
import {
  cloudscape,
  dialogTexts,
  dialogVisible,
  renderApp,
  setSessionMarker,
  signedInRoutes,
} from '../../test/render-app.tsx';
import type { ManagedUser } from '../../api/users.ts';
import { managedUser, testUsers } from './test-users.ts';
import { userEvent } from '../../test/user-event.ts';

const table = () => cloudscape().findTable();

/** The table's rows as text, one array of cells per row (without the actions column). */
const rows = () =>
  (table()?.findRows() ?? []).map((row) =>
    Array.from(row.getElement().querySelectorAll('td, th'))
      .slice(0, 5)
      .map((cell) => cell.textContent),
  );

const emails = () => rows().map(([email]) => email);

const openUsers = async (routes: FakeRoutes = {}) => {
  setSessionMarker();
  const api = fakeApi({ ...signedInRoutes('ADMIN'), 'GET /api/admin/users': { body: testUsers }, ...routes });
  renderApp('/AdminUsers');
  await waitFor(() => expect(rows().length).toBe(5));
  return api;
};

const search = async (text: string) => {
  const input = table()?.findTextFilter()?.findInput().findNativeInput().getElement() as HTMLElement;
  await userEvent.clear(input);
  // Pasted in one go: typing key by key re-filters the table at each key, which is slow in jsdom.
  if (text) await userEvent.paste(text);
};

const chooseAction = async (email: string, action: string) => {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${email}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
};

// Cloudscape tables render slowly in jsdom on a busy machine.
describe('users page', { timeout: 30_000 }, () => {
  it('should list the users sorted by email, with role labels and what keeps them from signing in', async () => {
    await openUsers();
    expect(screen.getByRole('heading', { name: /Users/, level: 1 })).toBeTruthy();
    expect(rows()).toEqual([
      ['ada@example.org', 'Ada Admin', 'Administrator', 'Active', '-'],
      ['asha@example.org', 'Asha Agent', 'Enabler', 'Active', 'Kaolack'],
      ['bala@example.org', 'Bala Field', 'Enabler', 'Inactive', '-'],
      ['chidi@example.org', 'Chidi Phone', 'Android user', 'Locked after bad passwords', '-'],
      ['dara@example.org', 'Dara New', 'Enabler', 'Waiting for registration', '-'],
    ]);
    expect(screen.getByRole('link', { name: 'asha@example.org' }).getAttribute('href')).toBe(
      '/UpdateUser/asha%40example.org',
    );
    expect(screen.getByRole('link', { name: 'Add a user' }).getAttribute('href')).toBe('/NewUser');
  });

  it('should show every state that keeps a user out: an inactive account’s lock or pending renewal too', async () => {
    const [ada, asha, bala, chidi, dara] = testUsers as [
      ManagedUser,
      ManagedUser,
      ManagedUser,
      ManagedUser,
      ManagedUser,
    ];
    await openUsers({
      'GET /api/admin/users': {
        body: [
          ada,
          asha,
          { ...bala, blocked: 'BAD_PASSWORDS' },
          { ...chidi, blocked: 'RENEWAL_FORCED' },
          dara,
        ],
      },
    });
    const statusOf = (email: string) => rows().find(([first]) => first === email)?.[3];
    expect(statusOf('bala@example.org')).toBe('InactiveLocked after bad passwords');
    expect(statusOf('chidi@example.org')).toBe('Password renewal pending');
    await search('locked');
    expect(emails()).toEqual(['bala@example.org']);
  });

  it('should say who created each account and who made it an administrator, and find accounts by them', async () => {
    const ben = managedUser({
      email: 'ben@example.org',
      username: 'Ben Admin',
      role: 'ADMIN',
      createdBy: 'asha@example.org',
      promotedBy: 'zoe@example.org',
      promotedAt: '2026-02-10T09:30:00.000Z',
    });
    await openUsers({ 'GET /api/admin/users': { body: [...testUsers.slice(0, 4), ben] } });
    const addedBy = (email: string) =>
      table()
        ?.findRows()
        .find((row) => row.getElement().textContent?.includes(email))
        ?.getElement()
        .querySelectorAll('td')[4]?.textContent;
    expect(addedBy('ada@example.org')).toBe('-');
    expect(addedBy('asha@example.org')).toBe('Created by ada@example.org');
    expect(addedBy('ben@example.org')).toBe(
      'Created by asha@example.orgMade administrator by zoe@example.org on 10/02/2026',
    );
    await search('zoe@');
    expect(emails()).toEqual(['ben@example.org']);
  });

  it('should search the email, name, role label and federation, trimmed and in any case', async () => {
    await openUsers();
    await search('  ASHA ');
    expect(emails()).toEqual(['asha@example.org']);
    await search('android');
    expect(emails()).toEqual(['chidi@example.org']);
    await search('kaolack');
    expect(emails()).toEqual(['asha@example.org']);
    await search('administrator');
    expect(emails()).toEqual(['ada@example.org']);
    expect(table()?.findTextFilter()?.findResultsCount().getElement().textContent).toBe('1 match');

    await search('nobody');
    expect(rows()).toEqual([]);
    expect(screen.getByText('No user matches this search.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(emails()).toHaveLength(5);
  });

  it('should sort by another column, and back the other way on a second click', async () => {
    await openUsers();
    const sortBy = async (column: number) =>
      userEvent.click(table()?.findColumnSortingArea(column)?.getElement() as HTMLElement);
    await sortBy(3);
    expect(rows().map((row) => row[2])).toEqual([
      'Administrator',
      'Android user',
      'Enabler',
      'Enabler',
      'Enabler',
    ]);
    await sortBy(2);
    expect(emails()).toEqual([
      'ada@example.org',
      'asha@example.org',
      'bala@example.org',
      'chidi@example.org',
      'dara@example.org',
    ]);
    await sortBy(2);
    expect(rows().map((row) => row[1])).toEqual([
      'Dara New',
      'Chidi Phone',
      'Bala Field',
      'Asha Agent',
      'Ada Admin',
    ]);
  });

  it('should ask before deleting, then delete and show the list again', async () => {
    let listed = testUsers;
    const api = await openUsers({
      'GET /api/admin/users': () => ({ body: listed }),
      'DELETE /api/admin/users/asha%40example.org': () => {
        listed = testUsers.filter((user) => user.email !== 'asha@example.org');
        return { status: 204 };
      },
    });
    await chooseAction('asha@example.org', 'Delete');

    expect(dialogTexts()).toEqual({
      header: 'Delete the user',
      content: 'Delete the user asha@example.org? They will no longer be able to sign in.',
    });
    expect(api.calls().filter((call) => call.startsWith('DELETE'))).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(emails()).not.toContain('asha@example.org'));
    expect(api.calls().filter((call) => call.startsWith('DELETE'))).toEqual([
      'DELETE /api/admin/users/asha%40example.org',
    ]);
    expect(api.calls().filter((call) => call === 'GET /api/admin/users')).toHaveLength(2);
    expect(dialogVisible()).toBe(false);
    expect(screen.getByText('The user asha@example.org was deleted.')).toBeTruthy();
  });

  it('should not delete when the administrator cancels', async () => {
    const api = await openUsers();
    await chooseAction('bala@example.org', 'Delete');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialogVisible()).toBe(false));
    expect(api.calls().filter((call) => call.startsWith('DELETE'))).toEqual([]);
    expect(emails()).toContain('bala@example.org');
  });

  it('should not offer the administrator to delete their own account', async () => {
    await openUsers();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for ada@example.org' }));
    const item = await screen.findByRole('menuitem', { name: /Delete/ });
    expect(item.getAttribute('aria-disabled')).toBe('true');
  });

  it('should ask before forcing a password renewal, then force it', async () => {
    const api = await openUsers({ 'POST /api/admin/users/forcePasswordRenew': { status: 204 } });
    await chooseAction('asha@example.org', 'Force password renewal');

    expect(dialogTexts()?.content).toBe(
      'The account of asha@example.org will be blocked and an email sent to it with a link to choose a new password.',
    );
    expect(api.requestTo('POST /api/admin/users/forcePasswordRenew')).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Force renewal' }));

    await waitFor(() => expect(dialogVisible()).toBe(false));
    expect(api.requestTo('POST /api/admin/users/forcePasswordRenew')?.body).toEqual({
      email: 'asha@example.org',
    });
    expect(
      await screen.findByText(
        'The account of asha@example.org is blocked until a new password is chosen from the emailed link.',
      ),
    ).toBeTruthy();
  });

  it('should show a refused deletion in the error dialog', async () => {
    await openUsers({
      'DELETE /api/admin/users/asha%40example.org': {
        status: 403,
        body: { code: 'ERR_FORBIDDEN_ADMIN', message: 'x' },
      },
    });
    await chooseAction('asha@example.org', 'Delete');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(dialogTexts()?.header).toBe('An error occured'));
    expect(dialogTexts()?.content).toBe(
      'This resource belongs to another enabler. Change the view to that enabler to open it.',
    );
    await waitFor(() => expect(emails()).toContain('asha@example.org'));
  });

  it('should offer the page sizes 5, 10, 25 and All, and be back to 10 on the next visit', async () => {
    const many = Array.from({ length: 30 }, (_, index) => ({
      ...testUsers[1],
      email: `user${String(index).padStart(2, '0')}@example.org`,
    })) as ManagedUser[];
    setSessionMarker();
    fakeApi({ ...signedInRoutes('ADMIN'), 'GET /api/admin/users': { body: many } });
    const view = renderApp('/AdminUsers');
    await waitFor(() => expect(rows().length).toBe(10));

    const preferences = table()?.findCollectionPreferences();
    preferences?.findTriggerButton().click();
    const modal = preferences?.findModal();
    const options = modal?.findPageSizePreference()?.findOptions() ?? [];
    expect(options.map((option) => option.findLabel().getElement().textContent)).toEqual([
      '5 users per page',
      '10 users per page',
      '25 users per page',
      'All users',
    ]);
    options[3]?.findNativeInput().click();
    modal?.findConfirmButton()?.click();
    await waitFor(() => expect(rows().length).toBe(30));

    view.unmount();
    renderApp('/AdminUsers');
    await waitFor(() => expect(rows().length).toBe(10));
  });
});
