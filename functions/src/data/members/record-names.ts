import { MEMBER_PROFILE, memberPartition, plotSortKey } from './member-keys.ts';
import { getAll } from '../table/table.ts';

/* The current names of the members and plots of a few records (an administrator's record by id). */

export interface MemberName {
  name: string;
  number: string;
}

export interface Names {
  members: Map<string, MemberName>;
  /** Plot names by plot id. */
  plots: Map<string, string>;
}

/**
 * The current names of the members and plots a page shows, read at once (BatchGet, only the name
 * attributes): a renamed member or plot shows its new name. Another enabler's items are left out.
 */
export const namesOf = async (
  enablerId: string,
  records: readonly { memberId: string; plotId?: string }[],
): Promise<Names> => {
  const keys = records.flatMap((record) => [
    { pk: memberPartition(record.memberId), sk: MEMBER_PROFILE },
    ...(record.plotId === undefined
      ? []
      : [{ pk: memberPartition(record.memberId), sk: plotSortKey(record.plotId) }]),
  ]);
  const found = await getAll(keys, {
    ProjectionExpression: 'id, entityType, enablerId, #name, #number',
    ExpressionAttributeNames: { '#name': 'name', '#number': 'number' },
  });
  const names: Names = { members: new Map(), plots: new Map() };
  for (const item of found) {
    if (item.enablerId !== enablerId) continue;
    if (item.entityType === 'MEMBER') {
      names.members.set(item.id as string, { name: item.name as string, number: item.number as string });
    } else if (item.entityType === 'PLOT') {
      names.plots.set(item.id as string, item.name as string);
    }
  }
  return names;
};
