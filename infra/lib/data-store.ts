import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';
import { tableDefinition } from '@cpbo/functions/data/table/table-definition.ts';
import { DATA_JOB_DAYS } from '@cpbo/functions/data/jobs/data-jobs.ts';
import { REBUILD_JOB_DAYS } from '@cpbo/functions/data/jobs/rebuild-jobs.ts';

/** The files bucket's areas (key prefixes), as the handlers write them; the functions' rights follow them. */
export const fileAreas = {
  exports: 'exports/',
  imports: 'imports/',
  rebuilds: 'rebuilds/',
  benefitRuns: 'benefit-runs/',
} as const;
export type FileArea = keyof typeof fileAreas;

export interface DataStoreProps {
  /** dev, demo, prod…: names the mirror table. */
  readonly environmentName: string;
  /** Keep the table and the files when the stack is deleted, and refuse to delete the table. */
  readonly retainData: boolean;
}

/** The single table, the bucket of import, export and report files, and the member directory snapshots. */
export class DataStore extends Construct {
  readonly table: dynamodb.Table;
  /** The mirror environment's data: a copy of the table, personal fields pseudonymised (POST /admin/mirror). */
  readonly mirrorTable: dynamodb.Table;
  readonly filesBucket: s3.Bucket;
  readonly memberDirectoryBucket: s3.Bucket;

  constructor(scope: Construct, id: string, { retainData, environmentName }: DataStoreProps) {
    super(scope, id);
    const removalPolicy = retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    // Table rather than TableV2: TableV2 synthesizes as a GlobalTable, which a one-region product does not need.
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      stream: dynamodb.StreamViewType[tableDefinition.stream],
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      deletionProtection: retainData,
      removalPolicy,
    });
    for (const index of tableDefinition.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    // Named per environment, so that the mirror environment's tools find it; rebuilt by every refresh,
    // so it is neither backed up nor kept when the stack goes.
    this.mirrorTable = new dynamodb.Table(this, 'MirrorTable', {
      tableName: `crop-protection-${environmentName}-mirror`,
      partitionKey: { name: tableDefinition.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.mirrorTable,
      'DDB3',
      'A pseudonymised copy that every mirror refresh rebuilds from the table',
    );
    for (const index of tableDefinition.globalIndexes) {
      this.mirrorTable.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.filesBucket = new s3.Bucket(this, 'FilesBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      // Versioned so an overwritten or deleted import, export or report can be recovered for a while.
      versioned: true,
      lifecycleRules: [
        {
          noncurrentVersionExpiration: Duration.days(30),
          abortIncompleteMultipartUploadAfter: Duration.days(7),
        },
        // Export files and import uploads live as long as their job (DATA_JOB_DAYS).
        ...[fileAreas.exports, fileAreas.imports].map((prefix) => ({
          prefix,
          expiration: Duration.days(DATA_JOB_DAYS),
        })),
        // The aggregates rebuilds' checkpoints, as long as their job.
        { prefix: fileAreas.rebuilds, expiration: Duration.days(REBUILD_JOB_DAYS) },
        // A benefit run's files are records of what was paid, kept; an upload no run took lapses, and
        // so does a list of the covered plots (it is made again at will).
        { prefix: `${fileAreas.benefitRuns}uploads/`, expiration: Duration.days(DATA_JOB_DAYS) },
        { prefix: `${fileAreas.benefitRuns}covered-plots/`, expiration: Duration.days(DATA_JOB_DAYS) },
      ],
      // The Data page downloads exports and uploads large imports straight to S3 through presigned
      // URLs, whose signature is the permission: any origin may use one.
      cors: [
        {
          allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.PUT],
          allowedOrigins: ['*'],
          allowedHeaders: ['*'],
          maxAge: 3600,
        },
      ],
      removalPolicy,
      autoDeleteObjects: !retainData,
    });

    acknowledge(
      this.filesBucket,
      'S1',
      'Reached only through the functions and presigned URLs they issue, which the functions log; CloudTrail data events are the account-level audit',
    );

    // Snapshots are rebuilt from the table at any time: no versions, and they go with the stack.
    this.memberDirectoryBucket = new s3.Bucket(this, 'MemberDirectoryBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
      // A snapshot is uploaded in parts: a worker stopped mid-upload (its time up) cannot abort it itself.
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
    acknowledge(
      this.memberDirectoryBucket,
      'S1',
      'Snapshots rebuilt from the table, read and written by two functions only',
    );
  }
}
