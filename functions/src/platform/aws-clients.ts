import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';

/*
 * Clients are created once per Lambda instance. Endpoints come from the SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> variables, so the same code talks to DynamoDB Local and s3rver.
 */
let documentClient: DynamoDBDocumentClient | undefined;
let s3Client: S3Client | undefined;

export const dynamo = (): DynamoDBDocumentClient => {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
};

export const s3 = (): S3Client => {
  // s3rver only understands path-style addressing.
  s3Client ??= new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });
  return s3Client;
};
