import { environmentVariables } from '@cpbo/functions/platform/environment.ts';

/** s3rver only accepts its own key pair; DynamoDB Local accepts any, so both use this one. */
export const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
export const localRegion = 'eu-west-1';
export const localTableName = 'cpbo-local';
/** The mirror environment's table on a laptop: a second table of DynamoDB Local. */
export const localMirrorTableName = 'cpbo-local-mirror';
export const localFilesBucket = 'cpbo-files-local';
export const localMemberDirectoryBucket = 'cpbo-member-directory-local';

export interface SubstituteEndpoints {
  dynamoEndpoint: string;
  s3Endpoint: string;
}

/**
 * What the functions need to find the local stand-ins: the SDK's own endpoint variables (the
 * functions never see an endpoint option), a region, credentials, and the table and buckets' names.
 */
export const awsEnvironment = ({
  dynamoEndpoint,
  s3Endpoint,
}: SubstituteEndpoints): Record<string, string> => ({
  AWS_REGION: localRegion,
  AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
  AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
  AWS_ENDPOINT_URL_S3: s3Endpoint,
  [environmentVariables.tableName]: localTableName,
  [environmentVariables.mirrorTableName]: localMirrorTableName,
  [environmentVariables.filesBucket]: localFilesBucket,
  [environmentVariables.memberDirectoryBucket]: localMemberDirectoryBucket,
});

/** Client settings for the runtime's own SDK clients (the streams client has no endpoint variable of ours). */
export const localClientConfig = (endpoint: string) => ({
  endpoint,
  region: localRegion,
  credentials: localCredentials,
});
