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
