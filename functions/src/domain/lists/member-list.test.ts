import { describe, expect, it } from 'vitest';
import type { MemberListQuery } from '@cpbo/schemas/member-list-query.ts';
import {
  everyOrder,
  listQuery as query,
  memberSummary as member,
  today,
} from '../../testing/member-summaries.ts';
import { seededRandom } from '../../testing/seeded-random.ts';
import { memberListPageOf } from '@cpbo/schemas/member-list-rules.ts';
import { foldText } from '@cpbo/schemas/text.ts';
import { MemberIndex, type MemberSummary } from './member-list.ts';

const indexOf = (...members: MemberSummary[]) => {
  const index = new MemberIndex();
  for (const m of members) index.upsert(m);
  return index;
};

const ids = (index: MemberIndex, q: Partial<MemberListQuery>) =>
  index.list(query(q), today).members.map((m) => m.id);

describe('member list', () => {
  const members = [
    member('a', {
      name: 'Élodie Sarr',
      federation: 'Kaolack',
      number: '10',
      cashoutBalanceCents: 500,
      onboardingDate: '2026-03-01',
    }),
    member('b', {
      name: 'awa Diop',
      federation: 'Thiès',
      number: '2',
      cashoutBalanceCents: 1500,
      onboardingDate: '2026-01-15',
    }),
    member('c', {
      name: 'Moussa Ba',
      federation: null,
      number: '1',
      cashoutBalanceCents: 0,
      onboardingDate: '2026-02-01',
    }),
  ];
  const index = indexOf(...members);

  it('sorts by name without case or accents', () => {
    expect(ids(index, { sort: { field: 'name', direction: 'asc' } })).toEqual(['b', 'a', 'c']);
    expect(ids(index, { sort: { field: 'name', direction: 'desc' } })).toEqual(['c', 'a', 'b']);
  });

  it('sorts numbers naturally, pending benefits by amount, onboarding by date and federations with none last', () => {
    expect(ids(index, { sort: { field: 'number', direction: 'asc' } })).toEqual(['c', 'b', 'a']);
    expect(ids(index, { sort: { field: 'pendingBenefits', direction: 'desc' } })).toEqual(['b', 'a', 'c']);
    expect(ids(index, { sort: { field: 'onboardingDate', direction: 'asc' } })).toEqual(['b', 'c', 'a']);
    expect(ids(index, { sort: { field: 'federation', direction: 'asc' } })).toEqual(['a', 'b', 'c']);
  });

  it('searches name, number and federation, trimmed, without case or accents', () => {
    expect(ids(index, { search: '  elodie ' })).toEqual(['a']);
    expect(ids(index, { search: 'THIES' })).toEqual(['b']);
    expect(ids(index, { search: '1' })).toEqual(['a', 'c']);
    expect(ids(index, { search: 'village' })).toEqual([]);
    expect(ids(index, { search: '   ' })).toHaveLength(3);
  });

  it('filters on benefits received in a period', () => {
    const withPayouts = indexOf(
      member('now', { lastPayoutDate: '2026-11-02' }),
      member('lastMonth', { lastPayoutDate: '2026-10-25' }),
      member('lastYear', { lastPayoutDate: '2026-01-10' }),
      member('old', { lastPayoutDate: '2024-05-01' }),
      member('never'),
    );
    expect(ids(withPayouts, { benefits: 'current_month' })).toEqual(['now']);
    expect(ids(withPayouts, { benefits: '1_month' }).sort()).toEqual(['lastMonth', 'now']);
    expect(ids(withPayouts, { benefits: '12_months' }).sort()).toEqual(['lastMonth', 'lastYear', 'now']);
  });

  it('filters on members without contributions for a period', () => {
    const withContributions = indexOf(
      member('recent', { lastContributionDate: '2026-11-01' }),
      member('sixWeeks', { lastContributionDate: '2026-10-05' }),
      member('fiveMonths', { lastContributionDate: '2026-06-15' }),
      member('never'),
    );
    expect(ids(withContributions, { contributions: 'not_1_month' }).sort()).toEqual([
      'fiveMonths',
      'never',
      'sixWeeks',
    ]);
    expect(ids(withContributions, { contributions: 'not_2_months' }).sort()).toEqual(['fiveMonths', 'never']);
    expect(ids(withContributions, { contributions: 'not_4_months' }).sort()).toEqual(['fiveMonths', 'never']);
    expect(ids(withContributions, { contributions: 'not_12_months' })).toEqual(['never']);
  });

  it('filters on the number of plots', () => {
    const byPlots = indexOf(
      member('none', { plotCount: 0 }),
      member('one', { plotCount: 1 }),
      member('two', { plotCount: 2 }),
    );
    expect(ids(byPlots, { plots: 'no' })).toEqual(['none']);
    expect(ids(byPlots, { plots: 'one' })).toEqual(['one']);
    expect(ids(byPlots, { plots: 'many' })).toEqual(['two']);
  });

  it('pages without overlap and counts every match', () => {
    const many = indexOf(
      ...Array.from({ length: 25 }, (_, i) => member(String(i).padStart(2, '0'), { name: 'Same name' })),
    );
    const pages = [1, 2, 3].map((page) => many.list(query({ page, pageSize: 10 }), today));
    expect(pages.map((p) => p.members.length)).toEqual([10, 10, 5]);
    expect(new Set(pages.flatMap((p) => p.members.map((m) => m.id))).size).toBe(25);
    expect(pages[0]?.count).toBe(25);
  });

  it('keeps the newest copy of a member and re-sorts after a change', () => {
    const changing = indexOf(
      member('x', { name: 'Zed', updatedAt: '2026-01-02T00:00:00Z' }),
      member('y', { name: 'Yan' }),
    );
    expect(changing.upsert(member('x', { name: 'Old', updatedAt: '2026-01-01T00:00:00Z' }))).toBe(false);
    expect(changing.get('x')?.name).toBe('Zed');
    // The catch-up's overlap reads the same copy again: nothing changes.
    expect(changing.upsert(member('x', { name: 'Zed', updatedAt: '2026-01-02T00:00:00Z' }))).toBe(false);
    // Two writes in one millisecond: the copy read later (the table's) wins.
    expect(changing.upsert(member('x', { name: 'Zed Ba', updatedAt: '2026-01-02T00:00:00Z' }))).toBe(true);
    expect(changing.get('x')?.name).toBe('Zed Ba');
    changing.upsert(member('x', { name: 'Abel', updatedAt: '2026-01-03T00:00:00Z' }));
    expect(ids(changing, {})).toEqual(['x', 'y']);
    changing.remove('x', '2026-01-04T00:00:00Z');
    expect(ids(changing, {})).toEqual(['y']);
  });
});

