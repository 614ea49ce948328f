import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  DynamoDBDocumentClient,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { startAwsSubstitutes } from '../aws-substitutes.ts';
import { localClientConfig, localTableName } from '../aws-environment.ts';

/*
 * The benches' reference: the same items written with bare BatchWriteItem calls, in requests of the
 * size the product's writer sends and as many at once, into the product's table (its stream and TTL
 * on) of a DynamoDB Local of its own. A run in its own instance: writes to a table with a stream slow
 * down several times over once another table's stream has records (seen on DynamoDB Local 2.x, not
 * on AWS), which would make the order of the runs decide the result.
 */

/** Sends one BatchWriteItem until nothing comes back unprocessed. */
const batchWrite = async (
  client: DynamoDBDocumentClient,
  table: string,
  items: Record<string, unknown>[],
) => {
  let requests: BatchWriteCommandOutput['UnprocessedItems'] = {
    [table]: items.map((Item) => ({ PutRequest: { Item } })),
  };
  while (requests && Object.keys(requests).length > 0)
    requests = (await client.send(new BatchWriteCommand({ RequestItems: requests }))).UnprocessedItems;
};

/**
 * One unconditional TransactWriteItems of Puts; an item written twice in the chunk (a member paid for two
 * plots) once, as a transaction takes one action an item.
 */
const transactWrite = async (
  client: DynamoDBDocumentClient,
  table: string,
  items: Record<string, unknown>[],
) => {
  const byKey = new Map(items.map((Item) => [`${String(Item.pk)}|${String(Item.sk)}`, Item]));
  await client.send(
    new TransactWriteCommand({
      TransactItems: [...byKey.values()].map((Item) => ({ Put: { TableName: table, Item } })),
    }),
  );
};

const writeCalls = {
  BatchWriteItem: batchWrite,
  TransactWriteItems: transactWrite,
};

/** The items written `writers` requests at once, `batch` items a request: items per second. */
export const bareRate = async (
  items: Record<string, unknown>[],
  {
    batch,
    writers,
    call = 'BatchWriteItem',
  }: { batch: number; writers: number; call?: keyof typeof writeCalls },
): Promise<number> => {
  const substitutes = await startAwsSubstitutes({ inMemory: true });
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient(localClientConfig(substitutes.dynamoEndpoint)),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  try {
    let next = 0;
    const writer = async () => {
      while (next < items.length) {
        const chunk = items.slice(next, next + batch);
        next += batch;
        await writeCalls[call](client, localTableName, chunk);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: writers }, writer));
    const ms = performance.now() - started;
    console.log(
      `[bench] bare ${call} (${batch} items a request, ${writers} at once): ${(ms / 1000).toFixed(1)} s, ` +
        `${Math.round(items.length / (ms / 1000))} items/s`,
    );
    return items.length / (ms / 1000);
  } finally {
    client.destroy();
    await substitutes.stop();
  }
};
