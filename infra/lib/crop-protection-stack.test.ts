import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { keyAttributes, tableDefinition } from '@cpbo/functions/data/table/table-definition.ts';
import { API_BASE, resources, routes } from '@cpbo/functions/http/routes.ts';
import { environmentVariables } from '@cpbo/functions/platform/environment.ts';
import { queueDefinitions, queueNames } from '@cpbo/functions/domain/queues.ts';
import { queueUrlVariable } from '@cpbo/functions/platform/queue.ts';
import { streamEntityTypes, streamWorkers, workers } from '@cpbo/functions/workers/workers.ts';
import { spaFallbackFunctionCode } from '../../web/src/app/spa-fallback.ts';
import { viewerHostFunctionCode } from './viewer-host.ts';
import { LISTS_WORKER_HEAP_MB } from './backend-functions.ts';
import { CropProtectionStack, type CropProtectionStackProps } from './crop-protection-stack.ts';
import { ORIGIN_VERIFY_HEADER } from './origin-verify.ts';
import { spaContentFrom } from './website.ts';
import { stackProps, templateApp } from './testing/stacks-under-test.ts';

interface Synthesized {
  template: Template;
  outdir: string;
}

const synthesize = (props: Partial<CropProtectionStackProps> & { environmentName: string }): Synthesized => {
  const app = templateApp();
  const stack = new CropProtectionStack(app, `CropProtection-${props.environmentName}`, stackProps(props));
  return { template: Template.fromStack(stack), outdir: app.outdir };
};

/** One synth per environment, shared by the tests that need it. */
const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
const demo = once(() => synthesize({ environmentName: 'demo' }));
const dev = once(() => synthesize({ environmentName: 'dev' }));

const only = <T>(values: T[]): T => {
  expect(values).toHaveLength(1);
  return values[0] as T;
};
const onlyId = (found: Record<string, unknown>): string => only(Object.keys(found));

/** Our functions are the ones carrying TABLE_NAME (CDK adds its own for deployments and clean-up). */
const ourFunctions = (template: Template) =>
  template.findResources('AWS::Lambda::Function', {
    Properties: { Environment: { Variables: { [environmentVariables.tableName]: Match.anyValue() } } },
  });
const functionIdByDescription = (template: Template, description: string): string =>
  onlyId(template.findResources('AWS::Lambda::Function', { Properties: { Description: description } }));
const anyFunctionEnvironment = (template: Template): Record<string, unknown> =>
  Object.values(ourFunctions(template))[0]?.Properties.Environment.Variables;
/** The environment's table: the one with a stream (the mirror table has none). */
const mainTables = (template: Template) =>
  template.findResources('AWS::DynamoDB::Table', {
    Properties: { StreamSpecification: Match.anyValue() },
  });
const refOf = (value: unknown): string => (value as { Ref: string }).Ref;
const getAttOf = (value: unknown): [string, string] =>
  (value as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];

