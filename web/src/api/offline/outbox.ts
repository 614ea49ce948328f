import { changeDeviceRecord, deleteDeviceRecord, deviceKeys, readDeviceRecord } from './device-store.ts';
import {
  emptyOutbox,
  KEY_LIFETIME_MS,
  localIdsOf,
  resolveIds,
  type NewQueuedWrite,
  type OutboxRecord,
  type QueuedWrite,
} from './queued-writes.ts';
import { trySend, type SendOutcome } from './send-write.ts';

type Listener = () => void;
/** A write the server recorded, with its answer. */
type RecordedListener = (write: QueuedWrite, answer: unknown) => void;

export interface OutboxDependencies {
  send: (write: QueuedWrite) => Promise<SendOutcome>;
  now: () => number;
}

// Other tabs of the same account read the queue again when one of them changed it.
const channelName = 'cpbo-outbox';
/** After a try without an answer, the next one comes this much later, doubling up to the last. */
export const RETRY_DELAYS_MS = { first: 2_000, last: 60_000 };

const replaced = (record: OutboxRecord, id: string, change: (write: QueuedWrite) => QueuedWrite) => ({
  ...record,
  writes: record.writes.map((write) => (write.id === id ? change(write) : write)),
});

/** The writes that can never be sent once this one is gone: those naming the record it creates. */
const dependantsOf = (record: OutboxRecord, id: string): Set<string> => {
  const gone = new Set([id]);
  for (const write of record.writes) {
    if (localIdsOf(write).some((local) => gone.has(local))) gone.add(write.id);
  }
  return gone;
};

/**
 * The signed-in account's writes waiting on this device (docs/architecture.md, "Offline field work"):
 * kept in IndexedDB, sent one after the other in the order confirmed, each with its Idempotency-Key.
 * Only one pass sends at a time, in this tab (and, where the browser has Web Locks, across the tabs).
 */
export class Outbox {
  private account: string | null = null;
  private record: OutboxRecord = emptyOutbox();
  private readonly listeners = new Set<Listener>();
  private readonly recordedListeners = new Set<RecordedListener>();
  private pass: Promise<void> | null = null;
  private passAgain = false;
  private channel: BroadcastChannel | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay = RETRY_DELAYS_MS.first;

  constructor(private readonly dependencies: OutboxDependencies = { send: trySend, now: Date.now }) {}

  /** The queue as it is now: a new object after every change (for React's useSyncExternalStore). */
  current = (): OutboxRecord => this.record;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  onRecorded(listener: RecordedListener): () => void {
    this.recordedListeners.add(listener);
    return () => {
      this.recordedListeners.delete(listener);
    };
  }

  isOpen(): boolean {
    return this.account !== null;
  }

  /**
   * Loads the account's queue. After a new sign-in, what an earlier session left is held: it is offered
   * to the agent, not sent behind their back.
   */
  async open(account: string, { earlierSession }: { earlierSession: boolean }): Promise<void> {
    this.account = account;
    this.channel?.close();
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : null;
    this.channel?.addEventListener('message', () => void this.reload());
    if (earlierSession) {
      await this.change((record) => ({
        ...record,
        writes: record.writes.map((write) =>
          write.state === 'waiting' ? { ...write, state: 'held' as const } : write,
        ),
      }));
    } else {
      await this.reload();
    }
  }

  close(): void {
    this.account = null;
    clearTimeout(this.retryTimer);
    this.retryDelay = RETRY_DELAYS_MS.first;
    this.channel?.close();
    this.channel = null;
    this.show(emptyOutbox());
  }

  /** Queues a confirmed write at the end; `unansweredAt` when a try already went without an answer. */
  async add(write: NewQueuedWrite, unansweredAt?: number): Promise<QueuedWrite> {
    const queued = {
      ...write,
      queuedAt: this.dependencies.now(),
      state: 'waiting',
      ...(unansweredAt === undefined ? {} : { unansweredAt }),
    } as QueuedWrite;
    await this.change((record) => ({ ...record, writes: [...record.writes, queued] }));
    return queued;
  }

  /** Drops a write, with the writes that name the record it would have created. */
  async discard(id: string): Promise<void> {
    await this.change((record) => {
      const gone = dependantsOf(record, id);
      return { ...record, writes: record.writes.filter((write) => !gone.has(write.id)) };
    });
  }

  /** The writes that go with this one when it is discarded (itself excluded). */
  dependantsOf(id: string): QueuedWrite[] {
    const gone = dependantsOf(this.record, id);
    return this.record.writes.filter((write) => write.id !== id && gone.has(write.id));
  }

  /**
   * The agent's correction of a refused write: new values are a new action, so a new key; it waits in
   * its place again.
   */
  async correct(id: string, body: QueuedWrite['body']): Promise<void> {
    await this.change((record) =>
      replaced(record, id, (write) => {
        const { refusal: _refusal, unansweredAt: _unanswered, ...rest } = write;
        return { ...rest, body, key: crypto.randomUUID(), state: 'waiting' } as QueuedWrite;
      }),
    );
    void this.send();
  }

