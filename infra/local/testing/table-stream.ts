import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { tableName } from '@cpbo/functions/data/table/table.ts';
import { startStreamPoller, type StreamPoller, type StreamPollerOptions } from '../streams/stream-poller.ts';

export interface TableStreamPoller extends StreamPoller {
  streamArn: string;
}

/**
 * Polls the stream of the functions' table in DynamoDB Local as the integration tests do: silently,
 * looking again 50 ms after an empty read and retrying a failed batch after 10 ms. Stopping it closes
 * its client.
 */
export const pollTableStream = async (
  options: Omit<StreamPollerOptions, 'client' | 'streamArn' | 'log'>,
): Promise<TableStreamPoller> => {
  const dynamo = new DynamoDBClient({});
  let streamArn: string;
  try {
    const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName() }));
    streamArn = Table?.LatestStreamArn as string;
  } finally {
    dynamo.destroy();
  }
  const client = new DynamoDBStreamsClient({ endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB });
  const poller = await startStreamPoller({
    client,
    streamArn,
    log: () => undefined,
    idleDelayMs: 50,
    retryDelayMs: 10,
    ...options,
  });
  return {
    streamArn,
    failedRecords: poller.failedRecords,
    stop: async () => {
      await poller.stop();
      client.destroy();
    },
  };
};
