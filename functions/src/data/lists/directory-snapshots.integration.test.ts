import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSnapshotInto, snapshotRebuiltAt, writeSnapshotBytes } from './directory-snapshots.ts';

describe('a snapshot in the bucket', () => {
  it('is stored in parts when large, with its times, and read back as it was written', async () => {
    const key = `test/${randomUUID()}.snapshot.gz`;
    // Random bytes do not compress: the object passes a part's size and is uploaded in parts.
    const pieces = Array.from({ length: 6 }, () => randomBytes(3 << 20));
    const times = {
      enablerId: 'e',
      seenUpTo: '2026-11-29T10:00:00.000Z',
      rebuiltAt: '2026-11-29T09:00:00.000Z',
    };
    const written = await writeSnapshotBytes(key, pieces, times, { records: '6' });
    expect(written).toBeGreaterThan(16 << 20);
    const read: Buffer[] = [];
    expect(await readSnapshotInto(key, { push: (piece) => read.push(Buffer.from(piece)) })).toBe(true);
    expect(Buffer.concat(read).equals(Buffer.concat(pieces))).toBe(true);
    expect(await snapshotRebuiltAt(key)).toBe(times.rebuiltAt);
    expect(await readSnapshotInto(`test/${randomUUID()}`, { push: () => undefined })).toBe(false);
  });
});
