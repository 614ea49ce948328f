import type { CoverageDates } from '@cpbo/schemas/coverage-dates.ts';
import { bankFields, type ContributeBody, type NewMember } from '../members.ts';
import type { NewPlot, PlotUpdate } from '../plots.ts';
import { isLocalId } from './local-ids.ts';

/**
 * waiting: to be sent in its turn; refused: the server said no (its reason kept) and the agent corrects
 * or discards it; held: queued in an earlier session of the account, sent only once the agent agrees.
 */
export type QueuedWriteState = 'waiting' | 'refused' | 'held';

/** Why the server refused a write: its catalogue code (shown in the agent's language) or its message. */
export interface Refusal {
  code?: string | undefined;
  message: string;
  /** What the server said more (a member already registered: which one). */
  details?: unknown;
  /** Not the server's: a try went unanswered more than a day ago, so a retry could record it twice. */
  keyExpired?: boolean;
}

interface QueuedWriteBase {
  /** The write's own id; a member's or plot's creation gives it to the record until the server numbers it. */
  id: string;
  /** The Idempotency-Key, created when the agent confirmed: every try sends it. */
  key: string;
  /** When the agent confirmed it (ms): the queue's order. */
  queuedAt: number;
  state: QueuedWriteState;
  refusal?: Refusal;
  /**
   * When a try got no answer (ms): it may have been recorded. The server keeps a key's answer for a day
   * (docs/decisions.md, Idempotency keys); past that a retry could record it twice.
   */
  unansweredAt?: number;
  /** Who the write is for, as the agent saw it (the list's labels). */
  memberName: string;
}

export type QueuedWrite =
  | (QueuedWriteBase & { kind: 'member'; body: NewMember })
  | (QueuedWriteBase & {
      kind: 'plot';
      memberId: string;
      body: NewPlot;
      /** The coverage dates the form computed, shown until the server's own arrive. */
      coverage: CoverageDates | null;
    })
  | (QueuedWriteBase & {
      kind: 'protection';
      memberId: string;
      plotId: string;
      plotName: string;
      body: PlotUpdate;
    })
  | (QueuedWriteBase & { kind: 'contribution'; memberId: string; plotName: string; body: ContributeBody })
  | (QueuedWriteBase & { kind: 'cashout'; memberId: string; body: { amount: number } });

export type QueuedWriteKind = QueuedWrite['kind'];

/** What a form hands over: the queue adds its order and state. */
export type NewQueuedWrite = QueuedWrite extends infer Write
  ? Write extends QueuedWrite
    ? Omit<Write, 'queuedAt' | 'state' | 'refusal' | 'unansweredAt'>
    : never
  : never;

/** An account's queue on the device and the server's ids of the records it created. */
export interface OutboxRecord {
  writes: QueuedWrite[];
  /** Local id → the server's id, once its creation was recorded. */
  serverIds: Record<string, string>;
}

export const emptyOutbox = (): OutboxRecord => ({ writes: [], serverIds: {} });

/** A day less an hour: an unanswered try older than this is not sent again without the agent. */
export const KEY_LIFETIME_MS = 23 * 60 * 60 * 1000;

/** The local ids a write names (its member, its plot, a contribution's plot). */
export const localIdsOf = (write: NewQueuedWrite): string[] => {
  const ids: string[] = [];
  if (write.kind !== 'member') ids.push(write.memberId);
  if (write.kind === 'protection') ids.push(write.plotId);
  if (write.kind === 'contribution' && write.body.plotId !== undefined) ids.push(write.body.plotId);
  return ids.filter(isLocalId);
};

const serverId = (id: string, serverIds: Record<string, string>): string | undefined =>
  isLocalId(id) ? serverIds[id] : id;

/**
 * The write with the server's ids in place of the local ones, or the local id the server has not
 * numbered yet (its creation is still queued, refused or held).
 */
export function resolveIds(
  write: QueuedWrite,
  serverIds: Record<string, string>,
): { write: QueuedWrite } | { waitsFor: string } {
  const missing = localIdsOf(write).find((id) => serverIds[id] === undefined);
  if (missing !== undefined) return { waitsFor: missing };
  const id = (local: string) => serverId(local, serverIds) as string;
  switch (write.kind) {
    case 'member':
      return { write };
    case 'plot':
    case 'cashout':
      return { write: { ...write, memberId: id(write.memberId) } };
    case 'protection':
      return { write: { ...write, memberId: id(write.memberId), plotId: id(write.plotId) } };
    case 'contribution':
      return {
        write: {
          ...write,
          memberId: id(write.memberId),
          body:
            write.body.plotId === undefined ? write.body : { ...write.body, plotId: id(write.body.plotId) },
        },
      };
  }
}

/** Writes not yet recorded: waiting, refused or held. */
export const unsentCount = (record: OutboxRecord): number => record.writes.length;

/** Whether a new write must join the queue to keep the order: one is still waiting to be sent. */
export const hasWaiting = (record: OutboxRecord): boolean =>
  record.writes.some((write) => write.state === 'waiting');

/** The server's id of a record the device created, once known; the id itself for a server record. */
export const currentId = (record: OutboxRecord, id: string): string => record.serverIds[id] ?? id;

/** Whether a new member carries bank details, which are never kept on the device. */
export const carriesBankDetails = (write: NewQueuedWrite): boolean =>
  write.kind === 'member' && bankFields.some((field) => write.body[field] !== undefined);
