import type { Outbox } from '../../api/offline/outbox.ts';
import type { QueuedWrite } from '../../api/offline/queued-writes.ts';

export type WriteKind = QueuedWrite['kind'];

/** How many writes of each kind the queue sent since it last had nothing waiting. */
export type SentCounts = Partial<Record<WriteKind, number>>;

/** The kinds in the order a notice names them: the people first, then their plots, then the money. */
export const sentKinds: readonly WriteKind[] = ['member', 'plot', 'protection', 'contribution', 'cashout'];

/**
 * Calls `onSent` with what the queue sent each time it has nothing left waiting (issue 38: the agent is
 * told "2 contributions sent" when the list empties, not left with a banner that just goes away). Writes
 * refused or held stay listed where they are; they do not keep the sent ones from being told.
 */
export function watchSentWrites(
  queue: Pick<Outbox, 'subscribe' | 'onRecorded' | 'current'>,
  onSent: (counts: SentCounts) => void,
): () => void {
  let counts: SentCounts = {};
  let check: ReturnType<typeof setTimeout> | undefined;
  // Once the change and its "recorded" call have both come (the queue tells the change first).
  const settle = () => {
    clearTimeout(check);
    check = setTimeout(() => {
      if (!Object.keys(counts).length) return;
      if (queue.current().writes.some(({ state }) => state === 'waiting')) return;
      const sent = counts;
      counts = {};
      onSent(sent);
    }, 0);
  };
  const stopRecorded = queue.onRecorded((write) => {
    counts = { ...counts, [write.kind]: (counts[write.kind] ?? 0) + 1 };
    settle();
  });
  const stopChanges = queue.subscribe(settle);
  return () => {
    clearTimeout(check);
    stopRecorded();
    stopChanges();
  };
}
