import type { ActivityEntry } from '@cpbo/schemas/activity.ts';
import type { AuditEntry, AuditPage } from './audit.ts';
import { MEMBER_PROFILE, memberPartition } from '../members/member-keys.ts';
import { getAll, queryAll, tableName } from '../table/table.ts';

/*
 * The audit trail as people read it: each entry with the names of who made the change, of the member
 * it concerns and of its enabler, as they are now (a member since removed: as its removal left it; an
 * account since deleted: as its entry kept it). Three reads per page whatever its size: the accounts'
 * and the enablers' listings (gsi2, names only) and the page's members (one BatchGetItem per 100).
 */

const namesOf = async (partition: 'USERS' | 'ENABLERS', key: string): Promise<Map<string, string>> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :partition',
    ExpressionAttributeValues: { ':partition': partition },
    ProjectionExpression: `${key}, #name`,
    ExpressionAttributeNames: { '#name': partition === 'USERS' ? 'username' : 'name' },
  });
  return new Map(
    items.map((item) => [item[key] as string, item[partition === 'USERS' ? 'username' : 'name'] as string]),
  );
};

const membersOf = async (entries: AuditEntry[]) => {
  const ids = [...new Set(entries.flatMap((entry) => (entry.memberId === null ? [] : [entry.memberId])))];
  const items = await getAll(
    ids.map((id) => ({ pk: memberPartition(id), sk: MEMBER_PROFILE })),
    {
      ProjectionExpression: 'id, #name, #number',
      ExpressionAttributeNames: { '#name': 'name', '#number': 'number' },
    },
    4,
  );
  return new Map(
    items.map((item) => [item.id as string, { name: item.name as string, number: item.number as string }]),
  );
};

/** What a removed member's own entries kept of it: its name, and its number at its removal. */
const removedMember = (entries: AuditEntry[], memberId: string) => {
  const own = entries.filter((entry) => entry.recordType === 'MEMBER' && entry.recordId === memberId);
  const state = own.map((entry) => entry.before ?? entry.after ?? {}).find((values) => 'number' in values);
  return {
    name: own.find((entry) => entry.label !== null)?.label ?? null,
    number: typeof state?.number === 'string' ? state.number : null,
  };
};

/** A page of the trail, each entry named (see above). */
export const namedPage = async (
  page: AuditPage,
): Promise<{ entries: ActivityEntry[]; next: string | null }> => {
  const [users, enablers, members] = await Promise.all([
    namesOf('USERS', 'email'),
    namesOf('ENABLERS', 'id'),
    membersOf(page.entries),
  ]);
  return {
    next: page.next,
    entries: page.entries.map((entry) => {
      const member =
        entry.memberId === null
          ? null
          : (members.get(entry.memberId) ?? removedMember(page.entries, entry.memberId));
      return {
        ...entry,
        byName: entry.byName ?? users.get(entry.by) ?? null,
        enablerName:
          entry.enablerId === null
            ? null
            : (enablers.get(entry.enablerId) ??
              // An enabler since deleted: as its own entries named it.
              (entry.recordType === 'ENABLER' || entry.recordType === 'CONFIG' ? entry.label : null)),
        memberName: member?.name ?? null,
        memberNumber: member?.number ?? null,
      };
    }),
  };
};
