import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '#data/table/table-definition.ts';

/**
 * Creates a new, empty table of the table definition in DynamoDB Local, and answers its name. It has
 * no stream: nothing reads one, and DynamoDB Local's writes to a new table with a stream slow down as
 * the run's stream records grow (1 000 items: 0.15 s without one, 20 s after 40 000 stream writes).
 */
export const newEmptyTable = async (prefix = 'empty'): Promise<string> => {
  const name = `${prefix}-${randomUUID().slice(0, 8)}`;
  const client = new DynamoDBClient({});
  try {
    await client.send(new CreateTableCommand(createTableInput(name, { stream: false })));
  } finally {
    client.destroy();
  }
  return name;
};
