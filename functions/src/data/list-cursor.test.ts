import { describe, expect, it } from 'vitest';
import {
  cursorPosition,
  decodeCursor,
  encodeCursor,
  keyOf,
  pageAsked,
  pageOf,
  type CursorScope,
} from './list-cursor.ts';

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

  it('give a position only for this list’s cursor and its own page, 400 otherwise', () => {
    const cursor = encodeCursor(scope, { page: 3, startKey: item });
    expect(cursorPosition(scope, {})).toBeUndefined();
    expect(cursorPosition(scope, { page: 1 })).toBeUndefined();
    expect(cursorPosition(scope, { cursor })?.page).toBe(3);
    expect(cursorPosition(scope, { cursor, page: 3 })?.startKey).toEqual(keyOf(scope, item));
    const refused = { code: 'ERR_INVALID_DATA_FORMAT', status: 400 };
    expect(() => cursorPosition(scope, { page: 2 })).toThrow(expect.objectContaining(refused));
    expect(() => cursorPosition(scope, { cursor, page: 2 })).toThrow(expect.objectContaining(refused));
    expect(() => cursorPosition(scope, { cursor, page: 1 })).toThrow(expect.objectContaining(refused));
    expect(() => cursorPosition({ ...scope, query: 'plots|desc||' }, { cursor })).toThrow(
      expect.objectContaining(refused),
    );
    expect(pageAsked(undefined)).toBe(1);
    expect(pageAsked(1)).toBe(1);
    expect(() => pageAsked(2)).toThrow(expect.objectContaining(refused));
  });

  const items = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ ...item, gsi1sk: `2026-03-0${index + 1}#p${index}` }));

  it('make a page of what was read: the item beyond the page only says a next page exists', () => {
    const full = pageOf(scope, undefined, 3, items(4));
    expect(full.items).toEqual(items(3));
    expect(full.page).toBe(1);
    // The next page starts after the page's last item, so the item read beyond it comes first there.
    expect(decodeCursor(scope, full.nextCursor as string)).toEqual({
      page: 2,
      startKey: keyOf(scope, items(3)[2] as Record<string, unknown>),
    });
  });

  it('end with a full last page, no empty page after it', () => {
    const position = decodeCursor(scope, encodeCursor(scope, { page: 4, startKey: item }));
    expect(pageOf(scope, position, 3, items(3))).toEqual({ items: items(3), page: 4, nextCursor: null });
    expect(pageOf(scope, undefined, 3, [])).toEqual({ items: [], page: 1, nextCursor: null });
  });

  it('go on from the last key read when reading stopped before the page was full', () => {
    const lastKey = { ...item, gsi1sk: '2026-04-01#p9' };
    const short = pageOf(scope, undefined, 3, items(1), lastKey);
    expect(short.items).toEqual(items(1));
    expect(decodeCursor(scope, short.nextCursor as string)).toEqual({
      page: 2,
      startKey: keyOf(scope, lastKey),
    });
  });
});