describe('member index under changes', () => {
  const random = seededRandom(7);
  const names = ['Awa Diop', 'awa diop', 'Élodie Sarr', 'Moussa Ba', 'Ndèye Fall', 'Zoë', 'line\nbreak'];
  const federations = ['Kaolack', 'Thiès', 'thies', null];
  const dates = ['2025-10-01', '2026-06-15', '2026-10-25', '2026-11-02', null];
  let clock = Date.UTC(2026, 0, 1);
  const instant = (step = 1) => new Date((clock += step)).toISOString();
  const randomMember = (id: string, updatedAt: string): MemberSummary =>
    member(id, {
      name: random.pick(names),
      number: random.pick(['1', '2', '10', 'N-7', 'n-7']),
      federation: random.pick(federations),
      cashoutBalanceCents: random.pick([0, 500, 1500]),
      onboardingDate: random.pick(['2026-01-01', '2026-03-01']),
      plotCount: random.pick([0, 1, 2]),
      lastContributionDate: random.pick(dates),
      lastPayoutDate: random.pick(dates),
      updatedAt,
    });

  const queries: Partial<MemberListQuery>[] = everyOrder({ pageSize: 1000 }).map((order) => ({
    ...order,
    search: random.pick(['', 'awa', 'thies', '7']),
    benefits: random.pick(['all', '1_month'] as const),
    plots: random.pick(['all', 'many'] as const),
  }));

  /** What the table holds: the newest copy of each member, less the removed ones. */
  const model = new Map<string, MemberSummary>();
  const index = new MemberIndex();
  const ids = Array.from({ length: 120 }, (_, i) => `m${String(i).padStart(3, '0')}`);

  const change = () => {
    const id = random.pick(ids);
    const roll = random.next();
    if (roll < 0.15) {
      const removedAt = instant();
      index.remove(id, removedAt);
      model.delete(id);
    } else if (roll < 0.25 && model.has(id)) {
      // A stale copy (the catch-up's overlap, or a slow reader): it must change nothing.
      index.upsert({ ...randomMember(id, '2025-01-01T00:00:00.000Z') });
    } else {
      const summary = randomMember(id, instant());
      index.upsert(summary);
      model.set(id, summary);
    }
  };

  const expectSameAsFreshLoad = (actual: MemberIndex) => {
    const fresh = MemberIndex.fromSummaries([...model.values()]);
    expect(actual.size).toBe(model.size);
    for (const q of queries) expect(actual.list(query(q), today)).toEqual(fresh.list(query(q), today));
  };

  it('lists what a fresh load of the same members lists, after single changes and bursts', () => {
    for (let round = 0; round < 60; round += 1) {
      const burst = round % 3 === 0 ? 40 + Math.floor(random.next() * 80) : 1 + Math.floor(random.next() * 4);
      for (let i = 0; i < burst; i += 1) change();
      expectSameAsFreshLoad(index);
    }
  });

  it('keeps its answers through compaction and a snapshot round trip', () => {
    for (let i = 0; i < 3000; i += 1) change();
    expectSameAsFreshLoad(index);
    const copy = MemberIndex.fromData(index.toData());
    expectSameAsFreshLoad(copy);
    for (let i = 0; i < 50; i += 1) {
      const summary = randomMember(random.pick(ids), instant());
      copy.upsert(summary);
      index.upsert(summary);
      model.set(summary.id, summary);
    }
    expectSameAsFreshLoad(copy);
  });

  it('sorts a fresh load by folded name, then id', () => {
    const fresh = MemberIndex.fromSummaries([...model.values()]);
    const listed = fresh.list(query({ pageSize: 1000 }), today).members;
    const expected = [...model.values()].sort(
      (a, b) => foldText(a.name).localeCompare(foldText(b.name), 'en') || (a.id < b.id ? -1 : 1),
    );
    expect(listed.map((m) => foldText(m.name))).toEqual(expected.map((m) => foldText(m.name)));
  });

  it('does not bring a removed member back from an older copy, but takes a newer one', () => {
    const removing = indexOf(member('r', { updatedAt: '2026-02-01T00:00:00.000Z' }));
    expect(removing.remove('r', '2026-02-02T00:00:00.000Z')).toBe(true);
    expect(removing.upsert(member('r', { updatedAt: '2026-02-01T00:00:00.000Z' }))).toBe(false);
    expect(removing.size).toBe(0);
    expect(removing.get('r')).toBeUndefined();
    expect(removing.upsert(member('r', { updatedAt: '2026-02-03T00:00:00.000Z' }))).toBe(true);
    expect(removing.size).toBe(1);
  });
});

