import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { CropProtectionStack } from '../../../lib/crop-protection-stack.ts';
import { PLACEHOLDER_ENVIRONMENT } from '../../../lib/deployment-target.ts';
import { stackProps, templateApp } from '../../../lib/testing/stacks-under-test.ts';
import type { TemplateResources } from '../../../lib/testing/template-values.ts';
import type { AwsCallRecord } from './recorder.ts';
import {
  checkCalls,
  deployedRequest,
  deployedStack,
  rightsOf,
  stackReasonFor,
  type Right,
} from './role-check.ts';

const stack = deployedStack(
  Template.fromStack(
    new CropProtectionStack(
      templateApp(),
      'CropProtection-demo',
      stackProps({ environmentName: 'demo', env: PLACEHOLDER_ENVIRONMENT }),
    ),
  ).toJSON().Resources as TemplateResources,
  PLACEHOLDER_ENVIRONMENT,
);
const rightOf = (name: string, action: string, resource: RegExp): Right => {
  const fn = stack.functions.get(name);
  const right =
    fn && rightsOf(fn).find((candidate) => candidate.action === action && resource.test(candidate.resource));
  if (!right) throw new Error(`${name} has no right ${action} on ${String(resource)}`);
  return right;
};

const record = (
  fields: Partial<AwsCallRecord> & Pick<AwsCallRecord, 'function' | 'action'>,
): AwsCallRecord => ({
  context: {},
  ...fields,
});
const tableWrite = (name: string, action: string, prefix: string) =>
  record({
    function: name,
    action,
    resource: { kind: 'table', variable: 'TABLE_NAME' },
    context: { 'dynamodb:LeadingKeys': [prefix] },
  });

describe("a recorded call against the deployed stack's roles", () => {
  it("finds the call's resource through the deployed function's environment", () => {
    const requestOf = (name: string, action: string, resource: AwsCallRecord['resource']) =>
      deployedRequest(stack, record({ function: name, action, resource }));
    const sent = requestOf('auth', 'sqs:SendMessage', { kind: 'queue', variable: 'MAIL_QUEUE_URL' });
    expect(sent).toMatchObject({
      arns: [expect.stringMatching(/^arn:aws:sqs:xx-placeholder-1:000000000000:WorkQueuesmailqueue/u)],
    });
    const mailed = requestOf('mail-worker', 'ses:SendEmail', {
      kind: 'mail-identity',
      variable: 'MAIL_FROM',
    });
    expect(mailed).toMatchObject({
      arns: [
        'arn:aws:ses:xx-placeholder-1:000000000000:identity/no-reply@example.org',
        'arn:aws:ses:xx-placeholder-1:000000000000:identity/example.org',
      ],
      context: { 'ses:FromAddress': 'no-reply@example.org' },
    });
  });

  it('says why a call has no deployed resource', () => {
    const problemOf = (fields: AwsCallRecord) =>
      (deployedRequest(stack, fields) as { problem: string }).problem;
    expect(problemOf(record({ function: 'billing', action: 'dynamodb:GetItem' }))).toMatch(
      /no function billing/u,
    );
    expect(problemOf(record({ function: 'auth', action: 'unmapped:DynamoDBClient.DescribeTable' }))).toMatch(
      /does not map this call/u,
    );
    expect(
      problemOf(
        record({
          function: 'auth',
          action: 'dynamodb:GetItem',
          resource: { kind: 'table', localName: 'other' },
        }),
      ),
    ).toMatch(/\(other\) is named by no variable/u);
    expect(
      problemOf(
        record({
          function: 'auth',
          action: 'sqs:SendMessage',
          resource: { kind: 'queue', variable: 'NO_SUCH_URL' },
        }),
      ),
    ).toMatch(/has no variable NO_SUCH_URL/u);
  });

  it('allows what a role grants, names the rights it used, and refuses the rest with the function, action and resource', async () => {
    const checked = await checkCalls(stack, [
      tableWrite('reports', 'dynamodb:UpdateItem', 'LOG#'),
      tableWrite('admin-logs', 'dynamodb:PutItem', 'LOG#'),
      tableWrite('admin-logs', 'dynamodb:PutItem', 'USER#'),
      tableWrite('reports', 'dynamodb:DeleteItem', 'REPORTS'),
    ]);
    expect(checked.refused).toEqual([
      expect.stringMatching(
        /^admin-logs: dynamodb:PutItem on arn:aws:dynamodb:.*:table\/DataStoreTable\S* with dynamodb:LeadingKeys USER# is refused/u,
      ),
      expect.stringMatching(
        /^reports: dynamodb:DeleteItem on arn:aws:dynamodb:.*:table\/DataStoreTable\S* with dynamodb:LeadingKeys REPORTS is refused/u,
      ),
    ]);
    expect([...checked.used].sort()).toEqual([
      expect.stringMatching(
        /^admin-logs: dynamodb:PutItem on \S+ if \{"ForAllValues:StringLike":\{"dynamodb:LeadingKeys":\["LOG#\*"\]\}\}$/u,
      ),
      expect.stringMatching(/^reports: dynamodb:UpdateItem on arn:aws:dynamodb:\S+$/u),
    ]);
  });

  it("knows the rights the stack needs besides the code's calls: logs, event sources and their dead letters", () => {
    expect(stackReasonFor(stack, rightOf('auth', 'logs:PutLogEvents', /log-group/u))).toMatch(/log group/u);
    expect(stackReasonFor(stack, rightOf('mail-worker', 'sqs:ReceiveMessage', /mailqueue/u))).toMatch(
      /its queue/u,
    );
    expect(stackReasonFor(stack, rightOf('aggregates-worker', 'dynamodb:ListStreams', /^\*$/u))).toMatch(
      /stream/u,
    );
    expect(
      stackReasonFor(stack, rightOf('aggregates-worker', 'sqs:SendMessage', /streamdeadletters/u)),
    ).toMatch(/dead-letter/u);
    expect(
      stackReasonFor(stack, rightOf('mirror-worker', 'sqs:SendMessage', /mirrorqueue/u)),
    ).toBeUndefined();
    expect(stackReasonFor(stack, rightOf('auth', 'dynamodb:GetItem', /table/u))).toBeUndefined();
  });

  it('refuses a condition on leading keys finer than the prefix the recorder keeps', () => {
    const policy = (pattern: string): TemplateResources => ({
      Fn: {
        Type: 'AWS::Lambda::Function',
        Properties: {
          Description: 'API resource: me',
          Role: { 'Fn::GetAtt': ['Role', 'Arn'] },
          LoggingConfig: { LogGroup: { Ref: 'Logs' } },
          Environment: { Variables: {} },
        },
      },
      Role: { Type: 'AWS::IAM::Role' },
      Logs: { Type: 'AWS::Logs::LogGroup' },
      Policy: {
        Type: 'AWS::IAM::Policy',
        Properties: {
          Roles: [{ Ref: 'Role' }],
          PolicyDocument: {
            Statement: [
              {
                Effect: 'Allow',
                Action: 'dynamodb:PutItem',
                Resource: '*',
                Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [pattern] } },
              },
            ],
          },
        },
      },
    });
    expect(() => deployedStack(policy('LOG#*'), PLACEHOLDER_ENVIRONMENT)).not.toThrow();
    expect(() => deployedStack(policy('LOG#2026*'), PLACEHOLDER_ENVIRONMENT)).toThrow(
      /finer than a key's prefix/u,
    );
  });
});
