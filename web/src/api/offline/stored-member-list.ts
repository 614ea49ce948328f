import type { QueryClient } from '@tanstack/react-query';
import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { MemberListQuery } from '@cpbo/schemas/member-list-query.ts';
import { memberListPageOf } from '@cpbo/schemas/member-list-rules.ts';
import type { MemberDetail, MemberListPage, MemberRow } from '../members.ts';
import { queryKeys } from '../query-keys.ts';
import { localMember } from './local-records.ts';
import type { OutboxRecord } from './queued-writes.ts';

/** A row the device holds, with when its read was made (ms; the queue's own members: when queued). */
export interface StoredRow {
  row: MemberRow;
  readAt: number;
}

const latest = (days: readonly string[]): IsoDate | null =>
  days.length ? days.reduce((last, day) => (day > last ? day : last)) : null;

/** A member read whole, as a row of the list (its totals as the server counted them). */
export const rowOfMember = (member: MemberDetail): MemberRow => ({
  id: member.id,
  name: member.name,
  village: member.village,
  number: member.number,
  federation: member.federation,
  onboardingDate: member.onboardingDate,
  contributionTotal: member.contributionTotal,
  pendingBenefits: member.cashoutBalance,
  plotCount: member.plots.length,
  // Days in UTC, as the server dates them.
  lastContributionDate: latest(
    member.contributions.map(({ contributionDate }) => contributionDate.slice(0, 10)),
  ),
  lastPayoutDate: latest(member.payouts.map(({ payoutDate }) => payoutDate)),
});

/**
 * Every member the device holds: the rows of each list page read, each member read whole, and the members
 * registered on the device and not sent yet; for a member read more than once, the newest read.
 */
export function storedMemberRows(queryClient: QueryClient, record: OutboxRecord): StoredRow[] {
  const byId = new Map<string, StoredRow>();
  const keep = (row: MemberRow, readAt: number) => {
    const held = byId.get(row.id);
    if (!held || readAt > held.readAt) byId.set(row.id, { row, readAt });
  };
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll({ queryKey: queryKeys.members.lists })) {
    const page = query.state.data as MemberListPage | undefined;
    for (const row of page?.members ?? []) keep(row, query.state.dataUpdatedAt);
  }
  for (const query of cache.findAll({ queryKey: ['members', 'detail'] })) {
    const member = query.state.data as MemberDetail | undefined;
    if (member) keep(rowOfMember(member), query.state.dataUpdatedAt);
  }
  for (const write of record.writes) {
    const member = write.kind === 'member' ? localMember(record, write.id) : undefined;
    if (member) keep(rowOfMember(member), write.queuedAt);
  }
  return [...byId.values()];
}

/** A page of the list answered from the rows the device holds, and when the oldest row shown was read. */
export interface StoredListPage {
  members: MemberRow[];
  count: number;
  /** When the oldest row shown was read (none shown: the oldest held); undefined when it holds none. */
  readAt: number | undefined;
  /** Whether the device holds any member at all (else the search needs the network). */
  holdsMembers: boolean;
}

/** The query answered on the device, by the API's own rules (schemas/member-list-rules.ts). */
export function storedMemberListPage(
  stored: readonly StoredRow[],
  query: MemberListQuery,
  today: IsoDate,
): StoredListPage {
  const readAtById = new Map(stored.map(({ row, readAt }) => [row.id, readAt]));
  const { members, count } = memberListPageOf(
    stored.map(({ row }) => row),
    query,
    today,
  );
  const times = members.length
    ? members.map(({ id }) => readAtById.get(id) ?? 0)
    : stored.map(({ readAt }) => readAt);
  return {
    members,
    count,
    readAt: times.length ? Math.min(...times) : undefined,
    holdsMembers: stored.length > 0,
  };
}
