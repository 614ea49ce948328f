import { describe, expect, it } from 'vitest';
import { SHOWN_MESSAGE_LENGTH, shortMessage } from './long-message.ts';

describe('shortMessage', () => {
  it('should keep a message of 150 characters or less whole', () => {
    expect(shortMessage('x'.repeat(SHOWN_MESSAGE_LENGTH))).toEqual({ text: 'x'.repeat(150), cut: false });
    expect(shortMessage('')).toEqual({ text: '', cut: false });
  });

  it('should cut a longer message after 150 characters, with an ellipsis', () => {
    expect(shortMessage(`${'a'.repeat(150)}b`)).toEqual({ text: `${'a'.repeat(150)}…`, cut: true });
  });
});
