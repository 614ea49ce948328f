import {
  BatchWriteCommand,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#platform/aws-clients.ts';
import { readEnvironment } from '#platform/environment.ts';

/** The table every data module reads and writes (see table-definition.ts for its keys and indexes). */
export const tableName = (): string => readEnvironment('tableName');

export const nowIso = (now: Date = new Date()): string => now.toISOString();
export const epochSeconds = (now: Date = new Date()): number => Math.floor(now.getTime() / 1000);

/** True when a write was refused because its condition did not hold. */
export const isConditionFailure = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'ConditionalCheckFailedException' || error.name === 'TransactionCanceledException');

/** Every item a Query matches, following its pages. */
export const queryAll = async (
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await dynamo().send(
      new QueryCommand({ ...input, ExclusiveStartKey: startKey }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
};

/** Deletes items by key, 25 at a time, sending again what DynamoDB leaves unprocessed under load. */
export const deleteKeys = async (keys: Record<string, unknown>[]): Promise<void> => {
  for (let index = 0; index < keys.length; index += 25) {
    let requests: BatchWriteCommandInput['RequestItems'] = {
      [tableName()]: keys
        .slice(index, index + 25)
        .map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } })),
    };
    while (requests && Object.keys(requests).length > 0) {
      const result: BatchWriteCommandOutput = await dynamo().send(
        new BatchWriteCommand({ RequestItems: requests }),
      );
      requests = result.UnprocessedItems;
    }
  }
};
