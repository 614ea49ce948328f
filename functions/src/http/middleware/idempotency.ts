import { createHash, randomUUID } from 'node:crypto';
import { routeKey, type RouteDefinition } from '#http/routes.ts';
import { pollUntil } from '#platform/retry.ts';
import {
  claimKey,
  completeKey,
  keyHolder,
  releaseKey,
  type KeyHolder,
  type KeyOwner,
  type StoredAnswer,
} from '#data/table/idempotency.ts';
import type { Receipt } from '#data/table/transaction-items.ts';
import { epochSeconds } from '#data/table/table.ts';
import { AppError } from '#platform/app-error.ts';
import { logger } from '#platform/logger.ts';
import type { ApiEvent, ApiMiddleware, ApiResponse, ApiResult } from './api-types.ts';
import { jsonResponse } from './json-response.ts';

/** The header of the IETF draft "The Idempotency-Key HTTP Header Field" (API Gateway lowercases names). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer that repeats the first one. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key is remembered (the table's TTL then deletes it). */
export const KEY_LIFETIME_SECONDS = 24 * 60 * 60;
/** How long a repeat waits for the first request of its key to answer, before ERR_IDEMPOTENCY_KEY_IN_PROGRESS. */
export const WAIT_FOR_FIRST_MS = 8_000;
const POLL_MS = 150;
/** A UUID fits; short keys would collide, long ones are refused before they reach the table. */
const keyPattern = /^[A-Za-z0-9_-]{16,128}$/;

/** What ties a request's write to its key; handed to the handler of an idempotent route. */
export interface Idempotency {
  /**
   * The receipt to pass to the write: it stores `answer(record)` as the key's answer in the write's
   * own transaction. Undefined when the request has no key (the write then runs as any other).
   */
  receipt<Written>(answer: (record: Written) => ApiResponse): Receipt<Written> | undefined;
}

const withoutKey: Idempotency = { receipt: () => undefined };

/** The key sent, if any: the draft's form is a quoted string, a bare token is taken too. */
const keyOf = (event: ApiEvent): string | undefined => {
  const value = event.headers?.[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  const key = value.trim().replace(/^"(.*)"$/, '$1');
  if (!keyPattern.test(key)) {
    throw new AppError('ERR_INVALID_DATA_FORMAT', {
      details: [{ where: 'header', problem: 'Idempotency-Key must be 16 to 128 letters, digits, - or _' }],
    });
  }
  return key;
};

/** JSON with the keys of every object sorted, so that the order of a body's fields does not matter. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((name) => [name, canonical((value as Record<string, unknown>)[name])]),
  );
};

/** What a request asks: the same key with another fingerprint is another request. */
export const requestFingerprint = (request: {
  routeKey: string;
  enablerId: string;
  params: Record<string, string | undefined>;
  body: unknown;
}): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        request.routeKey,
        request.enablerId,
        canonical(request.params),
        canonical(request.body),
      ]),
    )
    .digest('base64url');

const storedAnswerOf = (response: ApiResponse): StoredAnswer => ({
  status: response.status ?? 200,
  ...(response.body === undefined ? {} : { body: JSON.stringify(response.body) }),
  ...(response.headers ? { headers: response.headers } : {}),
});

const replay = (answer: StoredAnswer): ApiResult => ({
  ...jsonResponse(answer.status, undefined, { ...answer.headers, [REPLAYED_HEADER]: 'true' }),
  ...(answer.body === undefined ? {} : { body: answer.body }),
});

interface HeldKey {
  owner: KeyOwner;
  lockId: string;
  receiptMade: boolean;
}

/** The key each request under way holds, by request (middy's request object). */
const heldKeys = new WeakMap<object, HeldKey>();

