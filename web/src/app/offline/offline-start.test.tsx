import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeDeviceRecord, deviceKeys } from '../../api/offline/device-store.ts';
import { keepSession } from '../../api/offline/offline-session.ts';
import type { OutboxRecord } from '../../api/offline/queued-writes.ts';
import { fakeAccessToken, fakeApi } from '../../test/fake-api.ts';
import { agentRoutes, coopVerteInRupees } from '../../test/member-fixtures.ts';
import { queuedCashout } from '../../test/queued-write-fixtures.ts';
import { authSession, dialogVisible, renderApp, setSessionMarker } from '../../test/render-app.tsx';
import { userOf } from '../session/load-session.ts';

const agent = authSession('USER', coopVerteInRupees);
const account = `${agent.email}|${agent.enabler}`;

/** The browser's word on the network, switched by the test (with the event a browser fires). */
const network = () => {
  let online = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  return {
    back: () =>
      act(() => {
        online = true;
        window.dispatchEvent(new Event('online'));
      }),
  };
};

describe('a field agent’s app opened without network', () => {
  it('should open the session the device kept, say it is offline, and send what waits once the network is back', async () => {
    const connection = network();
    setSessionMarker();
    await keepSession({ user: userOf(agent), enabler: coopVerteInRupees, enablers: [] });
    await changeDeviceRecord<OutboxRecord>(deviceKeys.outbox(account), () => ({
      writes: [queuedCashout('m-1', 50)],
      serverIds: {},
    }));
    const renewed = { ...agent, accessToken: fakeAccessToken(900) };
    let refreshes = 0;
    const api = fakeApi({
      ...agentRoutes(),
      'GET /api/auth/refresh': () => {
        refreshes += 1;
        return refreshes === 1 ? { networkError: true } : { body: renewed };
      },
      'POST /api/members/m-1/cashouts': { status: 201, body: { id: 'k-1' } },
    });
    renderApp('/Account');

    expect(await screen.findByText('You are offline.')).toBeTruthy();
    // The waiting list is read from the device after the offline notice shows.
    expect(await screen.findByRole('link', { name: 'Waiting to send (1)' })).toBeTruthy();
    expect(screen.getAllByText(agent.username).length).toBeGreaterThan(0);
    expect(dialogVisible()).toBe(false);

    connection.back();
    await waitFor(() => expect(api.calls()).toContain('POST /api/members/m-1/cashouts'));
    // The session is renewed first (the app had no access token), then the payment goes with its key.
    expect(api.bearerOf('POST /api/members/m-1/cashouts')).toBe(`Bearer ${renewed.accessToken}`);
    expect(api.requestTo('POST /api/members/m-1/cashouts')?.headers.get('Idempotency-Key')).toBe(
      'key-local-k',
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: /Waiting to send/ })).toBeNull());
  }, 20_000);

  it('should show the login page when the device kept no session (the last one signed out)', async () => {
    network();
    setSessionMarker();
    fakeApi({ 'GET /api/auth/refresh': { networkError: true } });
    renderApp('/Account');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  }, 20_000);
});