describe('the table', () => {
  it('is built from tableDefinition: on demand, keys, indexes, stream, TTL and point-in-time recovery', () => {
    const { template } = demo();
    template.resourceCountIs('AWS::DynamoDB::Table', 2);
    onlyId(mainTables(template));
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayEquals(
        keyAttributes().map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      ),
      GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('is protected from deletion outside dev', () => {
    demo().template.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    const devTable = only(Object.values(mainTables(dev().template)));
    expect(devTable.Properties.DeletionProtectionEnabled ?? false).toBe(false);
    expect(devTable.DeletionPolicy).toBe('Delete');
  });
});

describe('the mirror table', () => {
  it('is named per environment, built from tableDefinition without stream or backups, written by the mirror worker only', () => {
    const { template } = demo();
    const mirror = template.findResources('AWS::DynamoDB::Table', {
      Properties: { TableName: 'crop-protection-demo-mirror' },
    });
    const [id, table] = only(Object.entries(mirror));
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
    expect(table.Properties.GlobalSecondaryIndexes).toHaveLength(tableDefinition.globalIndexes.length);
    expect(table.Properties.StreamSpecification).toBeUndefined();
    expect(table.DeletionPolicy).toBe('Delete');
    expect(refOf(anyFunctionEnvironment(template)[environmentVariables.mirrorTableName])).toBe(id);
    // Only the mirror worker's role may write it.
    const writers = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes(`"${id}"`),
    );
    expect(writers).toHaveLength(1);
    expect(JSON.stringify(writers[0]?.Properties.Roles)).toContain('mirrorworker');
  });

  it('gives the functions the log retention of the environment, 90 days unless set', () => {
    expect(anyFunctionEnvironment(demo().template)[environmentVariables.logRetentionDays]).toBe('90');
  });
});

describe('the queues', () => {
  it('gives every queue of queueDefinitions its dead-letter queue and settings', () => {
    const { template } = demo();
    const queues = template.findResources('AWS::SQS::Queue');
    const environment = anyFunctionEnvironment(template);
    for (const name of queueNames) {
      const queue = queues[refOf(environment[queueUrlVariable(name)])];
      expect(queue?.Properties).toMatchObject({
        VisibilityTimeout: queueDefinitions[name].visibilityTimeoutSeconds,
        RedrivePolicy: { maxReceiveCount: queueDefinitions[name].maxReceiveCount },
      });
      const [deadLetterId] = getAttOf(queue?.Properties.RedrivePolicy.deadLetterTargetArn);
      expect(queues[deadLetterId]?.Type).toBe('AWS::SQS::Queue');
    }
    // Each work queue and its dead-letter queue, plus a dead-letter queue per stream worker.
    template.resourceCountIs('AWS::SQS::Queue', queueNames.length * 2 + streamWorkers.length);
  });

  it('encrypts every queue and refuses plain HTTP', () => {
    const { template } = demo();
    for (const [id, queue] of Object.entries(template.findResources('AWS::SQS::Queue'))) {
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  it('feeds each queue to its worker in batches, reporting failed messages alone', () => {
    const { template } = demo();
    const environment = anyFunctionEnvironment(template);
    for (const name of queueNames) {
      const definition = queueDefinitions[name];
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [refOf(environment[queueUrlVariable(name)]), 'Arn'] },
        FunctionName: { Ref: functionIdByDescription(template, `Worker: ${definition.worker}`) },
        BatchSize: definition.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
  });
});

describe('the aggregates rebuild', () => {
  it('has its queue and dead-letter queue, and a 15-minute worker fed one step at a time that can save checkpoints and queue the next step', () => {
    const { template } = demo();
    const environment = anyFunctionEnvironment(template);
    const queueId = refOf(environment[queueUrlVariable('rebuild')]);
    const queue = template.findResources('AWS::SQS::Queue')[queueId];
    expect(queue?.Properties).toMatchObject({
      VisibilityTimeout: 5400,
      RedrivePolicy: { maxReceiveCount: 3 },
    });
    const [deadLetterId] = getAttOf(queue?.Properties.RedrivePolicy.deadLetterTargetArn);
    expect(deadLetterId).not.toBe(queueId);
    const workerId = functionIdByDescription(template, 'Worker: aggregates-rebuild');
    const worker = template.findResources('AWS::Lambda::Function')[workerId];
    expect(worker?.Properties.Timeout).toBe(900);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      FunctionName: { Ref: workerId },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const policies = JSON.stringify(
      Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
        JSON.stringify(policy.Properties.Roles).includes('aggregatesrebuild'),
      ),
    );
    expect(policies).toContain('sqs:SendMessage');
    expect(policies).toContain(queueId);
    expect(policies).toContain('s3:PutObject');
    // Its checkpoints expire with their job.
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: 'rebuilds/', ExpirationInDays: 7, Status: 'Enabled' }),
        ]),
      },
    });
  });
});

