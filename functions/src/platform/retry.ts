/*
 * Trying an operation again after a failure that another attempt may not meet (a write that lost a
 * race, a throttled request): the same loop for every caller, which says how often, how long to
 * wait and which errors are worth it.
 */

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  attempts: number;
  /** The wait after the nth failed attempt is n × stepMs, plus a random jitter below jitterMs. */
  stepMs: number;
  jitterMs: number;
  /** True for an error worth another attempt; any other error is thrown at once. */
  retryable: (error: unknown) => boolean;
}

const sleep = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/** The wait after the nth failed attempt (linear backoff: racing writers spread out, with jitter). */
export const backoffMs = (policy: Pick<RetryPolicy, 'stepMs' | 'jitterMs'>, failed: number): number =>
  policy.stepMs * failed + Math.random() * policy.jitterMs;

/**
 * Runs `operation` (given its attempt's number, from 1) until it succeeds; a retryable error is
 * met by another attempt after a pause, until the attempts run out: then the last error is thrown.
 */
export const withRetries = async <Result>(
  policy: RetryPolicy,
  operation: (attempt: number) => Promise<Result>,
  wait: (milliseconds: number) => Promise<void> = sleep,
): Promise<Result> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= policy.attempts || !policy.retryable(error)) throw error;
      await wait(backoffMs(policy, attempt));
    }
  }
};

/** The pause before the nth resend of what a batch call left undone: 50 ms doubling, at most 1 s. */
export const resendBackoffMs = (resend: number): number => Math.min(1000, 50 * 2 ** resend);

/**
 * Sends a batch (BatchWriteItem, BatchGetItem) and then what each answer left unprocessed, pausing
 * longer each time (DynamoDB leaves items unprocessed when it is busy: an immediate resend meets the
 * same throttling), until nothing is left.
 */
export const untilAllProcessed = async <Pending>(
  first: Pending,
  send: (pending: Pending) => Promise<Pending | undefined>,
  wait: (milliseconds: number) => Promise<void> = sleep,
): Promise<void> => {
  let pending: Pending | undefined = first;
  for (let resend = 0; pending !== undefined; resend += 1) {
    if (resend > 0) await wait(resendBackoffMs(resend));
    pending = await send(pending);
  }
};

/**
 * Looks (`look`) every `pollMs` until it finds something or `timeoutMs` has passed, the last look at
 * the deadline: the value found, or undefined when the time ran out (a lock another job holds, a
 * first request still under way, which the caller is promised to wait for in full).
 */
export const pollUntil = async <Found>(
  look: () => Promise<Found | undefined>,
  { timeoutMs, pollMs }: { timeoutMs: number; pollMs: number },
  wait: (milliseconds: number) => Promise<void> = sleep,
): Promise<Found | undefined> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await look();
    if (found !== undefined) return found;
    const left = deadline - Date.now();
    if (left <= 0) return undefined;
    await wait(Math.min(pollMs, left));
  }
};
