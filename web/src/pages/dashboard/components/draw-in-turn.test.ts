import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawInTurn } from './draw-in-turn.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('charts drawn in turn', () => {
  it('should draw each in a task of its own, in the order asked, and not one cancelled', () => {
    vi.useFakeTimers();
    const drawn: string[] = [];
    drawInTurn(() => drawn.push('covers'));
    const cancel = drawInTurn(() => drawn.push('contributions'));
    drawInTurn(() => drawn.push('benefits'));
    expect(drawn).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(drawn).toEqual(['covers']);
    cancel();
    vi.advanceTimersToNextTimer();
    expect(drawn).toEqual(['covers', 'benefits']);
    expect(vi.getTimerCount()).toBe(0);
    // A draw asked for later starts a new turn.
    drawInTurn(() => drawn.push('pending'));
    vi.runAllTimers();
    expect(drawn).toEqual(['covers', 'benefits', 'pending']);
  });
});
