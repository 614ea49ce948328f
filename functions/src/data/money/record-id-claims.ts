import type { TransactItem } from '../table/transaction-items.ts';
import { recordIdClaimItem, recordIdClaimKey } from '../members/member-keys.ts';
import { getAll, tableName } from '../table/table.ts';

/** The put that claims a new record's id for its member; it fails only if the id was ever used. */
export const recordIdClaimPut = (record: Record<string, unknown>): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: recordIdClaimItem(record.id as string, record.memberId as string),
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** BatchGetItem requests in flight. */
const PARALLEL_READS = 8;

/** The members that hold these record ids (id → member id), for the ids that were ever claimed. */
export const recordIdHolders = async (ids: string[]): Promise<Map<string, string>> => {
  const claims = await getAll(
    ids.map(recordIdClaimKey),
    { ProjectionExpression: 'id, memberId' },
    PARALLEL_READS,
  );
  return new Map(claims.map((claim) => [claim.id as string, claim.memberId as string]));
};
