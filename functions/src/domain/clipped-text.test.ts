import { describe, expect, it } from 'vitest';
import { clippedText } from './clipped-text.ts';

describe('a clipped text', () => {
  it('is the text itself when it fits', () => {
    expect(clippedText('Export written', 14)).toBe('Export written');
  });

  it('ends with an ellipsis within the length when it does not', () => {
    expect(clippedText('Export written', 10)).toBe('Export wr…');
  });

  it('counts characters as JSON Schema does, never splitting one', () => {
    const clipped = clippedText('🌾'.repeat(5), 3);
    expect(clipped).toBe('🌾🌾…');
    expect([...clipped]).toHaveLength(3);
  });
});
