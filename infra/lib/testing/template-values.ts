/*
 * The values a synthesized template's references take once deployed: each resource's name and ARN as
 * CloudFormation gives them in the account and region the stack is synthesized for. A resource the
 * template does not name gets its logical id as its name (CloudFormation adds a suffix of its own,
 * which no policy of ours depends on). Only the references this stack's roles, environments and
 * resource policies use are known; any other throws, so that nothing is guessed.
 */

export interface TemplateResource {
  Type: string;
  Properties?: Record<string, unknown>;
}

export type TemplateResources = Readonly<Record<string, TemplateResource>>;

export interface DeploymentPlace {
  account: string;
  region: string;
}

export interface TemplateValues {
  /** The value with every reference, join and pseudo parameter replaced. */
  resolve(value: unknown): unknown;
  /** The text of a value that resolves to one. */
  text(value: unknown): string;
  /** The resource's ARN. */
  arnOf(logicalId: string): string;
  /** The logical id a value refers to ({ Ref } or { Fn::GetAtt }), if it does. */
  referenceOf(value: unknown): string | undefined;
}

const PARTITION = 'aws';

export const templateValues = (
  resources: TemplateResources,
  { account, region }: DeploymentPlace,
): TemplateValues => {
  const resourceOf = (id: string): TemplateResource => {
    const resource = resources[id];
    if (!resource) throw new Error(`The template has no resource ${id}`);
    return resource;
  };
  const named = (id: string, property: string): string => {
    const name = resourceOf(id).Properties?.[property];
    return typeof name === 'string' ? name : id;
  };
  const unknown = (what: string, id: string): never => {
    throw new Error(`No deployed value is known for ${what} of ${id} (${resourceOf(id).Type})`);
  };

  const pseudo: Record<string, string> = {
    'AWS::Partition': PARTITION,
    'AWS::Region': region,
    'AWS::AccountId': account,
    'AWS::URLSuffix': 'amazonaws.com',
  };

  const attribute = (id: string, name: string): string => {
    const { Type } = resourceOf(id);
    switch (`${Type}.${name}`) {
      case 'AWS::DynamoDB::Table.Arn':
        return `arn:${PARTITION}:dynamodb:${region}:${account}:table/${named(id, 'TableName')}`;
      case 'AWS::DynamoDB::Table.StreamArn':
        return `${attribute(id, 'Arn')}/stream/2026-01-01T00:00:00.000`;
      case 'AWS::S3::Bucket.Arn':
        return `arn:${PARTITION}:s3:::${reference(id)}`;
      case 'AWS::SQS::Queue.Arn':
        return `arn:${PARTITION}:sqs:${region}:${account}:${named(id, 'QueueName')}`;
      case 'AWS::Logs::LogGroup.Arn':
        return `arn:${PARTITION}:logs:${region}:${account}:log-group:${reference(id)}:*`;
      case 'AWS::IAM::Role.Arn':
        return `arn:${PARTITION}:iam::${account}:role/${reference(id)}`;
      default:
        return unknown(`the attribute ${name}`, id);
    }
  };

  /** What { Ref } gives: the resource's name, or its URL or ARN for the types whose Ref is that. */
  const reference = (id: string): string => {
    const { Type } = resourceOf(id);
    switch (Type) {
      case 'AWS::DynamoDB::Table':
        return named(id, 'TableName');
      case 'AWS::S3::Bucket':
        return named(id, 'BucketName').toLowerCase();
      case 'AWS::SQS::Queue':
        return `https://sqs.${region}.amazonaws.com/${account}/${named(id, 'QueueName')}`;
      case 'AWS::SecretsManager::Secret':
        return `arn:${PARTITION}:secretsmanager:${region}:${account}:secret:${named(id, 'Name')}-AbCdEf`;
      case 'AWS::Logs::LogGroup':
        return named(id, 'LogGroupName');
      case 'AWS::IAM::Role':
        return named(id, 'RoleName');
      default:
        return unknown('the reference', id);
    }
  };

  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (value === null || typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    if ('Ref' in object) {
      const id = String(object.Ref);
      return pseudo[id] ?? reference(id);
    }
    if ('Fn::GetAtt' in object) {
      const [id, name] = object['Fn::GetAtt'] as [string, string];
      return attribute(id, name);
    }
    if ('Fn::Join' in object) {
      const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
      return parts.map((part) => text(part)).join(separator);
    }
    const intrinsic = Object.keys(object).find((key) => key.startsWith('Fn::'));
    if (intrinsic) throw new Error(`${intrinsic} is not resolved here: ${JSON.stringify(value)}`);
    return Object.fromEntries(Object.entries(object).map(([key, inner]) => [key, resolve(inner)]));
  };

  const text = (value: unknown): string => {
    const resolved = resolve(value);
    if (typeof resolved !== 'string') throw new Error(`Not a text value: ${JSON.stringify(value)}`);
    return resolved;
  };

  const referenceOf = (value: unknown): string | undefined => {
    if (value === null || typeof value !== 'object') return undefined;
    const object = value as Record<string, unknown>;
    if ('Ref' in object) return String(object.Ref);
    if ('Fn::GetAtt' in object) return (object['Fn::GetAtt'] as [string])[0];
    return undefined;
  };

  // A secret's reference is its ARN.
  const arnOf = (id: string) =>
    resourceOf(id).Type === 'AWS::SecretsManager::Secret' ? reference(id) : attribute(id, 'Arn');

  return { resolve, text, arnOf, referenceOf };
};
