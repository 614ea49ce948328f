import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { resources } from '@cpbo/functions/http/routes.ts';
import { queueNames } from '@cpbo/functions/domain/queues.ts';
import { workers } from '@cpbo/functions/workers/workers.ts';
import { CropProtectionStack } from './crop-protection-stack.ts';
import type { FunctionName } from './function-permissions.ts';
import { stackProps, templateApp } from './testing/stacks-under-test.ts';
import { backendFunctionsOf, rolePoliciesOf } from './testing/template-functions.ts';

/*
 * Every right of every function's role, written out: a right added to function-permissions.ts (or by
 * a grant anywhere else) without this table changing fails the test, and so does a right widened to
 * more resources or looser conditions, which the check of the recorded calls cannot see (a wider
 * right still allows them: local/testing/aws-calls/function-roles.permissions.test.ts proves that
 * each right is needed and enough). Resources are shown by the logical names of the stack's
 * resources ("Table.Arn/index/*", "queue:mail.Arn").
 */

const stack = new CropProtectionStack(
  templateApp(),
  'CropProtection-demo',
  stackProps({ environmentName: 'demo' }),
);
const template = Template.fromStack(stack);
const resourcesOf = template.toJSON().Resources as Record<
  string,
  { Type: string; Properties: Record<string, unknown> }
>;

/** Readable names for the logical ids that rights point at. */
const friendlyNames = new Map<string, string>();
const nameById = (
  type: string,
  match: (id: string, properties: Record<string, unknown>) => string | undefined,
) => {
  for (const [id, resource] of Object.entries(resourcesOf)) {
    if (resource.Type !== type) continue;
    const name = match(id, resource.Properties);
    if (name) friendlyNames.set(id, name);
  }
};
nameById('AWS::DynamoDB::Table', (_, properties) =>
  properties.StreamSpecification ? 'Table' : 'MirrorTable',
);
nameById('AWS::S3::Bucket', (id) =>
  id.includes('FilesBucket')
    ? 'FilesBucket'
    : id.includes('MemberDirectoryBucket')
      ? 'MemberDirectoryBucket'
      : undefined,
);
nameById('AWS::SecretsManager::Secret', (id) =>
  id.startsWith('OriginVerify') ? 'OriginVerifySecret' : 'TokenSecret',
);
nameById('AWS::SQS::Queue', (id) => {
  const dead = /deadletters/i.test(id);
  for (const name of queueNames)
    if (id.startsWith(`WorkQueues${name}`)) return `${dead ? 'dlq' : 'queue'}:${name}`;
  const stream = /Functions(.*)streamdeadletters/i.exec(id);
  return stream ? `stream-dlq:${stream[1] || 'aggregates'}` : undefined;
});

const render = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const object = value as Record<string, unknown>;
  if ('Ref' in object) return friendlyNames.get(object.Ref as string) ?? String(object.Ref);
  if ('Fn::GetAtt' in object) {
    const [id, attribute] = object['Fn::GetAtt'] as [string, string];
    return `${friendlyNames.get(id) ?? id}.${attribute}`;
  }
  if ('Fn::Join' in object) {
    const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
    return parts.map(render).join(separator);
  }
  return JSON.stringify(value);
};

