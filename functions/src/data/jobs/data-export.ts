import type { ObjectWriter } from '#platform/s3.ts';
import { exportedEnablerOf, exportedMemberOf } from './data-files.ts';
import type { ExportKind } from './data-jobs.ts';
import { getEnabler, listConfigs, listEnablers, type Enabler } from '../enablers/enablers.ts';
import { memberPartition, membersOfEnabler } from '../members/member-keys.ts';
import { queryAll, tableName } from '../table/table.ts';

/** Members read at once: their partitions are read in parallel, then written in order. */
const MEMBERS_IN_FLIGHT = 32;

/** The enablers of an export: the administrator's current one for members.json, all of them otherwise. */
const enablersOf = async (kind: ExportKind, enablerId: string): Promise<Enabler[]> => {
  if (kind === 'members') {
    const enabler = await getEnabler(enablerId);
    return enabler ? [enabler] : [];
  }
  return (await listEnablers()).sort((a, b) => a.id.localeCompare(b.id));
};

/** The ids of an enabler's members, sorted: the file's order does not depend on when members changed. */
const memberIdsOf = async (enablerId: string): Promise<string[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :members',
      FilterExpression: 'entityType = :member',
      ProjectionExpression: 'id',
      ExpressionAttributeValues: { ':members': membersOfEnabler(enablerId), ':member': 'MEMBER' },
    })
  )
    .map((item) => item.id as string)
    .sort();

const memberItems = (memberId: string) =>
  queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': memberPartition(memberId) },
  });

export interface ExportProgress {
  (done: number, total: number): Promise<void>;
}

/**
 * Writes members.json, enablers.json or all.json to `out`, one member per line: memory holds one
 * window of members and their ids, never the file. enablers.json has the enablers and their configs
 * without members. Answers the number of members written.
 */
export const writeExport = async (
  kind: ExportKind,
  enablerId: string,
  out: ObjectWriter,
  progress: ExportProgress,
): Promise<number> => {
  const enablers = await enablersOf(kind, enablerId);
  const withMembers = kind !== 'enablers';
  const total = withMembers ? enablers.reduce((sum, enabler) => sum + enabler.memberCount, 0) : 0;
  let done = 0;
  await progress(done, total);
  await out.write('[');
  for (const [position, enabler] of enablers.entries()) {
    const head = JSON.stringify({
      ...exportedEnablerOf(enabler, await listConfigs(enabler.id)),
      members: [],
    });
    // The head without its closing ']}': the members follow, one per line.
    await out.write(`${position === 0 ? '' : ','}\n${head.slice(0, -2)}`);
    const ids = withMembers ? await memberIdsOf(enabler.id) : [];
    let first = true;
    for (let index = 0; index < ids.length; index += MEMBERS_IN_FLIGHT) {
      const window = await Promise.all(
        ids
          .slice(index, index + MEMBERS_IN_FLIGHT)
          .map(async (id) => exportedMemberOf(await memberItems(id))),
      );
      const lines = window.flatMap((member) => (member ? [JSON.stringify(member)] : []));
      if (lines.length) {
        await out.write(`${first ? '' : ','}\n${lines.join(',\n')}`);
        first = false;
      }
      done += lines.length;
      await progress(done, Math.max(total, done));
    }
    await out.write(ids.length ? '\n]}' : ']}');
  }
  await out.write('\n]\n');
  return done;
};
