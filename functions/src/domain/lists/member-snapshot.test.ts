import { describe, expect, it } from 'vitest';
import { memberSortFields } from '@cpbo/schemas/member-list-query.ts';
import { everyOrder, memberSummary as member, today } from '../../testing/member-summaries.ts';
import { MemberIndex } from './member-list.ts';
import { BadSnapshotError } from './directory-snapshot.ts';
import { decodeMemberSnapshot, encodeMemberSnapshot } from './member-snapshot.ts';

const members = [
  member('c', { name: 'Ndèye Fall', federation: 'Thiès', cashoutBalanceCents: 150_075, plotCount: 3 }),
  member('a', { name: 'Awa\nDiop', number: 'N-2', lastPayoutDate: '2026-11-02', village: 'Sandiara' }),
  member('b', { name: '\u0002starts with the escape', contributionTotalCents: 2 ** 40 }),
  member('d', { name: 'Ωmega 中文 😀', federation: 'Kaolack', lastContributionDate: '2026-10-01' }),
  member('e', { name: '', number: '', onboardingDate: '2025-12-31', updatedAt: '2026-03-04T05:06:07.089Z' }),
];

const snapshotOf = (index: MemberIndex) => ({
  enablerId: 'enabler-1',
  seenUpTo: '2026-11-21T10:00:00.000Z',
  rebuiltAt: '2026-11-21T09:00:00.000Z',
  ...index.toData(),
});

const everyQuery = everyOrder({ pageSize: 100 });

describe('member snapshot', () => {
  it('gives back every member, field and order it was given, odd texts included', () => {
    const index = MemberIndex.fromSummaries(members);
    const decoded = decodeMemberSnapshot(encodeMemberSnapshot(snapshotOf(index)));
    expect(decoded).toMatchObject({
      enablerId: 'enabler-1',
      seenUpTo: '2026-11-21T10:00:00.000Z',
      rebuiltAt: '2026-11-21T09:00:00.000Z',
    });
    const loaded = MemberIndex.fromData(decoded);
    for (const summary of members) expect(loaded.get(summary.id)).toEqual(summary);
    for (const query of everyQuery) expect(loaded.list(query, today)).toEqual(index.list(query, today));
    expect(Object.keys(decoded.orders).sort()).toEqual([...memberSortFields].sort());
  });

  it('keeps an empty directory empty', () => {
    const decoded = decodeMemberSnapshot(encodeMemberSnapshot(snapshotOf(new MemberIndex())));
    expect(MemberIndex.fromData(decoded).size).toBe(0);
  });

  it('refuses bytes that are not a whole snapshot', () => {
    const bytes = encodeMemberSnapshot(snapshotOf(MemberIndex.fromSummaries(members)));
    expect(() => decodeMemberSnapshot(Buffer.from('not a snapshot'))).toThrow(BadSnapshotError);
    expect(() => decodeMemberSnapshot(Buffer.from('{"format":"other"}\n'))).toThrow(BadSnapshotError);
    expect(() => decodeMemberSnapshot(bytes.subarray(0, bytes.length - 3))).toThrow(BadSnapshotError);
  });

  it('sorts an order anew when a snapshot carries a wrong one', () => {
    const index = MemberIndex.fromSummaries(members);
    const data = index.toData();
    const broken = { ...data, orders: { ...data.orders, name: Int32Array.from([0, 0, 1, 2, 3]) } };
    const loaded = MemberIndex.fromData(broken);
    for (const query of everyQuery) expect(loaded.list(query, today)).toEqual(index.list(query, today));
  });
});
