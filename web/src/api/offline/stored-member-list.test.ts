import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { defaultMemberListQuery, type MemberListQuery } from '@cpbo/schemas/member-list-query.ts';
import { memberDetail, memberRow } from '../../test/member-fixtures.ts';
import { queuedMember } from '../../test/queued-write-fixtures.ts';
import { queryKeys } from '../query-keys.ts';
import { emptyOutbox } from './queued-writes.ts';
import { rowOfMember, storedMemberListPage, storedMemberRows } from './stored-member-list.ts';

const query = (parts: Partial<MemberListQuery> = {}): MemberListQuery => ({
  ...defaultMemberListQuery,
  ...parts,
});
const today = '2025-06-10';

/** A cache holding these reads, each read at its time. */
const cacheWith = (reads: { key: readonly unknown[]; data: unknown; at: number }[]) => {
  const client = new QueryClient();
  for (const { key, data, at } of reads) client.setQueryData(key, data, { updatedAt: at });
  return client;
};

describe('the member list answered on the device', () => {
  it('should join the list pages, the members read and those registered here, the newest read of each', () => {
    const client = cacheWith([
      {
        key: queryKeys.members.list(query()),
        data: {
          members: [memberRow({ id: 'm-1', name: 'Asha Devi' }), memberRow({ id: 'm-2', name: 'Bala' })],
        },
        at: 1_000,
      },
      {
        key: queryKeys.members.detail('m-2'),
        data: memberDetail({ id: 'm-2', name: 'Bala Rao' }),
        at: 2_000,
      },
    ]);
    const record = { ...emptyOutbox(), writes: [queuedMember('local-m', { queuedAt: 3_000 })] };

    const rows = storedMemberRows(client, record);

    expect(rows.map(({ row, readAt }) => [row.id, row.name, readAt])).toEqual([
      ['m-1', 'Asha Devi', 1_000],
      ['m-2', 'Bala Rao', 2_000],
      ['local-m', 'Awa Sy', 3_000],
    ]);
  });

  it('should find, filter and page as the server does, saying when the rows shown were read', () => {
    const stored = [
      { row: memberRow({ id: 'm-1', name: 'Asha Devi', number: 'F-1', plotCount: 0 }), readAt: 5_000 },
      { row: memberRow({ id: 'm-2', name: 'Élodie Sarr', number: 'F-2' }), readAt: 1_000 },
      { row: memberRow({ id: 'm-3', name: 'Elodie Ba', number: 'F-3' }), readAt: 9_000 },
    ];

    const found = storedMemberListPage(stored, query({ search: ' elodie ' }), today);
    expect(found.members.map(({ id }) => id)).toEqual(['m-3', 'm-2']);
    expect(found).toMatchObject({ count: 2, readAt: 1_000, holdsMembers: true });

    const withoutPlots = storedMemberListPage(stored, query({ plots: 'no' }), today);
    expect(withoutPlots.members.map(({ id }) => id)).toEqual(['m-1']);
    expect(withoutPlots.readAt).toBe(5_000);

    const second = storedMemberListPage(stored, query({ page: 2, pageSize: 2 }), today);
    expect(second).toMatchObject({ count: 3, members: [{ id: 'm-2' }] });

    // None shown: the oldest row held.
    expect(storedMemberListPage(stored, query({ search: 'nobody' }), today)).toMatchObject({
      count: 0,
      readAt: 1_000,
    });
    expect(storedMemberListPage([], query(), today)).toMatchObject({
      holdsMembers: false,
      readAt: undefined,
    });
  });

  it('should read a member as its row: pending benefit, plots and its last contribution and payout days', () => {
    const member = memberDetail();
    const row = rowOfMember(member);
    expect(row).toMatchObject({
      id: member.id,
      pendingBenefits: member.cashoutBalance,
      plotCount: member.plots.length,
    });
    expect(row.lastContributionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
