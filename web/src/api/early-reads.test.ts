import { afterEach, describe, expect, it } from 'vitest';
import {
  EARLY_READ_LIFETIME_MS,
  forgetEarlyReads,
  keepEarlyRead,
  outlinedAnswer,
  outlinedRead,
  takeEarlyRead,
} from './early-reads.ts';

afterEach(forgetEarlyReads);

describe('early reads', () => {
  it('should give a read begun early once, by its address', async () => {
    keepEarlyRead('/members/m-1', Promise.resolve({ id: 'm-1' }), 1_000);

    expect(takeEarlyRead('/members/m-2', 1_010)).toBeUndefined();
    await expect(takeEarlyRead('/members/m-1', 1_010)).resolves.toEqual({ id: 'm-1' });
    expect(takeEarlyRead('/members/m-1', 1_020)).toBeUndefined();
  });

  it('should drop a read the screen did not take soon', () => {
    keepEarlyRead('/members/m-1', Promise.resolve({}), 1_000);
    keepEarlyRead('/me/enabler', Promise.resolve({}), 1_000);

    expect(takeEarlyRead('/members/m-1', 1_000 + EARLY_READ_LIFETIME_MS)).toBeDefined();
    expect(takeEarlyRead('/me/enabler', 1_001 + EARLY_READ_LIFETIME_MS)).toBeUndefined();
  });

  it('should drop every read when told (a write)', () => {
    keepEarlyRead('/members/m-1', Promise.resolve({}), 1_000);
    forgetEarlyReads();
    expect(takeEarlyRead('/members/m-1', 1_000)).toBeUndefined();
  });

  it('should leave a failed read to the one who takes it, unhandled by none', async () => {
    keepEarlyRead('/members/m-1', Promise.reject(new Error('offline')), 1_000);
    await expect(takeEarlyRead('/members/m-1', 1_000)).rejects.toThrow('offline');
  });
});

describe("an outline's early reads", () => {
  it('should give the answer to an outline without taking it from the screen', async () => {
    keepEarlyRead('/members/m-1', Promise.resolve({ id: 'm-1' }), 1_000);

    await expect(outlinedRead('/members/m-1')).resolves.toEqual({ id: 'm-1' });
    expect(outlinedAnswer('/members/m-1')).toEqual({ id: 'm-1' });
    await expect(takeEarlyRead('/members/m-1', 1_010)).resolves.toEqual({ id: 'm-1' });
    // Taken by the screen, still the outline's, which React may draw again.
    expect(outlinedAnswer('/members/m-1')).toEqual({ id: 'm-1' });
  });

  it('should have no answer before it comes, nor for a failed read', async () => {
    let answer: (value: unknown) => void = () => undefined;
    keepEarlyRead('/members/m-1', new Promise((resolve) => (answer = resolve)), 1_000);
    keepEarlyRead('/members/m-2', Promise.reject(new Error('offline')), 1_000);

    expect(outlinedAnswer('/members/m-1')).toBeUndefined();
    answer({ id: 'm-1' });
    await outlinedRead('/members/m-1');
    expect(outlinedAnswer('/members/m-1')).toEqual({ id: 'm-1' });
    await expect(outlinedRead('/members/m-2')).rejects.toThrow('offline');
    expect(outlinedAnswer('/members/m-2')).toBeUndefined();
  });

  it('should drop them with the screen’s, even an answer that comes after', async () => {
    let answer: (value: unknown) => void = () => undefined;
    keepEarlyRead('/members/m-1', new Promise((resolve) => (answer = resolve)), 1_000);
    keepEarlyRead('/members/m-2', Promise.resolve({ id: 'm-2' }), 1_000);
    await outlinedRead('/members/m-2');

    forgetEarlyReads();
    answer({ id: 'm-1' });
    await Promise.resolve();

    expect(outlinedRead('/members/m-1')).toBeUndefined();
    expect(outlinedAnswer('/members/m-1')).toBeUndefined();
    expect(outlinedAnswer('/members/m-2')).toBeUndefined();
  });
});