/**
 * Honours the Idempotency-Key of a route's request (routes marked `idempotent` in the route table),
 * after authentication and validation. Keys are the caller's own (their e-mail is part of the
 * item's key), so nobody replays another user's answer.
 * - First request of a key: the key is claimed (a conditional put), the handler runs, and its write
 *   stores the answer through the receipt in the same transaction; a failure gives the key back.
 * - Repeat with the same route, enabler, path and body: the first answer, same status and body,
 *   and nothing written; while the first is still running, the repeat waits for its answer
 *   (WAIT_FOR_FIRST_MS), then answers 409 ERR_IDEMPOTENCY_KEY_IN_PROGRESS.
 * - Repeat with anything else: 422 ERR_IDEMPOTENCY_KEY_REUSED.
 * A request without the header runs as before.
 */
export const idempotency = (route: RouteDefinition): ApiMiddleware => ({
  before: async (request) => {
    const { event, context } = request;
    const key = keyOf(event);
    if (key === undefined) {
      event.idempotency = withoutKey;
      return undefined;
    }
    if (!event.session) throw new Error(`${routeKey(route)} is idempotent but has no session`);
    const owner: KeyOwner = { caller: event.session.email, key };
    const fingerprint = requestFingerprint({
      routeKey: routeKey(route),
      enablerId: event.session.enabler,
      params: event.pathParameters ?? {},
      body: event.parsedBody,
    });
    const lockId = randomUUID();
    const claim = () => {
      const now = new Date();
      return claimKey(
        owner,
        {
          fingerprint,
          lockId,
          // The key stays with this request for as long as it can run, answered or not.
          lockedUntil: now.getTime() + context.getRemainingTimeInMillis(),
          expiresAt: epochSeconds(now) + KEY_LIFETIME_SECONDS,
        },
        now,
      );
    };
    // The key claimed, or the first request's answer; a first request still under way: look again.
    let attempt: Awaited<ReturnType<typeof claim>> | undefined;
    const look = async (): Promise<
      { claimed: true } | { completed: Extract<KeyHolder, { state: 'COMPLETED' }> } | undefined
    > => {
      if (attempt === undefined) attempt = await claim();
      else {
        const current: KeyHolder | undefined = await keyHolder(owner);
        const stillHeld = current && (current.state === 'COMPLETED' || current.lockedUntil > Date.now());
        attempt = stillHeld ? { claimed: false, holder: current } : await claim();
      }
      if (attempt.claimed) return { claimed: true } as const;
      const { holder } = attempt;
      if (holder && holder.fingerprint !== fingerprint) throw new AppError('ERR_IDEMPOTENCY_KEY_REUSED');
      if (holder?.state !== 'COMPLETED') return undefined;
      return { completed: holder };
    };
    const found = await pollUntil(look, {
      timeoutMs: Math.min(WAIT_FOR_FIRST_MS, context.getRemainingTimeInMillis() / 2),
      pollMs: POLL_MS,
    });
    if (found === undefined) throw new AppError('ERR_IDEMPOTENCY_KEY_IN_PROGRESS');
    if ('completed' in found) return replay(found.completed.answer);
    const held: HeldKey = { owner, lockId, receiptMade: false };
    heldKeys.set(request, held);
    event.idempotency = {
      receipt:
        <Written>(answer: (record: Written) => ApiResponse): Receipt<Written> =>
        (record) => {
          held.receiptMade = true;
          return completeKey(owner, lockId, storedAnswerOf(answer(record)));
        },
    };
    return undefined;
  },
  after: (request) => {
    const held = heldKeys.get(request);
    // Without a receipt the answer was not stored with the write, and a retry would write again.
    if (held && !held.receiptMade)
      throw new Error(`${routeKey(route)} wrote without its idempotency receipt`);
  },
  onError: async (request) => {
    const held = heldKeys.get(request);
    if (!held) return;
    try {
      await releaseKey(held.owner, held.lockId);
    } catch (error) {
      // The key then stays claimed until its lock ends; the request's own error is still answered.
      await logger.error('Idempotency key not released', { routeKey: routeKey(route), error });
    }
  },
});
