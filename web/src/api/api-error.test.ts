import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './api-error.ts';

describe('a Retry-After header', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');

  it('should read seconds', () => {
    expect(retryAfterMs('5', now)).toBe(5_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
  });

  it('should read an HTTP date as the time left until it, none when it is past', () => {
    expect(retryAfterMs('Fri, 27 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 11:59:00 GMT', now)).toBe(0);
  });

  it('should say nothing without a header, or with one that is neither', () => {
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
  });
});
