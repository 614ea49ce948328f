import { describe, expect, it, vi } from 'vitest';
import { backoffMs, withRetries, type RetryPolicy } from './retry.ts';

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