/** The API's origin check (origin-verify.ts): its role's logical id. */
let originCheckRole: string | undefined;
for (const resource of Object.values(resourcesOf)) {
  if (resource.Type !== 'AWS::Lambda::Function') continue;
  if (resource.Properties.Description !== 'Checks that a call to the API came through CloudFront') continue;
  originCheckRole = (resource.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
  friendlyNames.set(
    (resource.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref,
    'logs:origin-check',
  );
}
/** The function's construct name ('auth', 'mail-worker') by its role's logical id. */
const functionByRole = new Map<string, FunctionName>();
for (const { name, roleId, logGroupId } of backendFunctionsOf(resourcesOf)) {
  functionByRole.set(roleId, name);
  friendlyNames.set(logGroupId, `logs:${name}`);
}

/** Each function's rights: "action resource" lines, and the condition when there is one. */
const rightsByFunction = (): Map<FunctionName | 'origin-check', string[]> => {
  const rights = new Map<FunctionName | 'origin-check', string[]>();
  const roles: [FunctionName | 'origin-check', string][] = [
    ...[...functionByRole].map(([role, name]) => [name, role] as [FunctionName, string]),
    ...(originCheckRole ? [['origin-check', originCheckRole] as ['origin-check', string]] : []),
  ];
  for (const [name, role] of roles) {
    const lines: string[] = [];
    for (const { document } of rolePoliciesOf(resourcesOf, role)) {
      for (const statement of document.Statement) {
        expect(statement.Effect).toBe('Allow');
        const condition = statement.Condition ? ` if ${JSON.stringify(statement.Condition)}` : '';
        for (const action of [statement.Action].flat())
          for (const target of [statement.Resource].flat())
            lines.push(`${action} ${render(target)}${condition}`);
      }
    }
    if (lines.length > 0) rights.set(name, [...new Set(lines)].toSorted());
  }
  return rights;
};

/** The application's log lines, for the functions that write nothing else there. */
const logCondition = '{"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["LOG#*"]}}';
const LOG_PUT = `dynamodb:PutItem Table.Arn if ${logCondition}`;
const LOG_UPDATE = `dynamodb:UpdateItem Table.Arn if ${logCondition}`;
const LOG_WRITES = [LOG_PUT, LOG_UPDATE];
/** The transactional outbox's messages (data/jobs/outbox.ts), for the functions that write nothing else there. */
const outboxCondition = '{"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["OUTBOX#*"]}}';
const OUTBOX_PUT = `dynamodb:PutItem Table.Arn if ${outboxCondition}`;
const OUTBOX_DELETE = `dynamodb:DeleteItem Table.Arn if ${outboxCondition}`;
/** Every function writes its own log group. */
const logsOf = (name: string) => [
  `logs:CreateLogStream logs:${name}.Arn`,
  `logs:PutLogEvents logs:${name}.Arn`,
];

/** The API's handlers' common rights: single items of the table, and queries of it and its indexes. */
const TABLE_ITEMS = [
  'dynamodb:DeleteItem Table.Arn',
  'dynamodb:GetItem Table.Arn',
  'dynamodb:PutItem Table.Arn',
  'dynamodb:Query Table.Arn',
  'dynamodb:Query Table.Arn/index/*',
  'dynamodb:UpdateItem Table.Arn',
];
/** The member lists' files, which the lists' readers read. */
const DIRECTORY_READ = [
  's3:GetObject MemberDirectoryBucket.Arn/*',
  's3:ListBucket MemberDirectoryBucket.Arn',
];
/** The key that signs and checks access tokens. */
const TOKEN = 'secretsmanager:GetSecretValue TokenSecret';
/** The table's stream, which a stream worker reads. */
const STREAM_READ = [
  'dynamodb:DescribeStream Table.StreamArn',
  'dynamodb:GetRecords Table.StreamArn',
  'dynamodb:GetShardIterator Table.StreamArn',
  'dynamodb:ListStreams *',
];
/** Where a stream worker sets aside the changes it failed on. */
const streamDeadLettersOf = (stream: string) =>
  ['GetQueueAttributes', 'GetQueueUrl', 'SendMessage'].map(
    (action) => `sqs:${action} stream-dlq:${stream}.Arn`,
  );
/** A queue's worker: receives its messages, holds them while at work, deletes them once done. */
const consumerOf = (queue: string) =>
  ['ChangeMessageVisibility', 'DeleteMessage', 'GetQueueAttributes', 'GetQueueUrl', 'ReceiveMessage'].map(
    (action) => `sqs:${action} queue:${queue}.Arn`,
  );
/** The administrators' money records (contributions, payouts, cashouts): one handler's rights each. */
const adminMoneyRights = (name: FunctionName) => [
  ...logsOf(name),
  'dynamodb:BatchGetItem Table.Arn',
  ...TABLE_ITEMS,
  ...DIRECTORY_READ,
  TOKEN,
];

const expectedRights: Record<FunctionName, string[]> = {
  auth: [
    ...logsOf('auth'),
    'dynamodb:BatchWriteItem Table.Arn',
    'dynamodb:ConditionCheckItem Table.Arn',
    ...TABLE_ITEMS,
    TOKEN,
    'sqs:SendMessage queue:mail.Arn',
  ],
  registration: [
    ...logsOf('registration'),
    'dynamodb:BatchWriteItem Table.Arn',
    'dynamodb:DeleteItem Table.Arn',
    'dynamodb:GetItem Table.Arn',
    'dynamodb:PutItem Table.Arn',
    'dynamodb:Query Table.Arn',
    'dynamodb:UpdateItem Table.Arn',
    'sqs:SendMessage queue:mail.Arn',
    'ssm:GetParameter arn:AWS::Partition:ssm:AWS::Region:AWS::AccountId:parameter/crop-protection/demo/app-url',
  ],
  me: [
    ...logsOf('me'),
    'dynamodb:GetItem Table.Arn',
    'dynamodb:Query Table.Arn',
    'dynamodb:UpdateItem Table.Arn',
    TOKEN,
  ],
  members: [...logsOf('members'), ...TABLE_ITEMS, ...DIRECTORY_READ, TOKEN],
  'admin-enablers': [
    ...logsOf('admin-enablers'),
    'dynamodb:BatchGetItem Table.Arn',
    'dynamodb:BatchWriteItem Table.Arn',
    ...TABLE_ITEMS,
    TOKEN,
  ],
  'admin-members': [
    ...logsOf('admin-members'),
    'dynamodb:BatchGetItem Table.Arn',
    ...TABLE_ITEMS,
    TOKEN,
    'sqs:SendMessage queue:memberDeletion.Arn',
  ],
  'admin-plots': [
    ...logsOf('admin-plots'),
    'dynamodb:ConditionCheckItem Table.Arn',
    ...TABLE_ITEMS,
    ...DIRECTORY_READ,
    TOKEN,
  ],
  'admin-contributions': adminMoneyRights('admin-contributions'),
  'admin-payouts': adminMoneyRights('admin-payouts'),
  'admin-cashouts': adminMoneyRights('admin-cashouts'),
  'admin-users': [
    ...logsOf('admin-users'),
    'dynamodb:BatchWriteItem Table.Arn',
    'dynamodb:ConditionCheckItem Table.Arn',
    ...TABLE_ITEMS,
    TOKEN,
    'sqs:SendMessage queue:mail.Arn',
    'ssm:GetParameter arn:AWS::Partition:ssm:AWS::Region:AWS::AccountId:parameter/crop-protection/demo/app-url',
  ],
  'admin-logs': [
    ...LOG_WRITES,
    ...logsOf('admin-logs'),
    'dynamodb:BatchGetItem Table.Arn',
    'dynamodb:GetItem Table.Arn',
    'dynamodb:Query Table.Arn',
    'dynamodb:Query Table.Arn/index/*',
    TOKEN,
  ],
  'admin-reports': [
    ...LOG_WRITES,
    ...logsOf('admin-reports'),
    'dynamodb:GetItem Table.Arn',
    'dynamodb:Query Table.Arn',
    TOKEN,
  ],
  'admin-mirror': [
    ...logsOf('admin-mirror'),
    'dynamodb:GetItem Table.Arn',
    LOG_PUT,
    'dynamodb:UpdateItem Table.Arn',
    TOKEN,
    'sqs:SendMessage queue:mirror.Arn',
    OUTBOX_PUT,
    OUTBOX_DELETE,
  ],
  exports: [
    ...logsOf('exports'),
    'dynamodb:GetItem Table.Arn',
    'dynamodb:PutItem Table.Arn',
    LOG_UPDATE,
    's3:GetObject FilesBucket.Arn/exports/*',
    TOKEN,
    'sqs:SendMessage queue:export.Arn',
    OUTBOX_DELETE,
  ],
  imports: [
    ...logsOf('imports'),
    'dynamodb:GetItem Table.Arn',
    'dynamodb:PutItem Table.Arn',
    LOG_UPDATE,
    's3:GetObject FilesBucket.Arn/imports/*',
    's3:ListBucket FilesBucket.Arn',
    's3:PutObject FilesBucket.Arn/imports/*',
    TOKEN,
    'sqs:SendMessage queue:import.Arn',
    OUTBOX_DELETE,
  ],
  'admin-benefit-runs': [
    ...logsOf('admin-benefit-runs'),
    'dynamodb:BatchGetItem Table.Arn',
    ...TABLE_ITEMS,
    's3:GetObject FilesBucket.Arn/benefit-runs/*',
    's3:ListBucket FilesBucket.Arn',
    's3:PutObject FilesBucket.Arn/benefit-runs/*',
    TOKEN,
    'sqs:SendMessage queue:benefit.Arn',
  ],
  dashboard: [
    ...logsOf('dashboard'),
    'dynamodb:DeleteItem Table.Arn',
    'dynamodb:GetItem Table.Arn',
    'dynamodb:PutItem Table.Arn',
    'dynamodb:Query Table.Arn',
    'dynamodb:UpdateItem Table.Arn',
    TOKEN,
    'sqs:SendMessage queue:rebuild.Arn',
  ],
  reports: [
    ...logsOf('reports'),
    'dynamodb:GetItem Table.Arn',
    'dynamodb:PutItem Table.Arn',
    'dynamodb:UpdateItem Table.Arn',
    TOKEN,
  ],
  openapi: [...logsOf('openapi')],
  'not-found': [...logsOf('not-found')],
  'mail-worker': [
    'dynamodb:GetItem Table.Arn if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["MAILSENT#*"]}}',
    'dynamodb:PutItem Table.Arn if {"ForAllValues:StringLike":{"dynamodb:LeadingKeys":["MAILSENT#*"]}}',
    ...logsOf('mail-worker'),
    'ses:SendEmail arn:AWS::Partition:ses:AWS::Region:AWS::AccountId:identity/no-reply@example.org if {"StringEquals":{"ses:FromAddress":"no-reply@example.org"}}',
    'ses:SendEmail arn:AWS::Partition:ses:AWS::Region:AWS::AccountId:identity/example.org if {"StringEquals":{"ses:FromAddress":"no-reply@example.org"}}',
    ...consumerOf('mail'),
  ],
  'aggregates-worker': [
    ...logsOf('aggregates-worker'),
    ...STREAM_READ,
    'dynamodb:PutItem Table.Arn',
    'dynamodb:Query Table.Arn',
    'dynamodb:UpdateItem Table.Arn',
    ...streamDeadLettersOf('aggregates'),
  ],
  'lists-worker': [
    ...logsOf('lists-worker'),
    ...STREAM_READ,
    'dynamodb:Query Table.Arn/index/*',
    ...DIRECTORY_READ,
    's3:AbortMultipartUpload MemberDirectoryBucket.Arn/*',
    's3:PutObject MemberDirectoryBucket.Arn/*',
    ...consumerOf('snapshots'),
    ...streamDeadLettersOf('lists'),
  ],
  'snapshot-schedule-worker': [
    ...logsOf('snapshot-schedule-worker'),
    'dynamodb:BatchGetItem Table.Arn',
    'dynamodb:Query Table.Arn/index/*',
    'sqs:SendMessage queue:snapshots.Arn',
  ],
  'import-worker': [
    ...logsOf('import-worker'),
    'dynamodb:BatchGetItem Table.Arn',
    'dynamodb:BatchWriteItem Table.Arn',
    'dynamodb:DeleteItem Table.Arn',
    'dynamodb:GetItem Table.Arn',
    'dynamodb:PutItem Table.Arn',
    'dynamodb:Query Table.Arn/index/*',
    'dynamodb:UpdateItem Table.Arn',
    's3:GetObject FilesBucket.Arn/imports/*',
    ...consumerOf('import'),
  ],
  'export-worker': [
    ...logsOf('export-worker'),
    'dynamodb:BatchGetItem Table.Arn',
    'dynamodb:GetItem Table.Arn',
    LOG_PUT,
    'dynamodb:Query Table.Arn',
    'dynamodb:Query Table.Arn/index/*',
    'dynamodb:UpdateItem Table.Arn',
    's3:AbortMultipartUpload FilesBucket.Arn/exports/*',
    's3:PutObject FilesBucket.Arn/exports/*',
    ...consumerOf('export'),
  ],
  'mirror-worker': [
    ...logsOf('mirror-worker'),
    'dynamodb:BatchWriteItem MirrorTable.Arn',
    'dynamodb:GetItem Table.Arn',
    LOG_PUT,
    'dynamodb:Scan MirrorTable.Arn',
    'dynamodb:Scan Table.Arn',
    'dynamodb:UpdateItem Table.Arn',
    TOKEN,
    ...consumerOf('mirror'),
    'sqs:SendMessage queue:mirror.Arn',
    OUTBOX_PUT,
    OUTBOX_DELETE,
  ],
  'benefit-run-worker': [
    ...logsOf('benefit-run-worker'),
    'dynamodb:BatchGetItem Table.Arn',
    ...TABLE_ITEMS,
    's3:GetObject FilesBucket.Arn/benefit-runs/*',
    's3:PutObject FilesBucket.Arn/benefit-runs/*',
    ...consumerOf('benefit'),
    'sqs:SendMessage queue:benefit.Arn',
  ],
  'aggregates-rebuild-worker': [
    ...logsOf('aggregates-rebuild-worker'),
    'dynamodb:BatchWriteItem Table.Arn',
    'dynamodb:DeleteItem Table.Arn',
    'dynamodb:GetItem Table.Arn',
    LOG_PUT,
    'dynamodb:Query Table.Arn/index/*',
    'dynamodb:UpdateItem Table.Arn',
    's3:GetObject FilesBucket.Arn/rebuilds/*',
    's3:ListBucket FilesBucket.Arn',
    's3:PutObject FilesBucket.Arn/rebuilds/*',
    ...consumerOf('rebuild'),
    'sqs:SendMessage queue:rebuild.Arn',
    OUTBOX_PUT,
  ],
  'member-deletion-worker': [
    ...logsOf('member-deletion-worker'),
    'dynamodb:BatchWriteItem Table.Arn',
    'dynamodb:GetItem Table.Arn',
    LOG_PUT,
    'dynamodb:Query Table.Arn',
    'dynamodb:UpdateItem Table.Arn',
    ...consumerOf('memberDeletion'),
    'sqs:SendMessage queue:memberDeletion.Arn',
    OUTBOX_PUT,
    OUTBOX_DELETE,
  ],
  'outbox-relay-worker': [
    ...logsOf('outbox-relay-worker'),
    'dynamodb:Query Table.Arn/index/*',
    OUTBOX_DELETE,
    ...['mail', 'import', 'export', 'mirror', 'rebuild', 'memberDeletion', 'benefit'].map(
      (queue) => `sqs:SendMessage queue:${queue}.Arn`,
    ),
  ],
};

describe("each function's role", () => {
  it('is one per function, with no managed policy', () => {
    const functionNames = [...resources, 'not-found', ...workers.map((worker) => `${worker}-worker`)];
    expect([...functionByRole.values()].toSorted()).toEqual(functionNames.toSorted());
    for (const role of functionByRole.keys())
      expect(resourcesOf[role]?.Properties.ManagedPolicyArns).toBeUndefined();
  });

  it("lets the API's origin check read its own secret alone", () => {
    expect(originCheckRole).toBeDefined();
    expect(resourcesOf[originCheckRole as string]?.Properties.ManagedPolicyArns).toBeUndefined();
    expect(rightsByFunction().get('origin-check')).toEqual(
      [
        'logs:CreateLogStream logs:origin-check.Arn',
        'logs:PutLogEvents logs:origin-check.Arn',
        'secretsmanager:GetSecretValue OriginVerifySecret',
      ].toSorted(),
    );
  });

  it('allows exactly the actions, on exactly the resources, that the function uses', () => {
    const rights = rightsByFunction();
    for (const name of functionByRole.values()) {
      expect({ name, rights: rights.get(name) ?? [] }).toEqual({
        name,
        rights: expectedRights[name].toSorted(),
      });
    }
  });
});
