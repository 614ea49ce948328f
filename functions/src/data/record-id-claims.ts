import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#platform/aws-clients.ts';
import type { TransactItem } from './idempotency.ts';
import { recordIdClaimItem, recordIdClaimKey } from './member-keys.ts';
import { tableName } from './table.ts';

/** The put that claims a new record's id for its member; it fails only if the id was ever used. */
export const recordIdClaimPut = (record: Record<string, unknown>): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: recordIdClaimItem(record.id as string, record.memberId as string),
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** BatchGetItem's most keys per request. */
const KEYS_PER_READ = 100;
const PARALLEL_READS = 8;

/** The members that hold these record ids (id → member id), for the ids that were ever claimed. */
export const recordIdHolders = async (ids: string[]): Promise<Map<string, string>> => {
  const holders = new Map<string, string>();
  const requests = Array.from({ length: Math.ceil(ids.length / KEYS_PER_READ) }, (_, index) =>
    ids.slice(index * KEYS_PER_READ, (index + 1) * KEYS_PER_READ),
  );
  let next = 0;
  const reader = async () => {
    while (next < requests.length) {
      const keys = requests[next] as string[];
      next += 1;
      let request: BatchGetCommandOutput['UnprocessedKeys'] = {
        [tableName()]: { Keys: keys.map(recordIdClaimKey), ProjectionExpression: 'id, memberId' },
      };
      while (request && Object.keys(request).length > 0) {
        const answer: BatchGetCommandOutput = await dynamo().send(
          new BatchGetCommand({ RequestItems: request }),
        );
        for (const item of answer.Responses?.[tableName()] ?? [])
          holders.set(item.id as string, item.memberId as string);
        request = answer.UnprocessedKeys;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_READS }, reader));
  return holders;
};
