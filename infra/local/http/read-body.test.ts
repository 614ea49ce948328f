import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, readBody } from './read-body.ts';

const streamOf = (...chunks: string[]) => Readable.from(chunks.map((chunk) => Buffer.from(chunk)));

describe('readBody', () => {
  it('should join the chunks of a body under the limit', async () => {
    expect((await readBody(streamOf('ab', 'cd'), 4)).toString()).toBe('abcd');
  });

  it('should refuse a body that grows over the limit', async () => {
    await expect(readBody(streamOf('ab', 'cde'), 4)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it('should refuse a declared length over the limit before reading', async () => {
    await expect(readBody(streamOf(''), 4, '5')).rejects.toBeInstanceOf(BodyTooLargeError);
  });
});
