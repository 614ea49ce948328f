import { ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, tableName } from '#data/table/table.ts';
import { dynamo } from '#platform/aws-clients.ts';

/** Every item of a table (the functions' unless named), read consistently, in key order. */
export const scanTable = async (table = tableName()): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page: ScanCommandOutput = await dynamo().send(
      new ScanCommand({ TableName: table, ExclusiveStartKey: startKey, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items.sort((a, b) =>
    `${String(a.pk)}|${String(a.sk)}`.localeCompare(`${String(b.pk)}|${String(b.sk)}`),
  );
};

/** Puts items straight into the functions' table, as an import would: 25 a batch, 8 batches at once. */
export const writeItems = (items: Record<string, unknown>[]): Promise<void> =>
  batchWriteAll(
    items.map((Item) => ({ PutRequest: { Item } })),
    8,
  );