describe('the stream workers', () => {
  const streamMappings = (template: Template) => {
    const tableId = onlyId(mainTables(template));
    return Object.values(
      template.findResources('AWS::Lambda::EventSourceMapping', {
        Properties: { EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] } },
      }),
    );
  };

  it('read the table stream with partial failures, bisection, bounded retries and a dead-letter queue each', () => {
    const { template } = demo();
    const mappings = streamMappings(template);
    expect(mappings).toHaveLength(streamWorkers.length);
    const deadLetterIds = new Set<string>();
    for (const worker of streamWorkers) {
      const functionId = functionIdByDescription(template, `Worker: ${worker}`);
      const mapping = only(mappings.filter((m) => refOf(m.Properties.FunctionName) === functionId));
      expect(mapping.Properties).toMatchObject({
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BisectBatchOnFunctionError: true,
      });
      expect(mapping.Properties.MaximumRetryAttempts).toBeGreaterThanOrEqual(0);
      expect(mapping.Properties.MaximumRetryAttempts).toBeLessThanOrEqual(10);
      const [deadLetterId] = getAttOf(mapping.Properties.DestinationConfig.OnFailure.Destination);
      expect(template.findResources('AWS::SQS::Queue')[deadLetterId]).toBeDefined();
      deadLetterIds.add(deadLetterId);
    }
    expect(deadLetterIds.size).toBe(streamWorkers.length);
  });

  it('give the lists worker only member records, gathered for a while', () => {
    const { template } = demo();
    const functionId = functionIdByDescription(template, 'Worker: lists');
    const mapping = only(
      streamMappings(template).filter((m) => refOf(m.Properties.FunctionName) === functionId),
    );
    expect(mapping.Properties.FilterCriteria.Filters).toEqual([
      {
        Pattern: JSON.stringify({
          dynamodb: { NewImage: { entityType: { S: streamEntityTypes['lists'] } } },
        }),
      },
    ]);
    expect(mapping.Properties.MaximumBatchingWindowInSeconds).toBeGreaterThan(0);
  });

  it('give the aggregates worker the records that carry figures, deletions included', () => {
    const { template } = demo();
    const functionId = functionIdByDescription(template, 'Worker: aggregates');
    const mapping = only(
      streamMappings(template).filter((m) => refOf(m.Properties.FunctionName) === functionId),
    );
    const types = streamEntityTypes.aggregates;
    expect(types).toEqual(expect.arrayContaining(['MEMBER', 'PLOT', 'CONTRIBUTION', 'PAYOUT', 'CASHOUT']));
    expect(mapping.Properties.FilterCriteria.Filters).toEqual([
      { Pattern: JSON.stringify({ dynamodb: { NewImage: { entityType: { S: types } } } }) },
      { Pattern: JSON.stringify({ dynamodb: { OldImage: { entityType: { S: types } } } }) },
    ]);
    expect(mapping.Properties.MaximumRetryAttempts).toBeGreaterThan(0);
    expect(mapping.Properties.BisectBatchOnFunctionError).toBe(true);
  });
});

