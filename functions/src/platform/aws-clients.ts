import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoRetry } from './aws-retry.ts';
import { plugged } from './client-plugins.ts';

/*
 * Clients are created on first use, once per Lambda instance. Endpoints come from the SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> variables, so the same code talks to DynamoDB Local and s3rver.
 * DynamoDB's client is loaded with the function (nearly every call needs it); S3's is in s3.ts.
 */
let documentClient: DynamoDBDocumentClient | undefined;

export const dynamo = (): DynamoDBDocumentClient => {
  documentClient ??= DynamoDBDocumentClient.from(plugged(new DynamoDBClient(dynamoRetry)), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
};
