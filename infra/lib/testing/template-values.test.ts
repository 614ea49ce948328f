import { describe, expect, it } from 'vitest';
import { templateValues } from './template-values.ts';

const values = templateValues(
  {
    Table: { Type: 'AWS::DynamoDB::Table', Properties: {} },
    Mirror: { Type: 'AWS::DynamoDB::Table', Properties: { TableName: 'crop-protection-demo-mirror' } },
    FilesBucket: { Type: 'AWS::S3::Bucket' },
    MailQueue: { Type: 'AWS::SQS::Queue' },
    Secret: { Type: 'AWS::SecretsManager::Secret' },
    Logs: { Type: 'AWS::Logs::LogGroup' },
    Api: { Type: 'AWS::ApiGatewayV2::Api' },
  },
  { account: '000000000000', region: 'xx-placeholder-1' },
);

describe("a template's deployed values", () => {
  it("give each resource the name the template gives it, or its logical id, and its type's ARN", () => {
    expect(values.resolve({ Ref: 'Table' })).toBe('Table');
    expect(values.arnOf('Mirror')).toBe(
      'arn:aws:dynamodb:xx-placeholder-1:000000000000:table/crop-protection-demo-mirror',
    );
    expect(values.resolve({ 'Fn::GetAtt': ['FilesBucket', 'Arn'] })).toBe('arn:aws:s3:::filesbucket');
    expect(values.resolve({ 'Fn::GetAtt': ['Table', 'StreamArn'] })).toMatch(
      /^arn:aws:dynamodb:xx-placeholder-1:000000000000:table\/Table\/stream\//u,
    );
    expect(values.arnOf('Logs')).toBe('arn:aws:logs:xx-placeholder-1:000000000000:log-group:Logs:*');
  });

  it("answer a queue's reference with its URL and a secret's with its ARN", () => {
    expect(values.resolve({ Ref: 'MailQueue' })).toBe(
      'https://sqs.xx-placeholder-1.amazonaws.com/000000000000/MailQueue',
    );
    expect(values.arnOf('MailQueue')).toBe('arn:aws:sqs:xx-placeholder-1:000000000000:MailQueue');
    expect(values.arnOf('Secret')).toMatch(
      /^arn:aws:secretsmanager:xx-placeholder-1:000000000000:secret:Secret-/u,
    );
  });

  it('join parts and pseudo parameters, inside any object', () => {
    expect(
      values.resolve({
        Resource: {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':ssm:',
              { Ref: 'AWS::Region' },
              ':',
              { Ref: 'AWS::AccountId' },
            ],
          ],
        },
      }),
    ).toEqual({ Resource: 'arn:aws:ssm:xx-placeholder-1:000000000000' });
  });

  it('tell which resource a value refers to', () => {
    expect(values.referenceOf({ Ref: 'MailQueue' })).toBe('MailQueue');
    expect(values.referenceOf({ 'Fn::GetAtt': ['Table', 'Arn'] })).toBe('Table');
    expect(values.referenceOf('no-reply@example.org')).toBeUndefined();
  });

  it('refuse what they do not know rather than guess', () => {
    expect(() => values.resolve({ Ref: 'Api' })).toThrow(/AWS::ApiGatewayV2::Api/u);
    expect(() => values.resolve({ Ref: 'Missing' })).toThrow(/no resource Missing/u);
    expect(() => values.resolve({ 'Fn::Sub': 'x' })).toThrow(/Fn::Sub/u);
  });
});
