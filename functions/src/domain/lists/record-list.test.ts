import { describe, expect, it } from 'vitest';
import {
  adminListSortFields,
  type AdminListFilterValues,
  type AdminListQuery,
} from '@cpbo/schemas/admin-list-query.ts';
import { encodeSnapshot } from './directory-snapshot.ts';
import { changedAt } from '../money-changes.ts';
import {
  nameTablesOf,
  recordColumnsOf,
  RecordIndex,
  type ContributionEntry,
  type NameEntry,
  type RecordListChange,
} from './record-list.ts';
import { seededRandom } from '../../testing/seeded-random.ts';
import {
  decodeRecordSnapshot,
  encodeRecordSnapshot,
  recordOrderPieces,
  recordOrderReader,
  recordOrdersApart,
} from './record-snapshot.ts';

type Change = RecordListChange<'contributions'>;

const query = (
  sort: AdminListQuery<'contributions'>['sort'],
  filters: AdminListFilterValues = {},
): AdminListQuery<'contributions'> => ({ page: 1, pageSize: 1000, sort, filters });

const everySort = (filters: AdminListFilterValues = {}) =>
  adminListSortFields.contributions.flatMap((field) =>
    (['asc', 'desc'] as const).map((direction) => query({ field, direction }, filters)),
  );

