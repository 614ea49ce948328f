import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
  type DynamoDBClient,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { keyAttributes, tableDefinition } from '@cpbo/functions/data/table-definition.ts';

const keySchema = (partitionKey: string, sortKey: string): KeySchemaElement[] => [
  { AttributeName: partitionKey, KeyType: 'HASH' },
  { AttributeName: sortKey, KeyType: 'RANGE' },
];

/** The CreateTable request for the single table, built from the same definition as the CDK stack. */
export const createTableInput = (tableName: string): CreateTableCommandInput => ({
  TableName: tableName,
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: keyAttributes().map((name) => ({ AttributeName: name, AttributeType: 'S' })),
  KeySchema: keySchema(tableDefinition.partitionKey, tableDefinition.sortKey),
  GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((index) => ({
    IndexName: index.name,
    KeySchema: keySchema(index.partitionKey, index.sortKey),
    Projection: { ProjectionType: 'ALL' },
  })),
  StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.stream },
});

/** Creates the table (with its stream and TTL) unless a previous start already did. */
export const ensureTable = async (
  client: DynamoDBClient,
  tableName: string,
): Promise<'created' | 'existing'> => {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return 'existing';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
    }),
  );
  return 'created';
};