describe("a device's list of the rows it kept (schemas/member-list-rules.ts)", () => {
  const random = seededRandom(38);
  const members = Array.from({ length: 150 }, (_, i) =>
    member(`m${String(i).padStart(3, '0')}`, {
      name: random.pick(['Awa Diop', 'awa diop', 'Élodie Sarr', 'Moussa Ba', 'Ndèye Fall', 'Zoë']),
      number: random.pick(['1', '2', '10', 'N-7', 'n-7', 'N-10']),
      federation: random.pick(['Kaolack', 'Thiès', 'thies', null]),
      cashoutBalanceCents: random.pick([0, 500, 1500]),
      onboardingDate: random.pick(['2026-01-01', '2026-03-01']),
      plotCount: random.pick([0, 1, 2, 3]),
      lastContributionDate: random.pick(['2025-10-01', '2026-08-15', '2026-10-25', '2026-11-02', null]),
      lastPayoutDate: random.pick(['2025-10-01', '2026-06-15', '2026-10-25', '2026-11-02', null]),
    }),
  );
  const index = MemberIndex.fromSummaries(members);
  const rows = members.map((summary) => ({ ...summary, pendingBenefits: summary.cashoutBalanceCents }));

  it("answers every order, search, filter and page as the API's list does", () => {
    for (const order of everyOrder()) {
      for (const search of ['', 'awa', 'THIES', '7', 'élodie', 'nobody']) {
        for (const [benefits, contributions, plots] of [
          ['all', 'all', 'all'],
          ['current_month', 'not_2_months', 'many'],
          ['12_months', 'not_1_month', 'no'],
          ['1_month', 'not_12_months', 'one'],
        ] as const) {
          for (const [page, pageSize] of [
            [1, 10],
            [2, 10],
            [1, 100],
          ]) {
            const q = query({ ...order, search, benefits, contributions, plots, page, pageSize });
            const api = index.list(q, today);
            const device = memberListPageOf(rows, q, today);
            expect(device.count).toBe(api.count);
            expect(device.members.map(({ id }) => id)).toEqual(api.members.map(({ id }) => id));
          }
        }
      }
    }
  });
});
