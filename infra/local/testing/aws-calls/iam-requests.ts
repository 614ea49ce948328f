import type { AwsCall } from '@cpbo/functions/platform/aws-call-observer.ts';
import { tableDefinition } from '@cpbo/functions/data/table/table-definition.ts';

/*
 * What IAM checks for an AWS call: the action, the resource and the condition keys of each request it
 * authorizes. A transaction is no action of its own: IAM checks each of its items (PutItem,
 * UpdateItem, DeleteItem, ConditionCheckItem). A read of an object that answers 404 also needs
 * s3:ListBucket, without which S3 answers 403. The resource is named by the environment variable the
 * function reads its name from, so that the check finds it in the deployed stack (role-check.ts).
 */

/**
 * A resource, by the environment variable that names it to the function (or by its local name, when
 * none does: the check refuses it). A table's index, an object's key.
 */
export interface ResourceReference {
  kind: 'table' | 'object' | 'bucket' | 'queue' | 'secret' | 'parameter' | 'mail-identity';
  variable?: string;
  localName?: string;
  index?: string;
  key?: string;
}

export interface IamRequest {
  /** "dynamodb:PutItem"; "unmapped:<client>.<command>" for a call this module cannot map (no resource). */
  action: string;
  resource?: ResourceReference;
  /** The condition keys the roles' conditions name: dynamodb:LeadingKeys. */
  context: Record<string, string[]>;
}

/** The environment variable whose value is this name (a table's, a bucket's), if one is. */
export type VariableOf = (name: string) => string | undefined;

type Attributes = Record<string, unknown>;

/** A key attribute's text, marshalled ({ S: "…" }, as the client sends it) or not. */
const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : String((value as { S?: unknown } | undefined)?.S ?? '');

/**
 * What of a partition key the roles' conditions can tell apart: its prefix up to its first "#"
 * (LOG#, MAILSENT#). role-check.ts refuses a condition on anything finer, so nothing is lost, and a
 * function's calls reduce to a few records instead of one per item.
 */
export const partitionPrefix = (value: string): string => {
  const hash = value.indexOf('#');
  return hash < 0 ? value : value.slice(0, hash + 1);
};

const leadingKeys = (keys: readonly Attributes[], attribute = tableDefinition.partitionKey) => ({
  'dynamodb:LeadingKeys': [...new Set(keys.map((key) => partitionPrefix(textOf(key[attribute]))))].sort(),
});

/** The partition key a Query names: its equality in the key condition, resolved through the names and values. */
const queriedPartition = (input: Attributes): Attributes | undefined => {
  const index = tableDefinition.globalIndexes.find((candidate) => candidate.name === input.IndexName);
  const attribute = index?.partitionKey ?? tableDefinition.partitionKey;
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Attributes;
  for (const [, name, value] of String(input.KeyConditionExpression ?? '').matchAll(
    /([#\w]+)\s*=\s*(:\w+)/gu,
  )) {
    if ((name?.startsWith('#') ? names[name] : name) === attribute && value) {
      return { [tableDefinition.partitionKey]: values[value] };
    }
  }
  return undefined;
};

const named = (variableOf: VariableOf, kind: ResourceReference['kind'], localName: string) => {
  const variable = variableOf(localName);
  return variable ? { kind, variable } : { kind, localName };
};

const tableRequest = (
  variableOf: VariableOf,
  action: string,
  tableName: unknown,
  keys: readonly Attributes[] | undefined,
  index?: unknown,
): IamRequest => ({
  action: `dynamodb:${action}`,
  resource: {
    ...named(variableOf, 'table', String(tableName)),
    ...(typeof index === 'string' ? { index } : {}),
  },
  context: keys ? leadingKeys(keys) : {},
});

const transactionActions: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
  Get: 'GetItem',
};

const dynamoRequests = (command: string, input: Attributes, variableOf: VariableOf): IamRequest[] => {
  const one = (action: string, keys?: Attributes[]) => [
    tableRequest(variableOf, action, input.TableName, keys, input.IndexName),
  ];
  switch (command) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return one(command, [input.Key as Attributes]);
    case 'PutItem':
      return one(command, [input.Item as Attributes]);
    case 'Query': {
      const partition = queriedPartition(input);
      return partition ? one(command, [partition]) : [];
    }
    // A Scan names no partition, so IAM has no leading keys to check either.
    case 'Scan':
      return one(command);
    case 'BatchGetItem':
      return Object.entries(input.RequestItems as Record<string, { Keys: Attributes[] }>).map(
        ([table, { Keys }]) => tableRequest(variableOf, command, table, Keys),
      );
    case 'BatchWriteItem':
      return Object.entries(
        input.RequestItems as Record<
          string,
          { PutRequest?: { Item: Attributes }; DeleteRequest?: { Key: Attributes } }[]
        >,
      ).map(([table, writes]) =>
        tableRequest(
          variableOf,
          command,
          table,
          writes.map((write) => (write.PutRequest?.Item ?? write.DeleteRequest?.Key) as Attributes),
        ),
      );
    case 'TransactWriteItems':
    case 'TransactGetItems':
      return (input.TransactItems as Record<string, Attributes>[]).flatMap((item) =>
        Object.entries(item).map(([kind, operation]) =>
          tableRequest(variableOf, transactionActions[kind] ?? `${command}.${kind}`, operation.TableName, [
            (operation.Item ?? operation.Key) as Attributes,
          ]),
        ),
      );
    default:
      return [];
  }
};

