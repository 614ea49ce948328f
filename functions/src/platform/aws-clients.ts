import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';

/*
 * Clients are created on first use, once per Lambda instance. Endpoints come from the SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> variables, so the same code talks to DynamoDB Local and s3rver.
 * DynamoDB's client is loaded with the function (nearly every call needs it); S3's code is loaded
 * on first use only.
 */
let documentClient: DynamoDBDocumentClient | undefined;
let s3Client: Promise<S3Client> | undefined;

export const dynamo = (): DynamoDBDocumentClient => {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
};

export const s3 = (): Promise<S3Client> => {
  s3Client ??= import('./aws/s3.ts').then(
    // s3rver only understands path-style addressing.
    ({ S3Client }) => new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) }),
  );
  return s3Client;
};
