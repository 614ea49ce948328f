import type { AdminList } from '@cpbo/schemas/admin-list-query.ts';
import type { MemberSummary } from '#domain/lists/member-list.ts';
import type { RecordEntries } from '#domain/lists/record-list.ts';
import { forgetMember, rememberMember } from './member-directory.ts';
import { memberSummaryOf } from '../members/member-items.ts';
import { getMember } from '../members/members.ts';
import { forgetRecord, rememberRecord } from './record-directory.ts';

/*
 * Read-your-writes: what a write changed, told to this instance's lists at once (other instances and
 * the snapshots learn it from the table's stream). Every write of a member, a plot or a money record
 * tells it here, in one shape, so no list is forgotten: a money write moves its member's totals (the
 * member list's pending benefits and contributions), whichever screen made it.
 */

/** A record written (its list's entry of it) or removed, in its list. */
type RecordChange =
  { list: AdminList; entry: RecordEntries[AdminList] } | { list: AdminList; removed: string; at: string };

export interface ListChanges {
  enablerId: string;
  /** A member whose summary the write moved (read again here, or as the write has it), or removed at an instant. */
  member?: { id: string } | { summary: MemberSummary } | { removed: string; at: string };
  record?: RecordChange;
}

export const applyListChanges = async ({ enablerId, member, record }: ListChanges): Promise<void> => {
  if (record && 'entry' in record) rememberRecord(record.list, enablerId, record.entry as never);
  if (record && 'removed' in record) forgetRecord(record.list, enablerId, record.removed, record.at);
  if (member && 'removed' in member) forgetMember(enablerId, member.removed, member.at);
  if (member && 'summary' in member) rememberMember(enablerId, member.summary);
  if (member && 'id' in member) {
    const current = await getMember(member.id);
    if (current) rememberMember(enablerId, memberSummaryOf(current));
  }
};