const s3Requests = (command: string, call: AwsCall, variableOf: VariableOf): IamRequest[] => {
  const bucket = named(variableOf, 'bucket', String(call.input.Bucket));
  const object = (action: string): IamRequest => ({
    action: `s3:${action}`,
    resource: { ...bucket, kind: 'object', key: String(call.input.Key) },
    context: {},
  });
  switch (command) {
    case 'GetObject':
    case 'HeadObject':
      return [
        object('GetObject'),
        ...(call.status === 404 ? [{ action: 's3:ListBucket', resource: bucket, context: {} }] : []),
      ];
    // A multipart upload's steps are authorized as PutObject.
    case 'PutObject':
    case 'CreateMultipartUpload':
    case 'UploadPart':
    case 'CompleteMultipartUpload':
      return [object('PutObject')];
    case 'AbortMultipartUpload':
      return [object('AbortMultipartUpload')];
    default:
      return [];
  }
};

/**
 * The calls a local stand-in usually takes, named by the variable that names their resource; made with
 * the SDK's client (the local runtime's fault mode sends SQS's and SES's so), by the input's value.
 */
const stoodIn: Record<string, { action: string; kind: ResourceReference['kind']; input: string }> = {
  'SQSClient.SendMessage': { action: 'sqs:SendMessage', kind: 'queue', input: 'QueueUrl' },
  'SESv2Client.SendEmail': { action: 'ses:SendEmail', kind: 'mail-identity', input: 'FromEmailAddress' },
  'SecretsManagerClient.GetSecretValue': {
    action: 'secretsmanager:GetSecretValue',
    kind: 'secret',
    input: 'SecretId',
  },
  'SSMClient.GetParameter': { action: 'ssm:GetParameter', kind: 'parameter', input: 'Name' },
};

/** The requests IAM authorizes for the call; one "unmapped:" request when it cannot tell. */
export const iamRequestsOf = (call: AwsCall, variableOf: VariableOf): IamRequest[] => {
  const command = call.commandName.replace(/Command$/u, '');
  const standIn = stoodIn[`${call.clientName}.${command}`];
  const requests = standIn
    ? [
        {
          action: standIn.action,
          resource: call.resourceVariable
            ? { kind: standIn.kind, variable: call.resourceVariable }
            : named(variableOf, standIn.kind, String(call.input[standIn.input])),
          context: {},
        },
      ]
    : call.clientName === 'DynamoDBClient'
      ? dynamoRequests(command, call.input, variableOf)
      : call.clientName === 'S3Client'
        ? s3Requests(command, call, variableOf)
        : [];
  if (requests.length > 0) return requests;
  return [{ action: `unmapped:${call.clientName}.${command}`, context: {} }];
};
