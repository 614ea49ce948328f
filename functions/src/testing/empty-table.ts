import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '#data/table-definition.ts';

/** Creates a new, empty table of the table definition in DynamoDB Local, and answers its name. */
export const newEmptyTable = async (prefix = 'empty'): Promise<string> => {
  const name = `${prefix}-${randomUUID().slice(0, 8)}`;
  const client = new DynamoDBClient({});
  try {
    await client.send(new CreateTableCommand(createTableInput(name)));
  } finally {
    client.destroy();
  }
  return name;
};