describe('the member directory', () => {
  /** The functions that keep an enabler's list in memory, from its snapshot. */
  const listsInMemory = [
    'members',
    'admin-plots',
    'admin-contributions',
    'admin-payouts',
    'admin-cashouts',
  ].map((resource) => `API resource: ${resource}`);
  const directoryBucketId = (template: Template) =>
    refOf(anyFunctionEnvironment(template)[environmentVariables.memberDirectoryBucket]);

  it('keeps its snapshots in an unversioned bucket that goes with the stack and drops unfinished uploads', () => {
    for (const { template } of [demo(), dev()]) {
      const bucket = template.findResources('AWS::S3::Bucket')[directoryBucketId(template)];
      expect(bucket?.Properties.VersioningConfiguration).toBeUndefined();
      expect(bucket?.DeletionPolicy).toBe('Delete');
      // A snapshot's upload in parts left by a worker stopped mid-way is not kept (nor billed).
      expect(bucket?.Properties.LifecycleConfiguration).toEqual({
        Rules: [{ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }],
      });
    }
  });

  it('lets the lists in memory read the snapshots and only the worker write them', () => {
    const { template } = demo();
    const bucketArn = { 'Fn::GetAtt': [directoryBucketId(template), 'Arn'] };
    const functions = template.findResources('AWS::Lambda::Function');
    const roleOf = (description: string) =>
      getAttOf(functions[functionIdByDescription(template, description)]?.Properties.Role)[0];
    const rolesAllowed = (action: string) =>
      Object.values(template.findResources('AWS::IAM::Policy'))
        .filter((policy) =>
          (
            policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]
          ).some(
            (statement) =>
              [statement.Action].flat().includes(action) &&
              JSON.stringify(statement.Resource).includes(JSON.stringify(bucketArn)),
          ),
        )
        .flatMap((policy) => (policy.Properties.Roles as { Ref: string }[]).map(refOf));
    expect(rolesAllowed('s3:GetObject').toSorted()).toEqual(
      [...listsInMemory, 'Worker: lists'].map(roleOf).toSorted(),
    );
    expect(rolesAllowed('s3:PutObject')).toEqual([roleOf('Worker: lists')]);
    expect(rolesAllowed('s3:AbortMultipartUpload')).toEqual([roleOf('Worker: lists')]);
  });

  it('gives the lists in memory and their worker the memory a 500 000-record enabler needs', () => {
    const { template } = demo();
    const functions = template.findResources('AWS::Lambda::Function');
    for (const description of [...listsInMemory, 'Worker: lists']) {
      // A new instance of the list peaks at about 460 MB resident at 500 000 members.
      expect(
        functions[functionIdByDescription(template, description)]?.Properties.MemorySize,
      ).toBeGreaterThanOrEqual(1024);
    }
    // The worker's heap is bounded below its memory, so that a large rebuild's garbage is collected in time.
    const worker = functions[functionIdByDescription(template, 'Worker: lists')]?.Properties;
    expect(worker.Environment.Variables.NODE_OPTIONS).toContain(
      `--max-old-space-size=${LISTS_WORKER_HEAP_MB}`,
    );
    expect(LISTS_WORKER_HEAP_MB).toBeLessThanOrEqual(worker.MemorySize * 0.75);
  });

  it('refreshes every snapshot on a schedule, one enabler and list per message of the snapshots queue', () => {
    const { template } = demo();
    const rule = only(
      Object.values(template.findResources('AWS::Events::Rule')).filter(
        (each) =>
          getAttOf(each.Properties.Targets[0].Arn)[0] ===
          functionIdByDescription(template, 'Worker: snapshot-schedule'),
      ),
    );
    expect(rule.Properties.ScheduleExpression).toBe('rate(6 hours)');
    // The refreshes are run a few at a time, each in the time the worker has: a sixth of the queue's.
    const environment = anyFunctionEnvironment(template);
    const queueArn = { 'Fn::GetAtt': [refOf(environment[queueUrlVariable('snapshots')]), 'Arn'] };
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: queueArn,
      FunctionName: { Ref: functionIdByDescription(template, 'Worker: lists') },
      BatchSize: 1,
      ScalingConfig: { MaximumConcurrency: 4 },
    });
    const worker =
      template.findResources('AWS::Lambda::Function')[functionIdByDescription(template, 'Worker: lists')];
    expect(worker?.Properties.Timeout * 6).toBe(queueDefinitions.snapshots.visibilityTimeoutSeconds);
  });
});

describe('the outbox relay', () => {
  it('runs every minute, within the minute, and may send to every queue of a job or a mail', () => {
    const { template } = demo();
    const relay = functionIdByDescription(template, 'Worker: outbox-relay');
    const rule = only(
      Object.values(template.findResources('AWS::Events::Rule')).filter(
        (each) => getAttOf(each.Properties.Targets[0].Arn)[0] === relay,
      ),
    );
    expect(rule.Properties.ScheduleExpression).toBe('rate(1 minute)');
    expect(template.findResources('AWS::Lambda::Function')[relay]?.Properties.Timeout).toBeLessThan(60);
  });
});

