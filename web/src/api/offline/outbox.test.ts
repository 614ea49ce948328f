import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  newWrite,
  queuedCashout,
  queuedContribution,
  queuedMember,
  queuedPlot,
} from '../../test/queued-write-fixtures.ts';
import { deviceKeys, readDeviceRecord } from './device-store.ts';
import { Outbox, RETRY_DELAYS_MS } from './outbox.ts';
import { KEY_LIFETIME_MS, type OutboxRecord, type QueuedWrite } from './queued-writes.ts';
import type { SendOutcome } from './send-write.ts';

const account = 'asha@example.org|enabler-1';

/** An outbox whose sends answer from a script, one outcome per write id (recorded with an id by default). */
const outboxAnswering = (answers: Record<string, SendOutcome | SendOutcome[]> = {}, now = () => 10_000) => {
  const sent: QueuedWrite[] = [];
  const send = vi.fn(async (write: QueuedWrite): Promise<SendOutcome> => {
    sent.push(write);
    const answer = answers[write.id];
    const outcome = Array.isArray(answer) ? answer.shift() : answer;
    return outcome ?? { recorded: { id: `server-${write.id}` } };
  });
  return { outbox: new Outbox({ send, now }), sent, send };
};

const opened = async (outbox: Outbox, writes: QueuedWrite[]) => {
  await outbox.open(account, { earlierSession: false });
  for (const write of writes) await outbox.add(newWrite(write));
  return outbox;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('the outbox', () => {
  it('should send in the order confirmed, naming the member and plot by the ids the server gave them', async () => {
    const { outbox, sent } = outboxAnswering();
    await opened(outbox, [queuedMember(), queuedPlot('local-m'), queuedContribution('local-m', 'local-p')]);

    await outbox.send();

    expect(sent.map(({ kind }) => kind)).toEqual(['member', 'plot', 'contribution']);
    expect(sent[1]).toMatchObject({ memberId: 'server-local-m', key: 'key-local-p' });
    expect(sent[2]).toMatchObject({ memberId: 'server-local-m', body: { plotId: 'server-local-p' } });
    expect(outbox.current()).toEqual({
      writes: [],
      serverIds: { 'local-m': 'server-local-m', 'local-p': 'server-local-p' },
    });
    // Kept on the device, for a reload.
    expect(await readDeviceRecord<OutboxRecord>(deviceKeys.outbox(account))).toEqual(outbox.current());
  });

  it('should keep a refused write with its reason, go on with the others, and hold those that need it', async () => {
    const refusal = { code: 'ERR_DUPLICATE_MEMBER', message: 'Duplicate' };
    const { outbox, sent } = outboxAnswering({ 'local-m': { refused: refusal } });
    await opened(outbox, [queuedMember(), queuedPlot('local-m'), queuedCashout('m-1', 5)]);

    await outbox.send();

    expect(sent.map(({ id }) => id)).toEqual(['local-m', 'local-k']);
    expect(outbox.current().writes).toEqual([
      expect.objectContaining({ id: 'local-m', state: 'refused', refusal }),
      expect.objectContaining({ id: 'local-p', state: 'waiting' }),
    ]);
  });

  it('should stop at a try without an answer, note it, and send the same key again by itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { outbox, sent } = outboxAnswering({ 'local-k': [{ later: true }] });
    await opened(outbox, [queuedCashout('m-1', 5), queuedCashout('m-1', 6, 'local-k2')]);

    await outbox.send();
    expect(sent.map(({ id }) => id)).toEqual(['local-k']);
    expect(outbox.current().writes[0]).toMatchObject({ state: 'waiting', unansweredAt: 10_000 });

    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.first);
    await vi.waitFor(() => expect(outbox.current().writes).toEqual([]));
    expect(sent.map(({ key }) => key)).toEqual(['key-local-k', 'key-local-k', 'key-local-k2']);
  });

  it('should wait as long as a busy server asked before trying again, up to the longest delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { outbox, sent } = outboxAnswering({
      'local-k': [
        { later: true, afterMs: 5_000 },
        { later: true, afterMs: 3_600_000 },
      ],
    });
    await opened(outbox, [queuedCashout('m-1', 5)]);

    await outbox.send();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    // The pass has noted the try and set its next one.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));

    // An hour asked: the queue tries again after its longest delay all the same.
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.last - 1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(outbox.current().writes).toEqual([]));
    expect(sent.map(({ key }) => key)).toEqual(['key-local-k', 'key-local-k', 'key-local-k']);
  });

  it('should not send again a write unanswered for more than a day: the server forgot its key', async () => {
    let now = 10_000;
    const { outbox, sent } = outboxAnswering({ 'local-k': [{ later: true }] }, () => now);
    await opened(outbox, [queuedCashout('m-1', 5)]);
    await outbox.send();
    now += KEY_LIFETIME_MS + 1;

    await outbox.send();

    expect(sent).toHaveLength(1);
    expect(outbox.current().writes[0]).toMatchObject({ state: 'refused', refusal: { keyExpired: true } });
  });

  it('should send a corrected write with a new key, and discard a write with those that need it', async () => {
    const { outbox, sent } = outboxAnswering({ 'local-k': [{ refused: { message: 'Too high' } }] });
    await opened(outbox, [queuedCashout('m-1', 500), queuedMember(), queuedPlot('local-m')]);
    await outbox.send();
    sent.length = 0;

    await outbox.correct('local-k', { amount: 50 });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: 'local-k', body: { amount: 50 } });
    expect(sent[0]?.key).not.toBe('key-local-k');

    const { outbox: other } = outboxAnswering({ 'local-m': { refused: { message: 'Duplicate' } } });
    await opened(other, [queuedMember(), queuedPlot('local-m'), queuedCashout('m-1', 5)]);
    expect(other.dependantsOf('local-m').map(({ id }) => id)).toEqual(['local-p']);
    await other.discard('local-m');
    expect(other.current().writes.map(({ id }) => id)).toEqual(['local-k']);
  });

  it('should hold what an earlier session left until the agent sends it, and forget it at sign-out', async () => {
    const { outbox, sent } = outboxAnswering();
    await opened(outbox, [queuedCashout('m-1', 5)]);
    outbox.close();

    await outbox.open(account, { earlierSession: true });
    await outbox.send();
    expect(sent).toEqual([]);
    expect(outbox.current().writes[0]?.state).toBe('held');

    await outbox.release();
    await vi.waitFor(() => expect(sent).toHaveLength(1));

    await outbox.add(newWrite(queuedCashout('m-1', 6, 'local-k2')));
    await outbox.clear();
    expect(outbox.isOpen()).toBe(false);
    expect(await readDeviceRecord(deviceKeys.outbox(account))).toBeUndefined();
  });

  it('should keep each account’s writes apart', async () => {
    const { outbox } = outboxAnswering();
    await opened(outbox, [queuedCashout('m-1', 5)]);
    await outbox.open('someone@example.org|enabler-1', { earlierSession: false });
    expect(outbox.current().writes).toEqual([]);
  });

  it('should try nothing while the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { outbox, send } = outboxAnswering();
    await opened(outbox, [queuedCashout('m-1', 5)]);
    await outbox.send();
    expect(send).not.toHaveBeenCalled();
  });
});
