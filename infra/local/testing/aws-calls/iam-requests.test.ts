import { describe, expect, it } from 'vitest';
import type { AwsCall } from '@cpbo/functions/platform/aws-call-observer.ts';
import { iamRequestsOf, partitionPrefix } from './iam-requests.ts';

const variables: Record<string, string> = {
  'local-table': 'TABLE_NAME',
  'local-files': 'FILES_BUCKET',
  'https://sqs.local/000000000000/mail': 'MAIL_QUEUE_URL',
};
const variableOf = (name: string) => variables[name];
const dynamo = (commandName: string, input: Record<string, unknown>): AwsCall => ({
  clientName: 'DynamoDBClient',
  commandName,
  input,
});
const table = { kind: 'table', variable: 'TABLE_NAME' };

describe('the IAM requests of an AWS call', () => {
  it("keep of a partition key its prefix up to the first '#'", () => {
    expect(partitionPrefix('LOG#2026-11-27#abc')).toBe('LOG#');
    expect(partitionPrefix('REPORTS')).toBe('REPORTS');
  });

  it('name the item of a read or a write, marshalled or not', () => {
    expect(
      iamRequestsOf(
        dynamo('GetItemCommand', { TableName: 'local-table', Key: { pk: { S: 'USER#a' } } }),
        variableOf,
      ),
    ).toEqual([
      { action: 'dynamodb:GetItem', resource: table, context: { 'dynamodb:LeadingKeys': ['USER#'] } },
    ]);
    expect(
      iamRequestsOf(
        dynamo('PutItemCommand', { TableName: 'local-table', Item: { pk: 'LOG#1', sk: 'x' } }),
        variableOf,
      ),
    ).toEqual([
      { action: 'dynamodb:PutItem', resource: table, context: { 'dynamodb:LeadingKeys': ['LOG#'] } },
    ]);
  });

  it("name a query's partition through the expression's names, and its index", () => {
    const query = dynamo('QueryCommand', {
      TableName: 'local-table',
      IndexName: 'gsi1',
      KeyConditionExpression: '#p = :p AND begins_with(gsi1sk, :s)',
      ExpressionAttributeNames: { '#p': 'gsi1pk' },
      ExpressionAttributeValues: { ':p': 'ENABLER#e', ':s': 'MEMBER#' },
    });
    expect(iamRequestsOf(query, variableOf)).toEqual([
      {
        action: 'dynamodb:Query',
        resource: { ...table, index: 'gsi1' },
        context: { 'dynamodb:LeadingKeys': ['ENABLER#'] },
      },
    ]);
  });

  it('check each item of a transaction with its own action, and a batch with the prefixes of all its items', () => {
    const transaction = dynamo('TransactWriteItemsCommand', {
      TransactItems: [
        { Put: { TableName: 'local-table', Item: { pk: 'MEMBER#m' } } },
        { Update: { TableName: 'local-table', Key: { pk: 'ENABLER#e' } } },
        { ConditionCheck: { TableName: 'local-table', Key: { pk: 'PLOT#p' } } },
        { Delete: { TableName: 'local-table', Key: { pk: 'IDEMPOTENCY#k' } } },
      ],
    });
    expect(iamRequestsOf(transaction, variableOf).map(({ action, context }) => [action, context])).toEqual([
      ['dynamodb:PutItem', { 'dynamodb:LeadingKeys': ['MEMBER#'] }],
      ['dynamodb:UpdateItem', { 'dynamodb:LeadingKeys': ['ENABLER#'] }],
      ['dynamodb:ConditionCheckItem', { 'dynamodb:LeadingKeys': ['PLOT#'] }],
      ['dynamodb:DeleteItem', { 'dynamodb:LeadingKeys': ['IDEMPOTENCY#'] }],
    ]);
    const batch = dynamo('BatchWriteItemCommand', {
      RequestItems: {
        'local-table': [
          { PutRequest: { Item: { pk: 'MEMBER#a' } } },
          { DeleteRequest: { Key: { pk: 'CLAIM#b' } } },
          { PutRequest: { Item: { pk: 'MEMBER#c' } } },
        ],
      },
    });
    expect(iamRequestsOf(batch, variableOf)).toEqual([
      {
        action: 'dynamodb:BatchWriteItem',
        resource: table,
        context: { 'dynamodb:LeadingKeys': ['CLAIM#', 'MEMBER#'] },
      },
    ]);
  });

  it('leave a table that no variable names to its local name', () => {
    expect(iamRequestsOf(dynamo('ScanCommand', { TableName: 'elsewhere' }), variableOf)).toEqual([
      { action: 'dynamodb:Scan', resource: { kind: 'table', localName: 'elsewhere' }, context: {} },
    ]);
  });

  it('need the listing of the bucket for a read that finds nothing, and PutObject for each step of an upload', () => {
    const read = (status: number): AwsCall => ({
      clientName: 'S3Client',
      commandName: 'HeadObjectCommand',
      input: { Bucket: 'local-files', Key: 'imports/a.json' },
      status,
    });
    const object = { kind: 'object', variable: 'FILES_BUCKET', key: 'imports/a.json' };
    expect(iamRequestsOf(read(200), variableOf)).toEqual([
      { action: 's3:GetObject', resource: object, context: {} },
    ]);
    expect(iamRequestsOf(read(404), variableOf)).toEqual([
      { action: 's3:GetObject', resource: object, context: {} },
      { action: 's3:ListBucket', resource: { kind: 'bucket', variable: 'FILES_BUCKET' }, context: {} },
    ]);
    expect(
      iamRequestsOf(
        {
          clientName: 'S3Client',
          commandName: 'UploadPartCommand',
          input: { Bucket: 'local-files', Key: 'imports/a.json' },
        },
        variableOf,
      ),
    ).toEqual([{ action: 's3:PutObject', resource: object, context: {} }]);
  });

  it("name a stood-in call's resource by the variable the function reads", () => {
    expect(
      iamRequestsOf(
        {
          clientName: 'SQSClient',
          commandName: 'SendMessageCommand',
          input: {},
          resourceVariable: 'MAIL_QUEUE_URL',
        },
        variableOf,
      ),
    ).toEqual([
      { action: 'sqs:SendMessage', resource: { kind: 'queue', variable: 'MAIL_QUEUE_URL' }, context: {} },
    ]);
  });

  it("name the resource of such a call made with the SDK's client by its input's value", () => {
    expect(
      iamRequestsOf(
        {
          clientName: 'SQSClient',
          commandName: 'SendMessageCommand',
          input: { QueueUrl: 'https://sqs.local/000000000000/mail', MessageBody: '{}' },
        },
        variableOf,
      ),
    ).toEqual([
      { action: 'sqs:SendMessage', resource: { kind: 'queue', variable: 'MAIL_QUEUE_URL' }, context: {} },
    ]);
  });

  it('say so of a call they cannot map', () => {
    expect(iamRequestsOf(dynamo('DescribeTableCommand', { TableName: 'local-table' }), variableOf)).toEqual([
      { action: 'unmapped:DynamoDBClient.DescribeTable', context: {} },
    ]);
  });
});
