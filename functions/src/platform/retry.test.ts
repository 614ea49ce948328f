import { describe, expect, it, vi } from 'vitest';
import {
  backoffMs,
  pollUntil,
  resendBackoffMs,
  untilAllProcessed,
  withRetries,
  type RetryPolicy,
} from './retry.ts';

class Busy extends Error {}

const policy: RetryPolicy = {
  attempts: 4,
  stepMs: 10,
  jitterMs: 5,
  retryable: (error) => error instanceof Busy,
};

/** An operation that fails `failures` times with `error`, then answers its attempt's number. */
const failing = (failures: number, error: () => Error) =>
  vi.fn(async (attempt: number) => {
    if (attempt <= failures) throw error();
    return attempt;
  });

describe('withRetries', () => {
  it('should answer at once when the first attempt succeeds', async () => {
    const wait = vi.fn(async () => undefined);
    expect(
      await withRetries(
        policy,
        failing(0, () => new Busy()),
        wait,
      ),
    ).toBe(1);
    expect(wait).not.toHaveBeenCalled();
  });

  it('should try a retryable failure again, waiting longer each time', async () => {
    const waits: number[] = [];
    const answer = await withRetries(
      policy,
      failing(3, () => new Busy()),
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(answer).toBe(4);
    expect(waits).toHaveLength(3);
    waits.forEach((ms, index) => {
      expect(ms).toBeGreaterThanOrEqual(10 * (index + 1));
      expect(ms).toBeLessThan(10 * (index + 1) + 5);
    });
  });

  it('should throw the last error once the attempts run out', async () => {
    const operation = failing(10, () => new Busy('still busy'));
    await expect(withRetries(policy, operation, async () => undefined)).rejects.toThrow('still busy');
    expect(operation).toHaveBeenCalledTimes(4);
  });

  it('should throw an error that is not retryable without another attempt', async () => {
    const operation = failing(1, () => new Error('refused'));
    await expect(withRetries(policy, operation, async () => undefined)).rejects.toThrow('refused');
    expect(operation).toHaveBeenCalledTimes(1);
  });
});

describe('backoffMs', () => {
  it('should grow with the failed attempts and add a jitter below its bound', () => {
    vi.spyOn(Math, 'random').mockReturnValueOnce(0).mockReturnValueOnce(0.999);
    expect(backoffMs({ stepMs: 20, jitterMs: 30 }, 1)).toBe(20);
    expect(backoffMs({ stepMs: 20, jitterMs: 30 }, 2)).toBeCloseTo(69.97);
    vi.restoreAllMocks();
  });
});

describe('untilAllProcessed', () => {
  it('should send what each answer left undone, pausing longer each time, until nothing is left', async () => {
    const sent: string[][] = [];
    const waits: number[] = [];
    await untilAllProcessed(
      ['a', 'b', 'c'],
      async (pending) => {
        sent.push(pending);
        return pending.length > 1 ? pending.slice(1) : undefined;
      },
      async (milliseconds) => void waits.push(milliseconds),
    );
    expect(sent).toEqual([['a', 'b', 'c'], ['b', 'c'], ['c']]);
    expect(waits).toEqual([resendBackoffMs(1), resendBackoffMs(2)]);
    expect(resendBackoffMs(1)).toBeLessThan(resendBackoffMs(2));
    expect(resendBackoffMs(20)).toBe(1000);
  });
});

describe('pollUntil', () => {
  it('should look until something is found, every pollMs', async () => {
    let looks = 0;
    const waits: number[] = [];
    const found = await pollUntil(
      async () => (++looks === 3 ? 'lock' : undefined),
      { timeoutMs: 1000, pollMs: 10 },
      async (milliseconds) => void waits.push(milliseconds),
    );
    expect(found).toBe('lock');
    expect(waits).toEqual([10, 10]);
  });

  it('should answer undefined once the time ran out, after a last look at the deadline and no wait past it', async () => {
    const look = vi.fn(async () => undefined);
    const waits: number[] = [];
    const started = Date.now();
    const found = await pollUntil(look, { timeoutMs: 30, pollMs: 50 }, async (milliseconds) => {
      waits.push(milliseconds);
      await new Promise((resolve) => setTimeout(resolve, milliseconds));
    });
    expect(found).toBeUndefined();
    expect(look).toHaveBeenCalledTimes(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeLessThanOrEqual(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(30);
  });
});
