import { describe, expect, it } from 'vitest';
import {
  BadSnapshotError,
  decodeSnapshot,
  encodeSnapshot,
  encodeSnapshotPieces,
  SnapshotReader,
  type SnapshotLayout,
} from './directory-snapshot.ts';

const layout: SnapshotLayout = {
  format: 'test-snapshot',
  version: 1,
  columns: [
    ['ids', 'text'],
    ['changedAts', 'instant'],
    ['kinds', { dictionary: 'kinds' }],
    ['amounts', 'float64'],
    ['codes', 'int32'],
  ],
  sortFields: ['amount'],
  tables: { names: [['names', 'text']] },
};

const times = { enablerId: 'e', seenUpTo: '2026-11-21T10:00:00.000Z', rebuiltAt: '2026-11-21T09:00:00.000Z' };
const read = (columns: Record<string, unknown[]>) => {
  const decoded = decodeSnapshot(
    layout,
    encodeSnapshot(layout, {
      ...times,
      columns,
      orders: { amount: Int32Array.from([1, 0]) },
      tables: { names: { names: ['Awa', 'line\nbreak', ''] } },
    }),
  );
  const values = (name: string) => Array.from({ length: 2 }, (_, row) => decoded.columns[name]?.at(row));
  return { decoded, values };
};

describe('a snapshot', () => {
  it('gives back each column, order and table, instants and nulls included', () => {
    const columns = {
      ids: ['a', 'b'],
      changedAts: ['2026-03-01T10:00:00.000Z', null],
      kinds: ['DROUGHT', null],
      amounts: [2 ** 40, 0.5],
      codes: [-1, 7],
    };
    const { decoded, values } = read(columns);
    expect(decoded).toMatchObject(times);
    for (const [name, expected] of Object.entries(columns)) expect(values(name), name).toEqual(expected);
    expect(Array.from(decoded.orders.amount ?? [])).toEqual([1, 0]);
    expect([0, 1, 2].map((row) => decoded.tables.names?.names?.at(row))).toEqual(['Awa', 'line\nbreak', '']);
  });

  it('keeps an instant it could not write back the same (no milliseconds) as text', () => {
    const { values } = read({
      ids: ['a', 'b'],
      changedAts: ['2026-03-01T10:00:00Z', null],
      kinds: ['DROUGHT', 'EXCESS_RAIN'],
      amounts: [1, 2],
      codes: [1, 2],
    });
    expect(values('changedAts')).toEqual(['2026-03-01T10:00:00Z', null]);
  });

  it('refuses another layout or a short table', () => {
    const bytes = encodeSnapshot(layout, { ...times, columns: { ids: ['a'] }, orders: {} });
    expect(() => decodeSnapshot({ ...layout, format: 'other' }, bytes)).toThrow(BadSnapshotError);
    expect(() => decodeSnapshot(layout, bytes)).toThrow(BadSnapshotError);
  });
});

describe('a snapshot read as its bytes come', () => {
  const columns = {
    ids: ['a', 'bé', 'c'],
    changedAts: ['2026-03-01T10:00:00.000Z', null, '2026-03-02T10:00:00.000Z'],
    kinds: ['DROUGHT', null, 'DROUGHT'],
    amounts: [1, 2.5, 3],
    codes: [0, 1, 2],
  };
  const bytes = encodeSnapshot(layout, {
    ...times,
    columns,
    orders: { amount: Int32Array.from([2, 0, 1]) },
    tables: { names: { names: ['Awa', 'line\nbreak', ''] } },
  });
  const whole = decodeSnapshot(layout, bytes);
  const valuesOf = (decoded: ReturnType<typeof decodeSnapshot>) => ({
    columns: Object.fromEntries(
      Object.keys(columns).map((name) => [name, [0, 1, 2].map((row) => decoded.columns[name]?.at(row))]),
    ),
    order: Array.from(decoded.orders.amount ?? []),
    names: [0, 1, 2].map((row) => decoded.tables.names?.names?.at(row)),
  });

  it('reads the same snapshot whatever the pieces, down to one byte at a time', () => {
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      const reader = new SnapshotReader(layout);
      for (let start = 0; start < bytes.length; start += size)
        reader.push(bytes.subarray(start, start + size));
      expect(valuesOf(reader.finish()), `pieces of ${size}`).toEqual(valuesOf(whole));
    }
    expect(valuesOf(whole).columns).toEqual(columns);
  });

  it('writes the same bytes in pieces as whole, and refuses bytes that end early', () => {
    const pieces = [
      ...encodeSnapshotPieces(layout, {
        ...times,
        columns,
        orders: { amount: Int32Array.from([2, 0, 1]) },
        tables: { names: { names: ['Awa', 'line\nbreak', ''] } },
      }),
    ];
    expect(pieces.length).toBeGreaterThan(1);
    expect(Buffer.concat(pieces)).toEqual(bytes);
    const reader = new SnapshotReader(layout);
    reader.push(bytes.subarray(0, bytes.length - 1));
    expect(() => reader.finish()).toThrow(BadSnapshotError);
    expect(() => new SnapshotReader(layout).finish()).toThrow(BadSnapshotError);
  });
});
