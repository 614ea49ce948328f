import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, tableDefinition } from '@cpbo/functions/data/table/table-definition.ts';

/** Creates the table (its TTL, and its stream if asked) unless a previous start already did. */
export const ensureTable = async (
  client: DynamoDBClient,
  tableName: string,
  stream: { stream: boolean },
): Promise<'created' | 'existing'> => {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return 'existing';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName, stream)));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
    }),
  );
  return 'created';
};
