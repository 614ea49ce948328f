import { isApiError } from '../api-error.ts';
import type { ApiRequest } from '../api-client.ts';
import { cashout, contribute, onboardMember } from '../members.ts';
import { createPlot, updatePlot } from '../plots.ts';
import type { NewQueuedWrite, QueuedWrite, Refusal } from './queued-writes.ts';

/**
 * recorded: the server answered (the first answer again when the key was already recorded); refused: it
 * said no for a reason the agent must see; later: no answer, or one that says to try again (`afterMs`:
 * not before, as the server asked).
 */
export type SendOutcome = { recorded: unknown } | { refused: Refusal } | { later: true; afterMs?: number };

type WriteOptions = Pick<ApiRequest, 'errors' | 'idempotencyKey'>;

/** Sends a write whose ids are all the server's, with its Idempotency-Key. */
export function sendWrite(write: NewQueuedWrite, errors: ApiRequest['errors'] = 'caller'): Promise<unknown> {
  const options: WriteOptions = { errors, idempotencyKey: write.key };
  switch (write.kind) {
    case 'member':
      return onboardMember(write.body, options);
    case 'plot':
      return createPlot(write.memberId, write.body, options);
    case 'protection':
      return updatePlot(write.memberId, write.plotId, write.body, options);
    case 'contribution':
      return contribute(write.memberId, write.body, options);
    case 'cashout':
      return cashout(write.memberId, write.body.amount, options);
  }
}

// Answers that say "not now" rather than "no": the session is being renewed, the same key is still being
// recorded by an earlier try, too many calls, the server failed.
const tryAgainStatuses = new Set([401, 408, 429]);
const tryAgainCodes = new Set(['ERR_IDEMPOTENCY_KEY_IN_PROGRESS', 'ERR_CONFLICT']);

/** What a failed send means for the queue. */
export function outcomeOf(error: unknown): SendOutcome {
  if (!isApiError(error) || error.isNetworkFailure) return { later: true };
  const later =
    error.retryAfterMs === undefined
      ? { later: true as const }
      : { later: true as const, afterMs: error.retryAfterMs };
  if (error.status >= 500 || tryAgainStatuses.has(error.status)) return later;
  if (error.code !== undefined && tryAgainCodes.has(error.code)) return later;
  return {
    refused: {
      code: error.code,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
    },
  };
}

/** Sends a write and says what became of it; never rejects. */
export async function trySend(write: QueuedWrite): Promise<SendOutcome> {
  try {
    return { recorded: await sendWrite(write) };
  } catch (error) {
    return outcomeOf(error);
  }
}
