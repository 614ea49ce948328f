import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The reference of `npm run bench:lambda`: a handler that imports only the DynamoDB document client
 * (created at load, as AWS's examples do) and reads one item.
 */
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (event: { id: string }) =>
  documents.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: event.id, sk: event.id } }));