describe('the HTTP API', () => {
  it('has one route per entry of the route table, plus the JSON 404 fallback', () => {
    const routeKeys = Object.values(demo().template.findResources('AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties.RouteKey as string,
    );
    const expected = [
      ...routes.map((route) => `${route.method} ${API_BASE}${route.path}`),
      `ANY ${API_BASE}/{proxy+}`,
    ];
    expect(routeKeys.toSorted()).toEqual(expected.toSorted());
  });

  it("sends each route to its resource's function with payload format 2.0, behind the origin check alone", () => {
    const { template } = demo();
    const authorizerId = onlyId(template.findResources('AWS::ApiGatewayV2::Authorizer'));
    const integrations = template.findResources('AWS::ApiGatewayV2::Integration');
    const functions = template.findResources('AWS::Lambda::Function');
    const descriptionByRouteKey = new Map(
      Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((route) => {
        expect(route.Properties.AuthorizationType).toBe('CUSTOM');
        expect(route.Properties.AuthorizerId).toEqual({ Ref: authorizerId });
        const integrationId = refOf(route.Properties.Target['Fn::Join'][1][1]);
        const integration = integrations[integrationId]?.Properties;
        expect(integration?.PayloadFormatVersion).toBe('2.0');
        const [functionId] = getAttOf(integration?.IntegrationUri);
        return [route.Properties.RouteKey as string, functions[functionId]?.Properties.Description as string];
      }),
    );
    for (const route of routes) {
      expect(descriptionByRouteKey.get(`${route.method} ${API_BASE}${route.path}`)).toBe(
        `API resource: ${route.resource}`,
      );
    }
    expect(descriptionByRouteKey.get(`ANY ${API_BASE}/{proxy+}`)).toBe('API resource: not-found');
  });

  it('answers only calls carrying the header CloudFront adds, whose value is a secret of the stack', () => {
    const { template } = demo();
    const authorizer = only(Object.values(template.findResources('AWS::ApiGatewayV2::Authorizer')));
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      EnableSimpleResponses: true,
      IdentitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      AuthorizerPayloadFormatVersion: '2.0',
    });
    const secretId = onlyId(
      template.findResources('AWS::SecretsManager::Secret', {
        Properties: { Description: Match.stringLikeRegexp("CloudFront's header") },
      }),
    );
    const distribution = only(Object.values(template.findResources('AWS::CloudFront::Distribution')));
    const apiOrigin = (
      distribution.Properties.DistributionConfig.Origins as {
        CustomOriginConfig?: unknown;
        OriginCustomHeaders?: unknown;
      }[]
    ).find((origin) => origin.CustomOriginConfig);
    expect(JSON.stringify(apiOrigin?.OriginCustomHeaders)).toContain(ORIGIN_VERIFY_HEADER);
    expect(JSON.stringify(apiOrigin?.OriginCustomHeaders)).toContain(`{"Ref":"${secretId}"}`);
    expect(JSON.stringify(apiOrigin?.OriginCustomHeaders)).toContain('{{resolve:secretsmanager:');
  });

  it('throttles its stage', () => {
    const stage = only(Object.values(demo().template.findResources('AWS::ApiGatewayV2::Stage')));
    expect(stage.Properties.StageName).toBe('$default');
    expect(stage.Properties.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThan(0);
    expect(stage.Properties.DefaultRouteSettings.ThrottlingBurstLimit).toBeGreaterThan(0);
  });
});

