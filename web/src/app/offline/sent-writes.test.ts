import { describe, expect, it, vi } from 'vitest';
import { Outbox } from '../../api/offline/outbox.ts';
import type { QueuedWrite } from '../../api/offline/queued-writes.ts';
import type { SendOutcome } from '../../api/offline/send-write.ts';
import {
  newWrite,
  queuedCashout,
  queuedContribution,
  queuedMember,
} from '../../test/queued-write-fixtures.ts';
import { watchSentWrites, type SentCounts } from './sent-writes.ts';

const account = 'awa@example.org|enabler-1';

/** An opened queue holding these writes; its sends answer from `answers` (recorded by default). */
const queueOf = async (writes: QueuedWrite[], answers: Record<string, SendOutcome> = {}) => {
  const outbox = new Outbox({
    send: async (write) => answers[write.id] ?? { recorded: { id: `server-${write.id}` } },
    now: () => 10_000,
  });
  await outbox.open(`${account}-${Math.random()}`, { earlierSession: false });
  for (const write of writes) await outbox.add(newWrite(write));
  return outbox;
};

describe('watchSentWrites', () => {
  it('should tell once, when nothing waits any more, how many writes of each kind were sent', async () => {
    const outbox = await queueOf([
      queuedContribution('m-1', 'p-1', 'local-c1'),
      queuedContribution('m-1', 'p-1', 'local-c2'),
      queuedCashout('m-1', 5),
    ]);
    const told: SentCounts[] = [];
    const stop = watchSentWrites(outbox, (counts) => told.push(counts));

    await outbox.send();

    await vi.waitFor(() => expect(told).toEqual([{ contribution: 2, cashout: 1 }]));
    // Nothing more is told until writes are sent again.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(told).toHaveLength(1);
    stop();
  });

  it('should tell the sent writes while a refused one stays listed, and nothing when none was sent', async () => {
    const refused = { refused: { code: 'ERR_DUPLICATE_MEMBER', message: 'Duplicate' } };
    const outbox = await queueOf([queuedMember(), queuedCashout('m-1', 5)], { 'local-m': refused });
    const told: SentCounts[] = [];
    const stop = watchSentWrites(outbox, (counts) => told.push(counts));

    await outbox.send();

    await vi.waitFor(() => expect(told).toEqual([{ cashout: 1 }]));
    expect(outbox.current().writes).toEqual([expect.objectContaining({ id: 'local-m', state: 'refused' })]);
    await outbox.discard('local-m');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(told).toHaveLength(1);
    stop();
  });

  it('should not tell a pass that stopped without an answer while writes still wait', async () => {
    const outbox = await queueOf([queuedContribution('m-1', 'p-1', 'local-c1'), queuedCashout('m-1', 5)], {
      'local-k': { later: true },
    });
    const told: SentCounts[] = [];
    const stop = watchSentWrites(outbox, (counts) => told.push(counts));

    await outbox.send();
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(told).toEqual([]);
    stop();
    outbox.close();
  });
});