describe('the contribution list in memory', () => {
  /** A contribution changed at `updatedAt` (created then, unless told), whose instant is its times' as stored. */
  const contribution = (id: string, fields: Partial<ContributionEntry> = {}): ContributionEntry => {
    const record = {
      id,
      memberId: 'm1',
      plotId: 'p1',
      plotName: 'As written',
      amountCents: 1000,
      protectionType: 'DROUGHT' as const,
      contributionDate: '2026-03-01T10:00:00.000Z',
      createdAt: fields.updatedAt ?? '2026-03-01T10:00:00.000Z',
      createdBy: 'ada@example.org',
      modifiedAt: null,
      modifiedBy: null,
      ...fields,
    };
    return { ...record, updatedAt: changedAt(record) };
  };
  const name = (id: string, fields: Partial<NameEntry> = {}): NameEntry => ({
    id,
    name: `Name ${id}`,
    number: id,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  });

  it('sorts by member name without accents, by number as read, and counts and totals what a filter matches', () => {
    const index = RecordIndex.fromChanges('contributions', [
      { type: 'member', entry: name('m1', { name: 'Élodie', number: 'N-10' }) },
      { type: 'member', entry: name('m2', { name: 'awa', number: 'N-2' }) },
      { type: 'plot', entry: name('p1', { name: 'North', number: '' }) },
      { type: 'record', entry: contribution('a', { amountCents: 500 }) },
      { type: 'record', entry: contribution('b', { memberId: 'm2', plotId: 'p2', amountCents: 250 }) },
      { type: 'record', entry: contribution('c', { amountCents: 125, protectionType: 'EXCESS_RAIN' }) },
    ]);
    const ids = (q: AdminListQuery<'contributions'>) => index.list(q).records.map((record) => record.id);
    expect(ids(query({ field: 'memberName', direction: 'asc' }))).toEqual(['b', 'a', 'c']);
    expect(ids(query({ field: 'memberNumber', direction: 'asc' }))).toEqual(['b', 'a', 'c']);
    expect(ids(query({ field: 'amount', direction: 'desc' }))).toEqual(['a', 'b', 'c']);
    expect(index.list(query({ field: 'amount', direction: 'asc' }, { memberId: 'm1' }))).toMatchObject({
      count: 2,
      totalCents: 625,
    });
    expect(
      index.list(query({ field: 'amount', direction: 'asc' }, { protectionType: 'EXCESS_RAIN' })),
    ).toMatchObject({
      count: 1,
      totalCents: 125,
    });
    // A plot not read yet shows the name the record was written with.
    expect(
      index.list(query({ field: 'plotName', direction: 'asc' }, { memberId: 'm2' })).records[0],
    ).toMatchObject({
      plotName: 'As written',
      memberName: 'awa',
    });
    expect(index.list(query({ field: 'amount', direction: 'asc' }, { memberId: 'elsewhere' }))).toMatchObject(
      {
        records: [],
        count: 0,
        totalCents: 0,
      },
    );
  });

  it('moves a renamed member’s records, and drops a removed member’s', () => {
    const index = RecordIndex.fromChanges('contributions', [
      { type: 'member', entry: name('m1', { name: 'Zoë' }) },
      { type: 'member', entry: name('m2', { name: 'Moussa' }) },
      { type: 'record', entry: contribution('a') },
      { type: 'record', entry: contribution('b', { memberId: 'm2' }) },
    ]);
    const byName = () =>
      index.list(query({ field: 'memberName', direction: 'asc' })).records.map((record) => record.memberName);
    expect(byName()).toEqual(['Moussa', 'Zoë']);
    // The same name read again changes nothing, whatever its time.
    expect(
      index.apply({
        type: 'member',
        entry: name('m1', { name: 'Zoë', updatedAt: '2026-05-01T00:00:00.000Z' }),
      }),
    ).toBe(false);
    index.apply({
      type: 'member',
      entry: name('m1', { name: 'Aminata', updatedAt: '2026-06-01T00:00:00.000Z' }),
    });
    expect(byName()).toEqual(['Aminata', 'Moussa']);
    expect(index.apply({ type: 'memberRemoved', id: 'm2', removedAt: '2026-07-01T00:00:00.000Z' })).toBe(
      true,
    );
    expect(byName()).toEqual(['Aminata']);
    // A record of the removed member read again does not come back.
    expect(index.apply({ type: 'record', entry: contribution('b', { memberId: 'm2' }) })).toBe(false);
  });

  it('builds from a full read in pieces, in any order, the same list as the changes applied one by one', () => {
    const random = seededRandom(5);
    const names: Change[] = [
      { type: 'member', entry: name('m1', { name: 'Zoë', number: 'N-10' }) },
      { type: 'member', entry: name('m2', { name: 'awa', number: 'N-2' }) },
      { type: 'member', entry: name('m3', { name: 'Gone' }) },
      { type: 'memberRemoved', id: 'm3', removedAt: '2026-04-01T00:00:00.000Z' },
      { type: 'plot', entry: name('p1', { name: 'North', number: '' }) },
    ];
    const records: Change[] = [];
    for (let i = 0; i < 300; i += 1) {
      const id = `r${Math.floor(random.next() * 120)}`;
      const day = 1 + Math.floor(random.next() * 27);
      // Each copy at an instant of its own (two copies of one instant settle on the table's, not on an order).
      const at = `2026-03-${String(day).padStart(2, '0')}T10:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`;
      records.push({
        type: 'record',
        entry: contribution(id, {
          memberId: random.pick(['m1', 'm2', 'm3']),
          plotId: random.pick(['p1', 'p2']),
          amountCents: Math.floor(random.next() * 50) * 100,
          protectionType: random.pick(['DROUGHT', 'EXCESS_RAIN'] as const),
          contributionDate: random.pick([at, '2026-02-01T08:00:00.000Z']),
          modifiedAt: random.next() < 0.3 ? at : null,
          modifiedBy: random.next() < 0.3 ? 'bob@example.org' : null,
          updatedAt: at,
        }),
      });
    }
    // Removals, one of them older than the record's last change (which stays).
    records.push({ type: 'removed', id: 'r1', removedAt: '2026-03-30T00:00:00.000Z' });
    records.push({ type: 'removed', id: 'r2', removedAt: '2026-01-01T00:00:00.000Z' });
    const oneByOne = RecordIndex.fromChanges('contributions', names);
    for (const change of records) oneByOne.apply(change);

    const builder = RecordIndex.builder('contributions');
    builder.names(names);
    const shuffled = [...records].sort(() => random.next() - 0.5);
    for (let start = 0; start < shuffled.length; start += 37) builder.add(shuffled.slice(start, start + 37));
    const built = builder.build();

    expect(built.size).toBe(oneByOne.size);
    for (const q of [...everySort(), ...everySort({ memberId: 'm2' }), ...everySort({ from: '2026-03-10' })])
      expect(built.list(q), JSON.stringify(q)).toEqual(oneByOne.list(q));
  });

  it('builds a list of more rows than one chunk of its columns holds', () => {
    const count = 70_000;
    const builder = RecordIndex.builder('contributions');
    builder.names([{ type: 'member', entry: name('m1') }]);
    const amountOf = (i: number) => (i * 7919) % 100_000;
    for (let first = 0; first < count; first += 5000)
      builder.add(
        Array.from({ length: 5000 }, (_, offset): Change => {
          const i = first + offset;
          return {
            type: 'record',
            entry: contribution(`r${String(i).padStart(6, '0')}`, {
              amountCents: amountOf(i),
              updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
            }),
          };
        }),
      );
    const index = builder.build();
    const expected = Array.from({ length: count }, (_, i) => i).sort(
      (a, b) => amountOf(b) - amountOf(a) || b - a,
    );
    const page = index.list({
      page: 3,
      pageSize: 5,
      sort: { field: 'amount', direction: 'desc' },
      filters: {},
    });
    expect(page.count).toBe(count);
    expect(page.totalCents).toBe(expected.reduce((total, i) => total + amountOf(i), 0));
    expect(page.records.map((record) => [record.id, record.amountCents, record.updatedAt])).toEqual(
      expected
        .slice(10, 15)
        .map((i) => [
          `r${String(i).padStart(6, '0')}`,
          amountOf(i),
          new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        ]),
    );
  });

  it('keeps instants that are not exact as they were written, and sorts them as text', () => {
    const index = RecordIndex.fromChanges('contributions', [
      { type: 'record', entry: contribution('a', { contributionDate: '2026-03-02T10:00:00.000Z' }) },
      { type: 'record', entry: contribution('b', { contributionDate: '2026-03-01T10:00:00Z' }) },
      { type: 'record', entry: contribution('c', { contributionDate: '2026-03-01T10:00:00.000Z' }) },
    ]);
    const listed = index.list(query({ field: 'contributionDate', direction: 'asc' })).records;
    expect(listed.map((record) => [record.id, record.contributionDate])).toEqual([
      ['c', '2026-03-01T10:00:00.000Z'],
      ['b', '2026-03-01T10:00:00Z'],
      ['a', '2026-03-02T10:00:00.000Z'],
    ]);
  });

  it('holds ids as UUID bytes until one is not, and finds and orders them the same either way', () => {
    const ids = [
      'ffffffff-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
      'legacy-7',
      '0a000000-0000-4000-8000-000000000003',
    ];
    for (const given of [ids.slice(0, 2), ids]) {
      const index = RecordIndex.fromChanges('contributions', [
        { type: 'member', entry: name('m1') },
        { type: 'plot', entry: name('p1', { number: '' }) },
        ...given.map((id): Change => ({ type: 'record', entry: contribution(id) })),
      ]);
      expect(given.map((id) => index.get(id)?.id)).toEqual(given);
      // One date: the order falls back on the ids.
      const listed = index.list(query({ field: 'contributionDate', direction: 'asc' })).records;
      expect(listed.map((record) => record.id)).toEqual([...given].sort());
    }
  });

  describe('under changes', () => {
    const random = seededRandom(11);
    const names = ['Awa Diop', 'awa diop', 'Élodie Sarr', 'Moussa Ba', 'Ndèye Fall', 'Zoë', 'line\nbreak'];
    const numbers = ['1', '2', '10', 'N-7', 'n-7', 'N-10'];
    const plotNames = ['North', 'south', 'Éole', 'Zone 2', 'zone 10'];
    const days = ['2026-01-05', '2026-02-10', '2026-02-11', '2026-03-01', '2026-06-30'];
    let clock = Date.UTC(2026, 0, 1);
    const instant = () => new Date((clock += 1000)).toISOString();

    const memberIds = Array.from({ length: 8 }, (_, i) => `m${i}`);
    const plotIds = Array.from({ length: 12 }, (_, i) => `p${i}`);
    // UUIDs, as the product makes them: a snapshot keeps them as bytes.
    const recordIds = Array.from(
      { length: 150 },
      (_, i) => `0000c000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const plotOwner = (plotId: string) => memberIds[Number(plotId.slice(1)) % memberIds.length] as string;

    /** What the table holds. */
    const members = new Map<string, NameEntry>();
    const plots = new Map<string, NameEntry>();
    const records = new Map<string, ContributionEntry>();
    const removedMembers = new Map<string, string>();
    const index = new RecordIndex('contributions');

    const apply = (change: Change) => index.apply(change);
    const randomRecord = (id: string): ContributionEntry | undefined => {
      const plotId = random.pick(plotIds);
      const memberId = plotOwner(plotId);
      if (removedMembers.has(memberId)) return undefined;
      const at = instant();
      return contribution(id, {
        memberId,
        plotId,
        plotName: random.pick(plotNames),
        amountCents: random.pick([100, 250, 999, 1000, 50_000]),
        protectionType: random.pick(['DROUGHT', 'EXCESS_RAIN'] as const),
        contributionDate: `${random.pick(days)}T${random.pick(['08', '10'])}:00:00.000Z`,
        createdBy: random.pick(['ada@example.org', 'bob@example.org']),
        updatedAt: at,
        // Some were modified since they were made: their change instant is the modification's.
        ...(random.next() < 0.3
          ? { createdAt: '2026-01-15T09:00:00.000Z', modifiedAt: at, modifiedBy: 'bob@example.org' }
          : {}),
      });
    };

    const change = () => {
      const roll = random.next();
      if (roll < 0.1) {
        const memberId = random.pick(memberIds);
        if (removedMembers.has(memberId)) return;
        const entry = name(memberId, {
          name: random.pick(names),
          number: random.pick(numbers),
          updatedAt: instant(),
        });
        members.set(memberId, entry);
        apply({ type: 'member', entry });
      } else if (roll < 0.18) {
        const plotId = random.pick(plotIds);
        const entry = name(plotId, { name: random.pick(plotNames), number: '', updatedAt: instant() });
        plots.set(plotId, entry);
        apply({ type: 'plot', entry });
      } else if (roll < 0.183) {
        // Rare: a removed member stays removed, and the lists must keep rows to compare.
        const memberId = random.pick(memberIds);
        const removedAt = instant();
        removedMembers.set(memberId, removedAt);
        members.delete(memberId);
        for (const [id, record] of records) if (record.memberId === memberId) records.delete(id);
        apply({ type: 'memberRemoved', id: memberId, removedAt });
      } else if (roll < 0.32) {
        const id = random.pick(recordIds);
        const removedAt = instant();
        records.delete(id);
        apply({ type: 'removed', id, removedAt });
      } else if (roll < 0.4) {
        // A stale copy (the catch-up's overlap): it must change nothing.
        const id = random.pick(recordIds);
        const held = records.get(id);
        if (held)
          expect(
            apply({
              type: 'record',
              entry: { ...held, amountCents: 1, updatedAt: '2025-01-01T00:00:00.000Z' },
            }),
          ).toBe(false);
      } else {
        const id = random.pick(recordIds);
        const entry = randomRecord(id);
        if (!entry) return;
        records.set(id, entry);
        apply({ type: 'record', entry });
      }
    };

    const fresh = () =>
      RecordIndex.fromChanges('contributions', [
        ...[...members.values()].map((entry): Change => ({ type: 'member', entry })),
        ...[...plots.values()].map((entry): Change => ({ type: 'plot', entry })),
        ...[...removedMembers].map(([id, removedAt]): Change => ({ type: 'memberRemoved', id, removedAt })),
        ...[...records.values()].map((entry): Change => ({ type: 'record', entry })),
      ]);

    const queries = () => [
      ...everySort(),
      ...everySort({ memberId: random.pick(memberIds) }),
      ...everySort({ plotId: random.pick(plotIds), from: '2026-02-10' }),
      ...everySort({ from: '2026-02-10', to: '2026-03-01', protectionType: 'EXCESS_RAIN' }),
    ];

    const expectSameAsFreshLoad = (actual: RecordIndex<'contributions'>) => {
      const expected = fresh();
      expect(actual.size).toBe(records.size);
      for (const q of queries()) {
        const { records: listed, ...counts } = actual.list(q);
        const { records: wanted, ...expectedCounts } = expected.list(q);
        expect(counts, JSON.stringify(q)).toEqual(expectedCounts);
        expect(listed, JSON.stringify(q)).toEqual(wanted);
      }
    };

    it('lists what a fresh load of the same records and names lists, after single changes and bursts', () => {
      // Every member and plot is named from the start (a record written before its plot is read shows
      // the name it was written with, which a fresh load may take from another record).
      for (const id of memberIds) {
        members.set(id, name(id, { name: random.pick(names), number: random.pick(numbers) }));
        apply({ type: 'member', entry: members.get(id) as NameEntry });
      }
      for (const id of plotIds) {
        plots.set(id, name(id, { name: random.pick(plotNames), number: '' }));
        apply({ type: 'plot', entry: plots.get(id) as NameEntry });
      }
      for (let round = 0; round < 40; round += 1) {
        const burst =
          round % 3 === 0 ? 40 + Math.floor(random.next() * 80) : 1 + Math.floor(random.next() * 4);
        for (let i = 0; i < burst; i += 1) change();
        expectSameAsFreshLoad(index);
      }
      // Compared on a list that still has rows, not one every removal emptied.
      expect(records.size).toBeGreaterThan(40);
    });

    it('keeps its answers through a snapshot round trip, its orders apart taken before and after changes', () => {
      for (let i = 0; i < 400; i += 1) change();
      expect(records.size).toBeGreaterThan(40);
      const times = {
        enablerId: 'e',
        seenUpTo: '2026-11-21T10:00:00.000Z',
        rebuiltAt: '2026-11-21T09:00:00.000Z',
      };
      const generation = 'g1';
      const data = index.toListData();
      const decoded = decodeRecordSnapshot(
        'contributions',
        encodeRecordSnapshot('contributions', { ...times, generation, ...data }),
      );
      const [first, ...apart] = adminListSortFields.contributions;
      expect(recordOrdersApart('contributions')).toEqual(apart);
      expect(decoded).toMatchObject({ ...times, ordersApart: { generation, fields: apart } });
      expect(Object.keys(decoded.orders)).toEqual([first]);
      const copy = RecordIndex.fromData('contributions', decoded);
      const numbering = copy.numbering;
      const orderApart = (field: string) => {
        const reader = recordOrderReader('contributions', field);
        const rows = data.orders[field] as Int32Array;
        for (const piece of recordOrderPieces('contributions', { generation, field, rows }))
          reader.push(piece);
        return reader.finish();
      };
      const [early, ...late] = apart;
      expect(copy.adoptOrder(early, orderApart(early).rows, numbering)).toBe(true);
      expect(copy.adoptOrder(late[0], orderApart(late[0] as string).rows, numbering + 1)).toBe(false);
      const notAnOrder = Int32Array.from({ length: copy.size + 1 }, (_, row) => row);
      expect(copy.adoptOrder(late[0], notAnOrder, numbering)).toBe(false);
      for (let i = 0; i < 30; i += 1) {
        const entry = randomRecord(random.pick(recordIds));
        if (!entry) continue;
        records.set(entry.id, entry);
        copy.apply({ type: 'record', entry });
      }
      const removed = random.pick([...records.keys()]);
      records.delete(removed);
      copy.apply({ type: 'removed', id: removed, removedAt: instant() });
      const entry = name(memberIds[0] as string, { name: 'Renamed after', updatedAt: instant() });
      if (!removedMembers.has(entry.id)) {
        members.set(entry.id, entry);
        copy.apply({ type: 'member', entry });
      }
      for (const field of late) expect(copy.adoptOrder(field, orderApart(field).rows, numbering)).toBe(true);
      // Every order is the snapshot's, brought up to date: none was sorted anew.
      for (const field of adminListSortFields.contributions) expect(copy.hasOrder(field)).toBe(true);
      expectSameAsFreshLoad(copy);

      // A list as loaded, unchanged, writes its orders as they are (its rows keep their numbers).
      const snapshotOf = (data: ReturnType<typeof copy.toListData>) =>
        RecordIndex.fromData(
          'contributions',
          decodeRecordSnapshot(
            'contributions',
            encodeRecordSnapshot('contributions', { ...times, generation, ...data }),
          ),
        );
      const loaded = snapshotOf(copy.toListData());
      const unchanged = loaded.toListData();
      const again = snapshotOf(unchanged);
      for (const field of apart)
        expect(again.adoptOrder(field, unchanged.orders[field] as Int32Array, again.numbering)).toBe(true);
      expectSameAsFreshLoad(again);
    });

    it('reads a snapshot of version 2, which stored the change instants', () => {
      for (let i = 0; i < 400; i += 1) change();
      const previous = {
        format: 'cpbo-contributions-snapshot',
        version: 2,
        columns: recordColumnsOf('contributions'),
        sortFields: adminListSortFields.contributions,
        tables: nameTablesOf('contributions'),
      };
      const times = {
        enablerId: 'e',
        seenUpTo: '2026-11-21T10:00:00.000Z',
        rebuiltAt: '2026-11-21T09:00:00.000Z',
      };
      const decoded = decodeRecordSnapshot(
        'contributions',
        encodeSnapshot(previous, { ...times, ...index.toListData() }),
      );
      expect(decoded.columns.updatedAts).toBeDefined();
      // Against the list it was written from (the test before changed only its copy of the table).
      const copy = RecordIndex.fromData('contributions', decoded);
      expect(copy.size).toBe(index.size);
      for (const q of queries()) expect(copy.list(q), JSON.stringify(q)).toEqual(index.list(q));
    });
  });
});