describe('the functions', () => {
  it('are one per resource, the fallback and one per worker, on nodejs22.x and arm64', () => {
    const functions = Object.values(ourFunctions(demo().template));
    expect(functions).toHaveLength(resources.length + 1 + workers.length);
    const descriptions = functions.map((fn) => fn.Properties.Description as string);
    expect(descriptions.toSorted()).toEqual(
      [
        ...resources.map((name) => `API resource: ${name}`),
        'API resource: not-found',
        ...workers.map((worker) => `Worker: ${worker}`),
      ].toSorted(),
    );
    for (const fn of functions) {
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });
      if ((fn.Properties.Description as string).startsWith('API resource')) {
        expect(fn.Properties.Timeout).toBeLessThanOrEqual(29);
      }
    }
  });

  it('all get the table, the files bucket, the queues, the token secret, the app URL parameter and the mail sender', () => {
    const { template } = demo();
    const tableId = onlyId(mainTables(template));
    const secretId = onlyId(
      template.findResources('AWS::SecretsManager::Secret', {
        Properties: { Description: Match.stringLikeRegexp('Signs the access tokens') },
      }),
    );
    const parameter = only(Object.values(template.findResources('AWS::SSM::Parameter')));
    const filesBucketId = onlyId(
      template.findResources('AWS::S3::Bucket', {
        Properties: { VersioningConfiguration: { Status: 'Enabled' } },
      }),
    );
    for (const fn of Object.values(ourFunctions(template))) {
      const variables = fn.Properties.Environment.Variables;
      expect(variables).toMatchObject({
        [environmentVariables.tableName]: { Ref: tableId },
        [environmentVariables.filesBucket]: { Ref: filesBucketId },
        [environmentVariables.jwtSecretArn]: { Ref: secretId },
        [environmentVariables.appUrlParameter]: parameter.Properties.Name,
        [environmentVariables.mailFrom]: 'no-reply@example.org',
        [environmentVariables.environmentName]: 'demo',
      });
      // A static name, or the functions would depend on the distribution that depends on them.
      expect(typeof variables[environmentVariables.appUrlParameter]).toBe('string');
      for (const name of queueNames) expect(refOf(variables[queueUrlVariable(name)])).toBeTypeOf('string');
    }
  });

  it('keep their logs for a bounded time', () => {
    const { template } = demo();
    const logGroups = template.findResources('AWS::Logs::LogGroup');
    for (const fn of Object.values(ourFunctions(template))) {
      expect(logGroups[refOf(fn.Properties.LoggingConfig.LogGroup)]?.Properties.RetentionInDays).toBe(30);
    }
  });

  it('let only the mail worker send mail, and only as MAIL_FROM', () => {
    const { template } = demo();
    const policy = only(
      Object.values(
        template.findResources('AWS::IAM::Policy', {
          Properties: {
            PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'ses:SendEmail' })]) },
          },
        }),
      ),
    );
    const mailWorker =
      template.findResources('AWS::Lambda::Function')[functionIdByDescription(template, 'Worker: mail')];
    expect(policy.Properties.Roles).toEqual([{ Ref: getAttOf(mailWorker?.Properties.Role)[0] }]);
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Action: 'ses:SendEmail',
        Condition: { StringEquals: { 'ses:FromAddress': 'no-reply@example.org' } },
      }),
    );
  });
});

