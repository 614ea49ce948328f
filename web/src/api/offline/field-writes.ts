import type { CreatedIdAnswer } from '@cpbo/schemas';
import { isApiError, type ApiError } from '../api-error.ts';
import { publishError } from '../error-bus.ts';
import type { Cashout, Contribution } from '../members.ts';
import type { Plot } from '../plots.ts';
import { outbox as appOutbox, type Outbox } from './outbox.ts';
import {
  carriesBankDetails,
  hasWaiting,
  localIdsOf,
  type NewQueuedWrite,
  type QueuedWrite,
  type QueuedWriteKind,
} from './queued-writes.ts';
import { outcomeOf, sendWrite } from './send-write.ts';

/** The server's answer to each kind of write. */
export interface FieldWriteAnswers {
  member: CreatedIdAnswer;
  plot: CreatedIdAnswer;
  protection: Plot;
  contribution: Contribution;
  cashout: Cashout;
}

export type FieldWriteResult<Kind extends QueuedWriteKind> =
  { status: 'sent'; answer: FieldWriteAnswers[Kind] } | { status: 'queued'; write: QueuedWrite };

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

export interface FieldWriteOptions {
  /** The device's queue (the app's by default). */
  outbox?: Outbox;
  /** A refusal the form shows itself (a member already registered): not put in the error dialog. */
  showsRefusal?: (error: ApiError) => boolean;
}

/**
 * A write the agent confirmed. Sent at once when the device is online and nothing waits before it; else,
 * or when the try gets no answer, it joins the queue with its Idempotency-Key and is sent in its turn.
 * The server's refusal of a direct try is shown in the error dialog and rejects, as any write's, and so is
 * a lost answer to a member with bank details (never kept on the device). Without a queue (an
 * administrator's session) it is an ordinary write.
 */
export async function submitFieldWrite<Kind extends QueuedWriteKind>(
  write: NewQueuedWrite & { kind: Kind },
  { outbox = appOutbox, showsRefusal = () => false }: FieldWriteOptions = {},
): Promise<FieldWriteResult<Kind>> {
  const answer = (value: unknown) => ({ status: 'sent' as const, answer: value as FieldWriteAnswers[Kind] });
  const reported = (error: unknown) => {
    if (isApiError(error) && !showsRefusal(error)) publishError(error);
    return error;
  };
  if (!outbox.isOpen()) {
    try {
      return answer(await sendWrite(write, 'caller'));
    } catch (error) {
      throw reported(error);
    }
  }
  const record = outbox.current();
  const mustWait = !isOnline() || hasWaiting(record) || localIdsOf(write).some((id) => !record.serverIds[id]);
  if (mustWait) {
    // The form asks for no bank details then (member-form.tsx): they are never kept on the device.
    if (carriesBankDetails(write)) throw new Error('Bank details are never kept on the device');
    const queued = await outbox.add(write);
    void outbox.send();
    return { status: 'queued', write: queued };
  }
  const triedAt = Date.now();
  try {
    return answer(await sendWrite(write, 'caller'));
  } catch (error) {
    if (!isApiError(error)) throw error;
    // A member with bank details is not kept on the device: the agent tries again (same key) from the form.
    if ('refused' in outcomeOf(error) || carriesBankDetails(write)) throw reported(error);
    // No answer (or "try again"): it may be recorded already, and the queue sends the same key again.
    const queued = await outbox.add(write, triedAt);
    void outbox.send();
    return { status: 'queued', write: queued };
  }
}
