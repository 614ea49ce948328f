import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { DEFAULT_LOG_RETENTION_DAYS } from '@cpbo/functions/domain/numbered-pages.ts';
import { BackendFunctions } from './backend-functions.ts';
import { DataStore } from './data-store.ts';
import { BackOfficeApi } from './http-api.ts';
import { Website, type CustomDomain } from './website.ts';
import { WorkQueues } from './work-queues.ts';

export interface CropProtectionStackProps extends StackProps {
  /** dev, demo, prod…: names the stack's parameters and shows in the SPA's header. */
  readonly environmentName: string;
  /** The sender of every mail; must be an identity verified in SES. */
  readonly mailFrom: string;
  /** The built SPA (web/dist). */
  readonly spaContent: s3deploy.ISource;
  readonly customDomain?: CustomDomain;
  /** Days the application's log lines are kept (GET /admin/logs); 90 unless set. */
  readonly logRetentionDays?: number;
}

/** The environment whose data may be thrown away with the stack. */
const disposableEnvironment = 'dev';

/** The whole back office of one environment: data, queues, functions, API and the SPA behind CloudFront. */
export class CropProtectionStack extends Stack {
  constructor(scope: Construct, id: string, props: CropProtectionStackProps) {
    super(scope, id, props);
    const { environmentName } = props;
    // It becomes part of resource names and SSM parameter paths.
    if (!/^[a-z][a-z0-9-]{0,23}$/.test(environmentName)) {
      throw new Error(`Environment name "${environmentName}" must be lower-case letters, digits and dashes`);
    }
    const retainData = environmentName !== disposableEnvironment;
    const appUrlParameterName = `/crop-protection/${environmentName}/app-url`;

    const dataStore = new DataStore(this, 'DataStore', { retainData, environmentName });
    const workQueues = new WorkQueues(this, 'WorkQueues');
    const functions = new BackendFunctions(this, 'Functions', {
      environmentName,
      mailFrom: props.mailFrom,
      table: dataStore.table,
      mirrorTable: dataStore.mirrorTable,
      filesBucket: dataStore.filesBucket,
      memberDirectoryBucket: dataStore.memberDirectoryBucket,
      workQueues,
      appUrlParameterName,
      retainData,
      logRetentionDays: props.logRetentionDays ?? DEFAULT_LOG_RETENTION_DAYS,
    });
    const api = new BackOfficeApi(this, 'Api', { functions, retainData });
    const website = new Website(this, 'Website', {
      httpApi: api.httpApi,
      spaContent: props.spaContent,
      environmentName,
      appUrlParameterName,
      customDomain: props.customDomain,
    });

    new CfnOutput(this, 'DistributionUrl', {
      description: 'The back office (CloudFront)',
      value: `https://${website.distribution.distributionDomainName}`,
    });
    new CfnOutput(this, 'ApiUrl', { description: 'The HTTP API, without CloudFront', value: api.stage.url });
    new CfnOutput(this, 'TableName', { value: dataStore.table.tableName });
  }
}