describe('the buckets', () => {
  it('block public access, encrypt at rest and refuse plain HTTP', () => {
    const { template } = demo();
    const buckets = template.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(3);
    for (const [id, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  it('version the files bucket', () => {
    const { template } = demo();
    const filesBucketId = refOf(anyFunctionEnvironment(template)[environmentVariables.filesBucket]);
    expect(
      template.findResources('AWS::S3::Bucket')[filesBucketId]?.Properties.VersioningConfiguration,
    ).toEqual({
      Status: 'Enabled',
    });
  });
});

describe('the CloudFront distribution', () => {
  const distributionConfig = (template: Template) =>
    only(Object.values(template.findResources('AWS::CloudFront::Distribution'))).Properties
      .DistributionConfig;
  /** The code of the viewer-request function a behaviour runs. */
  const viewerRequestCode = (template: Template, behaviour: unknown): string => {
    const { FunctionAssociations } = behaviour as {
      FunctionAssociations: { EventType: string; FunctionARN: { 'Fn::GetAtt': string[] } }[];
    };
    const association = only(FunctionAssociations);
    expect(association.EventType).toBe('viewer-request');
    const id = association.FunctionARN['Fn::GetAtt'][0] as string;
    return template.findResources('AWS::CloudFront::Function')[id]?.Properties.FunctionCode as string;
  };

  it('sends /api/* to the HTTP API: every method, no caching, viewer headers (cookies too) but Host', () => {
    const { template } = demo();
    const config = distributionConfig(template);
    const api = only(config.CacheBehaviors as { PathPattern: string; TargetOriginId: string }[]);
    expect(api).toMatchObject({
      PathPattern: `${API_BASE}/*`,
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    const origin = (config.Origins as { Id: string; DomainName: unknown }[]).find(
      ({ Id }) => Id === api.TargetOriginId,
    );
    const apiId = onlyId(template.findResources('AWS::ApiGatewayV2::Api'));
    expect(JSON.stringify(origin?.DomainName)).toContain(`["${apiId}","ApiEndpoint"]`);
    expect(origin).toMatchObject({ CustomOriginConfig: { OriginProtocolPolicy: 'https-only' } });
  });

  it('names to the API the host the browser asked for, replacing a viewer’s own value', () => {
    const { template } = demo();
    const api = only(distributionConfig(template).CacheBehaviors);
    const code = viewerRequestCode(template, api);
    // The function of the local server's rule, written once.
    expect(code).toBe(viewerHostFunctionCode);
    const handler = new Function(`${code}\nreturn handler;`)() as (event: {
      request: { headers: Record<string, { value: string }> };
    }) => { headers: Record<string, { value: string }> };
    const forwarded = handler({
      request: {
        headers: { host: { value: 'app.example.org' }, 'x-viewer-host': { value: 'attacker.example' } },
      },
    });
    expect(forwarded.headers['x-viewer-host']).toEqual({ value: 'app.example.org' });
    expect(forwarded.headers.host).toEqual({ value: 'app.example.org' });
  });

  it('serves the SPA from S3 through origin access control, routing with a function, not with error pages', () => {
    const { template } = demo();
    const config = distributionConfig(template);
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [{ EventType: 'viewer-request' }],
    });
    const spaOrigin = (config.Origins as { Id: string }[]).find(
      ({ Id }) => Id === config.DefaultCacheBehavior.TargetOriginId,
    );
    const directoryBucketId = refOf(
      anyFunctionEnvironment(template)[environmentVariables.memberDirectoryBucket],
    );
    const bucketId = only(
      Object.keys(
        template.findResources('AWS::S3::Bucket', {
          Properties: { VersioningConfiguration: Match.absent() },
        }),
      ).filter((id) => id !== directoryBucketId),
    );
    const accessControlId = onlyId(template.findResources('AWS::CloudFront::OriginAccessControl'));
    expect(spaOrigin).toMatchObject({
      DomainName: { 'Fn::GetAtt': [bucketId, 'RegionalDomainName'] },
      OriginAccessControlId: { 'Fn::GetAtt': [accessControlId, 'Id'] },
    });
  });

  it('answers SPA routes with index.html and leaves files alone', () => {
    const { template } = demo();
    const code = viewerRequestCode(template, distributionConfig(template).DefaultCacheBehavior);
    // The rule of the local server, written once: the code is built from it.
    expect(code).toBe(spaFallbackFunctionCode);
    const handler = new Function(`${code}\nreturn handler;`)() as (event: { request: { uri: string } }) => {
      uri: string;
    };
    const served = (uri: string) => handler({ request: { uri } }).uri;
    expect(served('/')).toBe('/index.html');
    expect(served('/Members')).toBe('/index.html');
    expect(served('/Member/42/Field/7')).toBe('/index.html');
    expect(served('/UpdateUser/agent@example.org')).toBe('/index.html');
    expect(served('/UpdateUser/agent%40example.org')).toBe('/index.html');
    expect(served('/assets/index-3f2a1b.js')).toBe('/assets/index-3f2a1b.js');
    expect(served('/config.json')).toBe('/config.json');
    expect(served('/favicon.ico')).toBe('/favicon.ico');
  });

  it('adds the security headers to the SPA and to the API', () => {
    const { template } = demo();
    const policyId = onlyId(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const config = distributionConfig(template);
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(config.CacheBehaviors[0].ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    const headers = template.findResources('AWS::CloudFront::ResponseHeadersPolicy')[policyId]?.Properties
      .ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers).toMatchObject({
      StrictTransportSecurity: { IncludeSubdomains: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY' },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
    });
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    // The policy names the files bucket, a token: CloudFormation joins its parts.
    const [separator, parts] = headers.ContentSecurityPolicy.ContentSecurityPolicy['Fn::Join'] as [
      string,
      unknown[],
    ];
    const csp = parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(separator);
    const filesBucketId = refOf(anyFunctionEnvironment(template)[environmentVariables.filesBucket]);
    expect(csp).toContain(
      `connect-src 'self' https://${JSON.stringify({ 'Fn::GetAtt': [filesBucketId, 'RegionalDomainName'] })};`,
    );
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(
      "img-src 'self' data: https://tile.openstreetmap.org https://server.arcgisonline.com",
    );
  });

  it('deploys config.json with the environment label next to the SPA', () => {
    const { outdir } = demo();
    const configs = readdirSync(outdir)
      .map((entry) => join(outdir, entry, 'config.json'))
      .filter((path) => existsSync(path))
      .map((path) => JSON.parse(readFileSync(path, 'utf8')) as unknown);
    expect(configs).toEqual([{ environment: 'demo' }]);
  });

  it('deploys the built files without their pre-compressed copies and the build manifest', () => {
    const dist = mkdtempSync(join(tmpdir(), 'spa-dist-'));
    try {
      mkdirSync(join(dist, 'assets'));
      mkdirSync(join(dist, '.vite'));
      for (const file of [
        'index.html',
        'assets/index-1.js',
        'assets/index-1.js.br',
        'assets/index-1.js.gz',
      ]) {
        writeFileSync(join(dist, file), file);
      }
      writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
      const { outdir } = synthesize({ environmentName: 'dev', spaContent: spaContentFrom(dist) });
      const staged = readdirSync(outdir)
        .map((entry) => join(outdir, entry))
        .filter((path) => existsSync(join(path, 'assets', 'index-1.js')));
      expect(staged).toHaveLength(1);
      const stagedDir = staged[0] as string;
      expect(readdirSync(stagedDir).sort()).toEqual(['assets', 'index.html']);
      expect(readdirSync(join(stagedDir, 'assets'))).toEqual(['index-1.js']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('takes a custom domain with a TLS 1.2 floor, and mails link to it', () => {
    const { template } = synthesize({
      environmentName: 'prod',
      customDomain: {
        domainName: 'backoffice.example.org',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
      },
    });
    expect(distributionConfig(template)).toMatchObject({
      Aliases: ['backoffice.example.org'],
      ViewerCertificate: { MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
    });
    template.hasResourceProperties('AWS::SSM::Parameter', {
      Name: '/crop-protection/prod/app-url',
      Value: 'https://backoffice.example.org',
    });
  });
});

describe('the stack', () => {
  it('outputs the distribution URL, the API URL and the table name', () => {
    const { template } = demo();
    const tableId = onlyId(mainTables(template));
    template.hasOutput('DistributionUrl', Match.anyValue());
    template.hasOutput('ApiUrl', Match.anyValue());
    template.hasOutput('TableName', { Value: { Ref: tableId } });
  });

  it('refuses an environment name that cannot go into resource names', () => {
    expect(() => synthesize({ environmentName: 'Demo' })).toThrow(/Environment name/);
  });
});