  /** The writes an earlier session left, sent now that the agent agreed. */
  async release(): Promise<void> {
    await this.change((record) => ({
      ...record,
      writes: record.writes.map((write) =>
        write.state === 'held' ? { ...write, state: 'waiting' as const } : write,
      ),
    }));
    void this.send();
  }

  /** Sign-out, once the agent answered: the account's queue leaves the device. */
  async clear(): Promise<void> {
    if (this.account !== null) await deleteDeviceRecord(deviceKeys.outbox(this.account));
    this.close();
  }

  /**
   * Sends what waits, in order, until the queue is done or the server cannot be reached (then it tries
   * again later by itself, sooner at first). A call during a pass runs one more pass after it (a write
   * added meanwhile is not left behind). Nothing is tried while the browser says it is offline.
   */
  send(): Promise<void> {
    if (typeof navigator !== 'undefined' && !navigator.onLine) return Promise.resolve();
    clearTimeout(this.retryTimer);
    if (this.pass) {
      this.passAgain = true;
      return this.pass;
    }
    this.pass = this.sendUnderLock().finally(() => {
      this.pass = null;
      if (this.passAgain) {
        this.passAgain = false;
        void this.send();
      }
    });
    return this.pass;
  }

  private async sendUnderLock(): Promise<void> {
    const account = this.account;
    if (account === null) return;
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (locks) await locks.request(`${channelName}|${account}`, () => this.sendPass(account));
    else await this.sendPass(account);
  }

  private async sendPass(account: string): Promise<void> {
    // Another tab may have sent or changed writes since this one last looked.
    await this.reload();
    for (const queued of this.record.writes) {
      if (this.account !== account) return;
      const write = this.record.writes.find(({ id }) => id === queued.id);
      if (write?.state !== 'waiting') continue;
      if (
        write.unansweredAt !== undefined &&
        this.dependencies.now() - write.unansweredAt > KEY_LIFETIME_MS
      ) {
        await this.change((record) =>
          replaced(record, write.id, (stale) => ({
            ...stale,
            state: 'refused',
            refusal: {
              keyExpired: true,
              message: 'No answer for a day: the server no longer knows its key.',
            },
          })),
        );
        continue;
      }
      const resolved = resolveIds(write, this.record.serverIds);
      // Its member or plot is not numbered yet (refused or held): it waits with it.
      if ('waitsFor' in resolved) continue;
      const outcome = await this.dependencies.send(resolved.write);
      if (this.account !== account) return;
      if ('later' in outcome) {
        // The request may have been recorded: the next try sends the same key, answered once.
        await this.change((record) =>
          replaced(record, write.id, (tried) => ({
            ...tried,
            unansweredAt: tried.unansweredAt ?? this.dependencies.now(),
          })),
        );
        this.retryLater(outcome.afterMs);
        return;
      }
      if ('refused' in outcome) {
        await this.change((record) =>
          replaced(record, write.id, (refused) => ({
            ...refused,
            state: 'refused',
            refusal: outcome.refused,
          })),
        );
        continue;
      }
      await this.recorded(write, outcome.recorded);
    }
  }

  /**
   * The next pass, after the current delay, or later when the server asked for longer (Retry-After), up
   * to the longest delay: a proxy's "come back tomorrow" must not stall the agent's queue.
   */
  private retryLater(afterMs = 0): void {
    if (this.account === null) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(
      () => void this.send(),
      Math.min(Math.max(this.retryDelay, afterMs), RETRY_DELAYS_MS.last),
    );
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_DELAYS_MS.last);
  }

  private async recorded(write: QueuedWrite, answer: unknown): Promise<void> {
    this.retryDelay = RETRY_DELAYS_MS.first;
    const createdId =
      (write.kind === 'member' || write.kind === 'plot') && answer && typeof answer === 'object'
        ? (answer as { id?: unknown }).id
        : undefined;
    await this.change((record) => ({
      writes: record.writes.filter(({ id }) => id !== write.id),
      serverIds:
        typeof createdId === 'string' ? { ...record.serverIds, [write.id]: createdId } : record.serverIds,
    }));
    for (const listener of this.recordedListeners) listener(write, answer);
  }

  private async reload(): Promise<void> {
    const account = this.account;
    if (account === null) return;
    const stored = await readDeviceRecord<OutboxRecord>(deviceKeys.outbox(account));
    if (this.account === account) this.show(stored ?? emptyOutbox());
  }

  private async change(change: (record: OutboxRecord) => OutboxRecord): Promise<void> {
    const account = this.account;
    if (account === null) return;
    let changed = this.record;
    await changeDeviceRecord<OutboxRecord>(deviceKeys.outbox(account), (stored) => {
      changed = change(stored ?? emptyOutbox());
      return changed;
    });
    if (this.account !== account) return;
    this.show(changed);
    this.channel?.postMessage('changed');
  }

  private show(record: OutboxRecord): void {
    this.record = record;
    for (const listener of this.listeners) listener();
  }
}

/** The app's queue, opened for a field agent's session by the signed-in frame. */
export const outbox = new Outbox();
