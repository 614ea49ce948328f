import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { fakeApi, type FakeRoutes } from '../../../test/fake-api.ts';
import { renderApp, setSessionMarker, signedInRoutes } from '../../../test/render-app.tsx';
import { cloudscape, dialogTexts, dialogVisible } from '../../../test/cloudscape.ts';
import { testUsers } from '../test-users.ts';
import { userEvent } from '../../../test/user-event.ts';
import { fieldErrors } from '../../../test/form-fields.ts';

// Its label says it is required.
const emailInput = () => screen.getByLabelText(/^Email/) as HTMLInputElement;
const activeSwitch = () => cloudscape().findToggle();

const openForm = async (path: string, heading: string, routes: FakeRoutes = {}) => {
  setSessionMarker();
  const api = fakeApi({ ...signedInRoutes('ADMIN'), 'GET /api/admin/users': { body: testUsers }, ...routes });
  renderApp(path);
  await screen.findByRole('heading', { name: heading, level: 1 });
  return api;
};

// The top bar holds a select too (the enabler selector): look inside the form.
const roleSelect = () => createWrapper(cloudscape().findForm()?.getElement()).findSelect();

const chooseRole = (role: string) => {
  const select = roleSelect();
  act(() => select?.openDropdown());
  act(() => select?.selectOptionByValue(role));
};

// Cloudscape forms render slowly in jsdom on a busy machine.
describe('user form', { timeout: 30_000 }, () => {
  it('should create a user: email open, no active switch, required fields, back to the list', async () => {
    const api = await openForm('/NewUser', 'New user', {
      'POST /api/admin/users': ({ body }) => ({
        status: 201,
        body: { ...testUsers[1], ...(body as object), registered: false },
      }),
    });
    expect(emailInput().disabled).toBe(false);
    expect(activeSwitch()).toBeNull();
    expect(
      screen.getByText(
        'The user belongs to Coop Verte and receives an email with a link to choose a password.',
      ),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Create the user' }));
    expect(fieldErrors()).toEqual(['Email is required.', 'User name is required.', 'Role is required.']);
    await userEvent.type(emailInput(), 'not-an-email');
    expect(fieldErrors()[0]).toBe('Enter a valid email address.');
    expect(api.requestTo('POST /api/admin/users')).toBeUndefined();

    await userEvent.clear(emailInput());
    await userEvent.type(emailInput(), ' kofi@example.org ');
    await userEvent.type(screen.getByLabelText(/^User name/), 'Kofi Agent');
    chooseRole('ANDROID_USER');
    // The role chosen says what it may do.
    expect(roleSelect()?.findTrigger().getElement().textContent).toMatch(/^Android user.*app’s reports/);
    await userEvent.type(screen.getByLabelText(/Default federation/), 'Thiès');
    await userEvent.click(screen.getByRole('button', { name: 'Create the user' }));

    expect(
      await screen.findByText('The user kofi@example.org was created: a registration link was emailed.'),
    ).toBeTruthy();
    expect(api.requestTo('POST /api/admin/users')?.body).toEqual({
      email: 'kofi@example.org',
      username: 'Kofi Agent',
      role: 'ANDROID_USER',
      defaultFederation: 'Thiès',
    });
    expect(screen.getByRole('heading', { name: /Users/, level: 1 })).toBeTruthy();
  });

  it('should stay on the form when the email is taken', async () => {
    await openForm('/NewUser', 'New user', {
      'POST /api/admin/users': { status: 409, body: { code: 'ERR_DUPLICATE_USER', message: 'x' } },
    });
    await userEvent.type(emailInput(), 'asha@example.org');
    await userEvent.type(screen.getByLabelText(/^User name/), 'Asha Again');
    chooseRole('USER');
    await userEvent.click(screen.getByRole('button', { name: 'Create the user' }));

    await waitFor(() => expect(dialogVisible()).toBe(true));
    expect(dialogTexts()?.content).toBe('A user with this email already exists.');
    expect(screen.getByRole('heading', { name: 'New user', level: 1 })).toBeTruthy();
    expect(emailInput().value).toBe('asha@example.org');
  });

  it('should edit a user: email shown but locked, active switch, saved by email', async () => {
    const api = await openForm('/UpdateUser/asha%40example.org', 'Edit user', {
      'POST /api/admin/users/asha%40example.org': ({ body }) => ({
        body: { ...testUsers[1], ...(body as object) },
      }),
    });
    await waitFor(() => expect(emailInput().value).toBe('asha@example.org'));
    expect(emailInput().disabled).toBe(true);
    expect((screen.getByLabelText(/^User name/) as HTMLInputElement).value).toBe('Asha Agent');
    expect(roleSelect()?.findTrigger().getElement().textContent).toMatch(/^EnablerA field agent/);
    expect(activeSwitch()?.findNativeInput().getElement().checked).toBe(true);

    await userEvent.click(activeSwitch()?.findNativeInput().getElement() as HTMLElement);
    await userEvent.clear(screen.getByLabelText(/Default federation/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The user asha@example.org was saved.')).toBeTruthy();
    // Only what was changed: the name and role the form showed are not sent back.
    expect(api.requestTo('POST /api/admin/users/asha%40example.org')?.body).toEqual({
      active: false,
      defaultFederation: null,
    });
  });

  it('should show a lock with what ends it, and send only the new name', async () => {
    const api = await openForm('/UpdateUser/chidi%40example.org', 'Edit user', {
      'POST /api/admin/users/chidi%40example.org': ({ body }) => ({
        body: { ...testUsers[3], ...(body as object) },
      }),
    });
    await waitFor(() => expect(emailInput().value).toBe('chidi@example.org'));
    expect(screen.getByText('Locked after bad passwords')).toBeTruthy();
    expect(screen.getByText(/The lock ends when the user sets a new password/)).toBeTruthy();
    // The switch is the account's own: on, although the lock keeps the user out.
    expect(activeSwitch()?.findNativeInput().getElement().checked).toBe(true);

    await userEvent.clear(screen.getByLabelText(/^User name/));
    await userEvent.paste('Chidi Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The user chidi@example.org was saved.')).toBeTruthy();
    expect(api.requestTo('POST /api/admin/users/chidi%40example.org')?.body).toEqual({
      username: 'Chidi Renamed',
    });
  });

  it('should go back to the list without a call when nothing was changed', async () => {
    const api = await openForm('/UpdateUser/bala%40example.org', 'Edit user');
    await waitFor(() => expect(emailInput().value).toBe('bala@example.org'));
    expect(screen.getByText('Inactive')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: /Users/, level: 1 });
    expect(api.calls().filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('should say so when the user to edit does not exist', async () => {
    await openForm('/UpdateUser/nobody%40example.org', 'Edit user');
    expect(await screen.findByText('This user does not exist (any more).')).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the users' }).getAttribute('href')).toBe('/AdminUsers');
  });
});
