import { describe, expect, it } from 'vitest';
import {
  BadSnapshotError,
  decodeSnapshot,
  encodeSnapshot,
  encodeOrderPieces,
  encodeSnapshotPieces,
  orderReader,
  SnapshotReader,
  type SnapshotLayout,
} from './directory-snapshot.ts';

const layout: SnapshotLayout = {
  format: 'test-snapshot',
  version: 1,
  columns: [
    ['ids', 'id'],
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

const twoRows = {
  ids: ['a', 'b'],
  changedAts: [null, null],
  kinds: [null, null],
  amounts: [1, 2],
  codes: [1, 2],
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

  it('keeps an id column of lowercase UUIDs as their bytes, and any other as text', () => {
    const uuids = ['0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', 'ffffffff-0000-4000-8000-000000000001'];
    const sectionOf = (ids: string[]) => {
      const bytes = encodeSnapshot(layout, { ...times, columns: { ...twoRows, ids }, orders: {} });
      const header = JSON.parse(bytes.subarray(0, bytes.indexOf(10)).toString()) as {
        sections: [string, string, number][];
      };
      const [, kind, length] = header.sections[0] as [string, string, number];
      const decoded = decodeSnapshot(layout, bytes);
      return { kind, length, values: [0, 1].map((row) => decoded.columns.ids?.at(row)) };
    };
    expect(sectionOf(uuids)).toEqual({ kind: 'uuid', length: 32, values: uuids });
    // A text column of UUIDs (not ids) stays text.
    const bytes = encodeSnapshot(layout, {
      ...times,
      columns: twoRows,
      orders: {},
      tables: { names: { names: uuids } },
    });
    const { sections } = JSON.parse(bytes.subarray(0, bytes.indexOf(10)).toString()) as {
      sections: [string, string, number][];
    };
    expect(sections.find(([name]) => name === 'names.names')?.[1]).toBe('text');
    const names = decodeSnapshot(layout, bytes);
    expect([0, 1].map((row) => names.tables.names?.names?.at(row))).toEqual(uuids);
    for (const ids of [
      [uuids[0] as string, 'a'],
      [uuids[0] as string, (uuids[1] as string).toUpperCase()],
      [uuids[0] as string, `${uuids[1] as string}0`],
    ])
      expect(sectionOf(ids)).toMatchObject({ kind: 'text', values: ids });
  });

  it('writes whole numbers in four bytes and short codes in one, and reads every value back', () => {
    const shared: SnapshotLayout = {
      format: 'test-snapshot',
      version: 1,
      columns: [
        ['ids', 'text'],
        ['amounts', 'float64'],
        ['many', { dictionary: 'words' }],
        ['few', { dictionary: 'words' }],
      ],
      sortFields: [],
    };
    const rows = 300;
    const sectionsOf = (amounts: number[]) => {
      const columns = {
        ids: Array.from({ length: rows }, (_, row) => `r${row}`),
        amounts: Array.from({ length: rows }, (_, row) => amounts[row % amounts.length] as number),
        // 300 words: the dictionary the next column shares has a word at 255.
        many: Array.from({ length: rows }, (_, row) => `w${row}`),
        few: Array.from({ length: rows }, (_, row) => (row % 3 === 0 ? null : `w${row % 2}`)),
      };
      const bytes = encodeSnapshot(shared, { ...times, columns, orders: {} });
      const { sections } = JSON.parse(bytes.subarray(0, bytes.indexOf(10)).toString()) as {
        sections: [string, string, number][];
      };
      const decoded = decodeSnapshot(shared, bytes);
      for (const [name, values] of Object.entries(columns))
        expect(
          values.map((_, row) => decoded.columns[name]?.at(row)),
          name,
        ).toEqual(values);
      return Object.fromEntries(sections.map(([name, kind]) => [name, kind]));
    };
    expect(sectionsOf([-5, 0, 2 ** 31 - 1, -(2 ** 31)])).toMatchObject({
      amounts: 'int32',
      many: 'int32',
      few: 'uint8',
    });
    for (const amounts of [
      [1, 0.5],
      [1, -0],
      [1, 2 ** 31],
      [1, Number.NaN],
    ])
      expect(sectionsOf(amounts).amounts, String(amounts)).toBe('float64');
  });

  it('refuses a section of bytes for a column its layout does not code', () => {
    const bytes = encodeSnapshot(layout, { ...times, columns: twoRows, orders: {} });
    const uncoded: SnapshotLayout = {
      ...layout,
      columns: layout.columns.map(([column, encoding]) => [column, column === 'kinds' ? 'int32' : encoding]),
    };
    expect(() => decodeSnapshot(layout, bytes)).not.toThrow();
    expect(() => decodeSnapshot(uncoded, bytes)).toThrow(BadSnapshotError);
  });

  it('keeps the orders a layout names apart out of it, under its generation', () => {
    const apart: SnapshotLayout = { ...layout, sortFields: ['amount', 'code'], ordersApart: ['code'] };
    const orders = { amount: Int32Array.from([1, 0]), code: Int32Array.from([0, 1]) };
    const snapshot = { ...times, columns: twoRows, orders };
    expect(Object.keys(decodeSnapshot(apart, encodeSnapshot(apart, snapshot)).orders)).toEqual([
      'amount',
      'code',
    ]);
    const decoded = decodeSnapshot(apart, encodeSnapshot(apart, { ...snapshot, generation: 'g' }));
    expect(Object.keys(decoded.orders)).toEqual(['amount']);
    expect(decoded.ordersApart).toEqual({ generation: 'g', fields: ['code'] });
    const bytes = Buffer.concat([
      ...encodeOrderPieces(apart, { generation: 'g', field: 'code', rows: orders.code }),
    ]);
    const readOrder = (field: string, piece: Buffer) => {
      const reader = orderReader(apart, field);
      for (let at = 0; at < piece.length; at += 3) reader.push(piece.subarray(at, at + 3));
      return reader.finish();
    };
    expect(readOrder('code', bytes)).toEqual({ generation: 'g', field: 'code', rows: orders.code });
    // An order written by an earlier version is read by a layout that reads that version.
    const later: SnapshotLayout = { ...apart, version: 2, reads: [1] };
    const readLater = (piece: Buffer) => {
      const reader = orderReader(later, 'code');
      reader.push(piece);
      return reader.finish();
    };
    expect(readLater(bytes)).toEqual({ generation: 'g', field: 'code', rows: orders.code });
    expect(() =>
      readLater(
        Buffer.concat([
          ...encodeOrderPieces(
            { ...apart, version: 3 },
            { generation: 'g', field: 'code', rows: orders.code },
          ),
        ]),
      ),
    ).toThrow(BadSnapshotError);
    expect(() => readOrder('amount', bytes)).toThrow(BadSnapshotError);
    expect(() => readOrder('code', bytes.subarray(0, bytes.length - 1))).toThrow(BadSnapshotError);
    expect(() => readOrder('code', Buffer.concat([bytes, Buffer.alloc(4)]))).toThrow(BadSnapshotError);
    expect(() => readOrder('code', Buffer.from('null\n'))).toThrow(BadSnapshotError);
  });

  it('reads the versions its layout names as read, and no other', () => {
    const bytes = encodeSnapshot(layout, { ...times, columns: twoRows, orders: {} });
    expect(() => decodeSnapshot({ ...layout, version: 2, reads: [1] }, bytes)).not.toThrow();
    expect(() => decodeSnapshot({ ...layout, version: 2 }, bytes)).toThrow(BadSnapshotError);
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
