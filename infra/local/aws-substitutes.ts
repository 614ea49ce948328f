import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  awsEnvironment,
  localClientConfig,
  localFilesBucket,
  localMemberDirectoryBucket,
  localMirrorTableName,
  localTableName,
} from './aws-environment.ts';
import { startDynamoDbLocal } from './dynamodb-local.ts';
import { startS3Local } from './s3-local.ts';
import { ensureTable } from './table.ts';

export interface AwsSubstitutesOptions {
  /** Keeps DynamoDB Local in memory and s3rver in a temporary folder: nothing survives stop(). */
  inMemory?: boolean;
  /** Where the table (ddb/) and the files (s3/) live between starts, unless inMemory. */
  dataDir?: string;
  /** The origins a browser may call the file store from (the application's); none by default. */
  allowedOrigins?: () => readonly string[];
}

export interface AwsSubstitutes {
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** AWS_* endpoint, region and credential variables, TABLE_NAME and the buckets' names. */
  environment: Record<string, string>;
  stop(): Promise<void>;
}

const storageFolders = async ({ inMemory, dataDir }: AwsSubstitutesOptions) => {
  if (inMemory) return { s3: await mkdtemp(join(tmpdir(), 'cpbo-s3-')), temporary: true };
  if (!dataDir) throw new Error('dataDir is required unless inMemory');
  const ddb = join(dataDir, 'ddb');
  const s3 = join(dataDir, 's3');
  await Promise.all([mkdir(ddb, { recursive: true }), mkdir(s3, { recursive: true })]);
  return { ddb, s3, temporary: false };
};

/** DynamoDB Local with the table and s3rver with the buckets: what AWS gives the functions. */
export const startAwsSubstitutes = async (options: AwsSubstitutesOptions): Promise<AwsSubstitutes> => {
  const folders = await storageFolders(options);
  const removeTemporary = () =>
    folders.temporary ? rm(folders.s3, { recursive: true, force: true }) : undefined;
  const [dynamo, s3] = await Promise.allSettled([
    startDynamoDbLocal(options.inMemory ? { inMemory: true } : { dbPath: folders.ddb }),
    startS3Local({
      directory: folders.s3,
      buckets: [localFilesBucket, localMemberDirectoryBucket],
      allowedOrigins: options.allowedOrigins,
    }),
  ]);
  if (dynamo.status === 'rejected' || s3.status === 'rejected') {
    await Promise.all([
      dynamo.status === 'fulfilled' ? dynamo.value.stop() : undefined,
      s3.status === 'fulfilled' ? s3.value.stop() : undefined,
    ]);
    await removeTemporary();
    throw dynamo.status === 'rejected' ? dynamo.reason : (s3 as PromiseRejectedResult).reason;
  }
  const stop = async () => {
    await Promise.all([dynamo.value.stop(), s3.value.stop()]);
    await removeTemporary();
  };
  const client = new DynamoDBClient(localClientConfig(dynamo.value.endpoint));
  try {
    await ensureTable(client, localTableName, { stream: true });
    // As in the cloud (infra/lib/data-store.ts), the mirror table has no stream: nothing reads one.
    await ensureTable(client, localMirrorTableName, { stream: false });
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
  const endpoints = { dynamoEndpoint: dynamo.value.endpoint, s3Endpoint: s3.value.endpoint };
  return { ...endpoints, environment: awsEnvironment(endpoints), stop };
};
