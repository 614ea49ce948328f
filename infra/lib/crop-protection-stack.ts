import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { DEFAULT_LOG_RETENTION_DAYS } from '@cpbo/functions/domain/numbered-pages.ts';
import { BackendFunctions } from './backend-functions.ts';
import { DataStore } from './data-store.ts';
import { streamWorkers } from '@cpbo/functions/workers/workers.ts';
import { Alarms } from './alarms.ts';
import { BackOfficeApi, type ApiThrottle } from './http-api.ts';
import { OriginVerify, ORIGIN_VERIFY_HEADER } from './origin-verify.ts';
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
  /** Who is mailed the alarms (optional: the topic can be subscribed to later). */
  readonly alarmEmail?: string;
  /** The API stage's limits; DEFAULT_API_THROTTLE unless set. */
  readonly apiThrottle?: ApiThrottle;
  /** The WAF web ACL (scope CLOUDFRONT, in us-east-1: EdgeProtectionStack) in front of the distribution. */
  readonly webAclArn?: string;
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
    const originVerify = new OriginVerify(this, 'OriginVerify', { environmentName, retainData });
    const api = new BackOfficeApi(this, 'Api', {
      functions,
      retainData,
      throttle: props.apiThrottle,
      originCheck: originVerify.authorizer,
    });
    const website = new Website(this, 'Website', {
      httpApi: api.httpApi,
      spaContent: props.spaContent,
      environmentName,
      appUrlParameterName,
      customDomain: props.customDomain,
      webAclArn: props.webAclArn,
      originVerifyHeader: { name: ORIGIN_VERIFY_HEADER, value: originVerify.headerValue() },
      // Where platform/s3.ts presigns the uploads' URLs.
      filesOrigin: `https://${dataStore.filesBucket.bucketRegionalDomainName}`,
    });

    const alarms = new Alarms(this, 'Alarms', {
      environmentName,
      alarmEmail: props.alarmEmail,
      deadLetterQueues: {
        ...workQueues.deadLetterQueues,
        ...Object.fromEntries(
          Object.entries(functions.streamDeadLetterQueues).map(([worker, queue]) => [
            `${worker}-stream`,
            queue,
          ]),
        ),
      },
      functions: {
        ...functions.api,
        ...Object.fromEntries(
          Object.entries(functions.workers).map(([worker, fn]) => [`${worker}-worker`, fn]),
        ),
      },
      streamConsumers: Object.fromEntries(streamWorkers.map((worker) => [worker, functions.workers[worker]])),
      httpApi: api.httpApi,
      stage: api.stage,
    });

    new CfnOutput(this, 'DistributionUrl', {
      description: 'The back office (CloudFront)',
      value: `https://${website.distribution.distributionDomainName}`,
    });
    new CfnOutput(this, 'ApiUrl', {
      description: 'The HTTP API (answers only CloudFront: its authorizer checks the origin header)',
      value: api.stage.url,
    });
    new CfnOutput(this, 'TableName', { value: dataStore.table.tableName });
    new CfnOutput(this, 'AlarmTopicArn', {
      description: 'The SNS topic of the alarms: subscribe to it',
      value: alarms.topic.topicArn,
    });
  }
}
