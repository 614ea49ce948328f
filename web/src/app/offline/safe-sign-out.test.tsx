import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeDeviceRecord, deviceKeys, readDeviceRecord } from '../../api/offline/device-store.ts';
import { keepSession } from '../../api/offline/offline-session.ts';
import type { OutboxRecord } from '../../api/offline/queued-writes.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { agentRoutes, coopVerteInRupees } from '../../test/member-fixtures.ts';
import { queuedCashout } from '../../test/queued-write-fixtures.ts';
import { userEvent } from '../../test/user-event.ts';
import { authSession, renderApp, setSessionMarker } from '../../test/render-app.tsx';
import { dialogTexts, dialogVisible, visibleDialog } from '../../test/cloudscape.ts';
import { userOf } from '../session/load-session.ts';

const agent = authSession('USER', coopVerteInRupees);
const account = `${agent.email}|${agent.enabler}`;

const openWithWaitingWrite = async () => {
  // Offline: the write stays waiting (nothing is sent).
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  setSessionMarker();
  await keepSession({ user: userOf(agent), enabler: coopVerteInRupees, enablers: [] });
  await changeDeviceRecord<OutboxRecord>(deviceKeys.outbox(account), () => ({
    writes: [queuedCashout('m-1', 50)],
    serverIds: {},
  }));
  const api = fakeApi({ ...agentRoutes(), 'POST /api/auth/logout': { status: 204 } });
  renderApp('/Account');
  await screen.findByRole('link', { name: 'Waiting to send (1)' });
  return api;
};

const chooseLogOut = async () => {
  await userEvent.click(screen.getByRole('button', { name: /User menu/ }));
  await userEvent.click(screen.getByText('Log out'));
};

describe('signing out with writes the server has not recorded', () => {
  it('should warn and ask, and keep everything when the agent stays', async () => {
    const api = await openWithWaitingWrite();
    await chooseLogOut();

    await waitFor(() => expect(dialogTexts()?.header).toBe('Writes not sent'));
    expect(dialogTexts()?.content).toContain(
      'One write on this device has not reached the server. Signing out deletes it from this device: it will never be recorded.',
    );
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name: 'Stay signed in' }),
    );

    await waitFor(() => expect(dialogVisible()).toBe(false));
    expect(await screen.findByText('Waiting to send (1)')).toBeTruthy();
    expect(api.calls()).not.toContain('POST /api/auth/logout');
    expect(await readDeviceRecord(deviceKeys.outbox(account))).toMatchObject({ writes: [{ id: 'local-k' }] });
  }, 20_000);

  it('should forget the writes, the reads and the session only once the agent said so', async () => {
    await openWithWaitingWrite();
    await chooseLogOut();
    await waitFor(() => expect(dialogTexts()?.header).toBe('Writes not sent'));
    await userEvent.click(
      within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', {
        name: 'Sign out and delete them',
      }),
    );

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(await readDeviceRecord(deviceKeys.outbox(account))).toBeUndefined();
    expect(await readDeviceRecord(deviceKeys.session)).toBeUndefined();
    expect(await readDeviceRecord(deviceKeys.queryCache)).toBeUndefined();
  }, 20_000);

  it('should sign out at once, forgetting what the device kept, when nothing waits', async () => {
    setSessionMarker();
    fakeApi({ ...agentRoutes(), 'POST /api/auth/logout': { status: 204 } });
    renderApp('/Account');
    await screen.findByRole('heading', { name: 'Account' });
    await waitFor(async () => expect(await readDeviceRecord(deviceKeys.session)).toBeDefined());

    await chooseLogOut();

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(await readDeviceRecord(deviceKeys.session)).toBeUndefined();
  }, 20_000);
});
