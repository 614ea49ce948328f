import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeDeviceRecord, deviceKeys, readDeviceRecord } from '../../api/offline/device-store.ts';
import type { OutboxRecord, QueuedWrite } from '../../api/offline/queued-writes.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { agentRoutes } from '../../test/member-fixtures.ts';
import { queuedCashout, queuedMember, queuedPlot } from '../../test/queued-write-fixtures.ts';
import { userEvent } from '../../test/user-event.ts';
import { renderApp, setSessionMarker } from '../../test/render-app.tsx';
import { cloudscape, dialogTexts, visibleDialog } from '../../test/cloudscape.ts';

const account = 'asha@example.org|enabler-1';

/** The list with these writes kept on the device, offline (nothing is sent meanwhile). */
const openList = async (writes: QueuedWrite[]) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  setSessionMarker();
  await changeDeviceRecord<OutboxRecord>(deviceKeys.outbox(account), () => ({ writes, serverIds: {} }));
  fakeApi(agentRoutes());
  renderApp('/Waiting');
  // The screen's code and texts load on first use: slow on a busy machine.
  await screen.findByRole('heading', { name: 'Waiting to send', level: 1 }, { timeout: 15_000 });
  await waitFor(() => expect(rows()).toHaveLength(writes.length));
};

const rows = () =>
  cloudscape()
    .findTable()
    ?.findRows()
    .map((row) => [...row.getElement().querySelectorAll('td, th')].map((cell) => cell.textContent));

const dialogButton = (name: string) =>
  within(visibleDialog()?.getElement() as HTMLElement).getByRole('button', { name });

const stored = async () => (await readDeviceRecord<OutboxRecord>(deviceKeys.outbox(account)))?.writes ?? [];

const refusedCashout = queuedCashout('m-1', 50, 'local-k', {
  state: 'refused',
  refusal: { code: 'ERR_BALANCE_TOO_LOW', message: 'Balance too low' },
});
const refusedMember = queuedMember('local-m', {
  state: 'refused',
  refusal: { code: 'ERR_DUPLICATE_MEMBER', message: 'Duplicate' },
});

describe('the writes waiting on the device', () => {
  it('should list each write in the order it is sent, with its state and the server’s reason of a refusal', async () => {
    await openList([refusedMember, queuedPlot('local-m'), refusedCashout]);

    expect(rows()?.map((row) => [row[0], row[1], row[2], row[4]])).toEqual([
      [
        'New member',
        'Awa Sy',
        'Number N-1, Sob',
        'Refused: A member already exists with this name and village, or with this number.',
      ],
      ['New plot', 'Awa Sy', 'Millet field, ₹1,500.00 a month', 'Waits for Awa Sy to be registered'],
      [
        'Benefit payment',
        'Asha Devi',
        '₹50.00',
        "Refused: The amount is above the member's pending benefit.",
      ],
    ]);
    expect(screen.getByText('The device is offline: they are sent once the network is back.')).toBeTruthy();
  }, 20_000);

  it('should send a corrected payment again with a new key', async () => {
    await openList([refusedCashout]);
    await userEvent.click(screen.getByRole('button', { name: 'Correct: Benefit payment, Asha Devi' }));
    await waitFor(() => expect(dialogTexts()?.header).toBe('Correct and send again'));
    const amount = within(visibleDialog()?.getElement() as HTMLElement).getByLabelText('Amount');
    expect((amount as HTMLInputElement).value).toBe('50');
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(dialogButton('Send again'));
    expect(await screen.findByText('Enter a number above 0.')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    await userEvent.click(dialogButton('Send again'));

    await waitFor(async () =>
      expect(await stored()).toEqual([expect.objectContaining({ state: 'waiting', body: { amount: 20 } })]),
    );
    expect((await stored())[0]?.key).not.toBe(refusedCashout.key);
    expect((await stored())[0]?.refusal).toBeUndefined();
  }, 20_000);

  it('should ask before discarding, and discard with it the writes that need it', async () => {
    await openList([refusedMember, queuedPlot('local-m'), refusedCashout]);
    await userEvent.click(screen.getByRole('button', { name: 'Discard: New member, Awa Sy' }));
    await waitFor(() => expect(dialogTexts()?.header).toBe('Discard this write?'));
    expect(dialogTexts()?.content).toBe(
      'It will never be sent to the server.The write that depends on it is discarded with it.',
    );
    await userEvent.click(dialogButton('Discard'));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect((await stored()).map(({ id }) => id)).toEqual(['local-k']);
  }, 20_000);

  it('should offer what an earlier session left, held until the agent sends it', async () => {
    await openList([queuedCashout('m-1', 5, 'local-k', { state: 'held' })]);
    expect(rows()?.[0]?.[4]).toBe('From an earlier session');
    await userEvent.click(screen.getByRole('button', { name: 'Send them' }));
    await waitFor(async () => expect((await stored())[0]?.state).toBe('waiting'));
  }, 20_000);
});
