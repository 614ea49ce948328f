import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, keyOf, type CursorScope } from './list-cursor.ts';

const scope: CursorScope = {
  query: 'plots|asc||',
  keyNames: ['gsi1pk', 'gsi1sk', 'pk', 'sk'],
  partition: { name: 'gsi1pk', value: 'ENABLER#e1#PLOT' },
  inRange: (key) => (key.gsi1sk as string) >= '2026-01-01',
};
const item = {
  gsi1pk: 'ENABLER#e1#PLOT',
  gsi1sk: '2026-03-01#p1',
  pk: 'MEMBER#m1',
  sk: 'PLOT#p1',
  name: 'North field',
};
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('list cursors', () => {
  it('give back the page and the key they were made of, and only the index’s key attributes', () => {
    const cursor = encodeCursor(scope, { page: 2, startKey: item });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(scope, cursor)).toEqual({
      page: 2,
      startKey: { gsi1pk: 'ENABLER#e1#PLOT', gsi1sk: '2026-03-01#p1', pk: 'MEMBER#m1', sk: 'PLOT#p1' },
    });
    expect(keyOf(scope, item)).not.toHaveProperty('name');
  });

  it('refuse another list’s, another query’s or another partition’s cursor', () => {
    const cursor = encodeCursor(scope, { page: 3, startKey: item });
    expect(decodeCursor({ ...scope, query: 'plots|desc||' }, cursor)).toBeUndefined();
    expect(decodeCursor({ ...scope, query: 'payouts|asc||' }, cursor)).toBeUndefined();
    expect(
      decodeCursor({ ...scope, partition: { name: 'gsi1pk', value: 'ENABLER#e2#PLOT' } }, cursor),
    ).toBeUndefined();
  });

  it('refuse a key of the right partition outside the query’s range', () => {
    const early = encodeCursor(scope, { page: 2, startKey: { ...item, gsi1sk: '2025-12-31#p1' } });
    expect(decodeCursor(scope, early)).toBeUndefined();
  });

  it('refuse tampered and malformed cursors', () => {
    const valid = { v: 1, q: scope.query, p: 2, k: keyOf(scope, item) };
    expect(decodeCursor(scope, encode(valid))).toBeDefined();
    const refused = [
      'not base64!',
      'a'.repeat(1025),
      encode('text'),
      encode(null),
      encode([1, 2]),
      Buffer.from('{"v":1').toString('base64url'),
      encode({ ...valid, v: 2 }),
      encode({ ...valid, p: 1 }),
      encode({ ...valid, p: 2.5 }),
      encode({ ...valid, p: '2' }),
      encode({ ...valid, p: 10_000_000 }),
      encode({ ...valid, k: undefined }),
      encode({ ...valid, k: { ...valid.k, extra: 'x' } }),
      encode({ ...valid, k: { ...valid.k, sk: 5 } }),
      encode({ ...valid, k: { ...valid.k, sk: '' } }),
      encode({ ...valid, k: { gsi1pk: valid.k.gsi1pk, gsi1sk: valid.k.gsi1sk, pk: valid.k.pk } }),
      encode({ ...valid, k: { ...valid.k, gsi1pk: 'ENABLER#e1#PAYOUT' } }),
    ];
    for (const cursor of refused) expect(decodeCursor(scope, cursor), cursor).toBeUndefined();
  });

  it('hold a long key within the list schemas’ 1024 characters', () => {
    const long = {
      gsi1pk: `ENABLER#${'e'.repeat(64)}#PLOT`,
      gsi1sk: `2026-03-01#${'p'.repeat(64)}`,
      pk: `MEMBER#${'m'.repeat(64)}`,
      sk: `PLOT#${'p'.repeat(64)}`,
    };
    const wide = { ...scope, partition: { name: 'gsi1pk', value: long.gsi1pk } };
    const cursor = encodeCursor(wide, { page: 999_999, startKey: long });
    expect(cursor.length).toBeLessThanOrEqual(1024);
    expect(decodeCursor(wide, cursor)?.page).toBe(999_999);
  });
});
