import { getGrantReasons, runSimulation } from '@cloud-copilot/iam-simulate';
import {
  backendFunctionsOf,
  rolePoliciesOf,
  type PolicyDocument,
  type TemplateFunction,
} from '../../../lib/testing/template-functions.ts';
import {
  templateValues,
  type DeploymentPlace,
  type TemplateResources,
  type TemplateValues,
} from '../../../lib/testing/template-values.ts';
import type { AwsCallRecord } from './recorder.ts';

/*
 * The recorded calls against the deployed stack: each call's resource is found through the deployed
 * function's environment (the variable the code read), and the request is evaluated against the
 * function's role, and against the bucket's or queue's own policy, by an offline IAM policy evaluator.
 * Each right of a role is one action on one resource pattern of one statement; a right is used when
 * a call was allowed by it.
 */

export interface DeployedFunction extends TemplateFunction {
  roleArn: string;
  /** The role's policies, every reference resolved. */
  policies: { name: string; policy: PolicyDocument }[];
}

export interface DeployedStack {
  resources: TemplateResources;
  place: DeploymentPlace;
  values: TemplateValues;
  functions: ReadonlyMap<string, DeployedFunction>;
}

/** One action on one resource pattern of a statement of a function's role. */
export interface Right {
  function: string;
  policy: string;
  /** From 1, as the evaluator counts. */
  statement: number;
  action: string;
  resource: string;
  condition?: Record<string, Record<string, unknown>>;
}

export const rightText = (right: Right): string =>
  `${right.function}: ${right.action} on ${right.resource}${right.condition ? ` if ${JSON.stringify(right.condition)}` : ''}`;

const LEADING_KEYS = 'dynamodb:LeadingKeys';

/**
 * The recorder keeps of a partition key its prefix up to the first "#" (partitionPrefix): a condition
 * on leading keys must name such prefixes only ("LOG#*"), or the check would answer for other keys
 * than the calls had.
 */
const assertPrefixConditions = (fn: DeployedFunction): void => {
  for (const { policy } of fn.policies) {
    for (const statement of policy.Statement) {
      for (const [operator, keys] of Object.entries(statement.Condition ?? {})) {
        for (const pattern of [keys[LEADING_KEYS] ?? []].flat().map(String)) {
          if (!/^ForAllValues:StringLike$/u.test(operator) || !/^[^*?]*#\*$/u.test(pattern)) {
            throw new Error(
              `${fn.name}: the condition ${operator} ${LEADING_KEYS} ${pattern} is finer than a key's prefix up to its "#", which is all the recorder keeps (iam-requests.ts)`,
            );
          }
        }
      }
    }
  }
};

export const deployedStack = (resources: TemplateResources, place: DeploymentPlace): DeployedStack => {
  const values = templateValues(resources, place);
  const functions = new Map(
    backendFunctionsOf(resources).map((fn) => {
      const deployed: DeployedFunction = {
        ...fn,
        roleArn: values.arnOf(fn.roleId),
        policies: rolePoliciesOf(resources, fn.roleId).map(({ id, document }) => ({
          name: id,
          policy: values.resolve(document) as PolicyDocument,
        })),
      };
      assertPrefixConditions(deployed);
      return [fn.name, deployed] as const;
    }),
  );
  return { resources, place, values, functions };
};

export const rightsOf = (fn: DeployedFunction): Right[] =>
  fn.policies.flatMap(({ name, policy }) =>
    policy.Statement.flatMap((statement, index) =>
      [statement.Action].flat().flatMap((action) =>
        [statement.Resource].flat().map((resource) => ({
          function: fn.name,
          policy: name,
          statement: index + 1,
          action,
          resource: String(resource),
          ...(statement.Condition ? { condition: statement.Condition } : {}),
        })),
      ),
    ),
  );

/** An IAM resource pattern's match (* any run of characters, ? one). */
const matches = (pattern: string, arn: string): boolean =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/gu, '\\$&')
      .replace(/\*/gu, '.*')
      .replace(/\?/gu, '.')}$`,
    'u',
  ).test(arn);

interface DeployedRequest {
  arns: string[];
  /** The logical id of the table, bucket or queue, whose own policy counts too. */
  resourceId?: string;
  context: Record<string, string | string[]>;
}

const callName = (record: AwsCallRecord): string =>
  `${record.function}: ${record.action}${record.resource?.variable ? ` (${record.resource.variable})` : ''}`;

/** The record's resource in the deployed stack, through the function's environment; or why there is none. */
export const deployedRequest = (
  stack: DeployedStack,
  record: AwsCallRecord,
): DeployedRequest | { problem: string } => {
  const fn = stack.functions.get(record.function);
  if (!fn) return { problem: `${callName(record)}: the stack has no function ${record.function}` };
  const { resource } = record;
  if (!resource) return { problem: `${callName(record)}: iam-requests.ts does not map this call` };
  if (!resource.variable) {
    return {
      problem: `${callName(record)}: its ${resource.kind} (${resource.localName}) is named by no variable of the function's environment`,
    };
  }
  const value = fn.environment[resource.variable];
  if (value === undefined) {
    return { problem: `${callName(record)}: the deployed function has no variable ${resource.variable}` };
  }
  const id = stack.values.referenceOf(value);
  const arnOfValue = () => (id ? stack.values.arnOf(id) : stack.values.text(value));
  const { account, region } = stack.place;
  const context = { ...record.context, 'aws:SecureTransport': 'true' };
  switch (resource.kind) {
    case 'table':
      return { arns: [`${arnOfValue()}${resource.index ? `/index/${resource.index}` : ''}`], context };
    case 'object':
      return { arns: [`${arnOfValue()}/${resource.key}`], resourceId: id, context };
    case 'bucket':
    case 'queue':
      return { arns: [arnOfValue()], resourceId: id, context };
    case 'secret':
      return { arns: [arnOfValue()], context };
    case 'parameter':
      return { arns: [`arn:aws:ssm:${region}:${account}:parameter${stack.values.text(value)}`], context };
    case 'mail-identity': {
      // SES checks the identity verified for the sender: the address itself, or its domain.
      const address = stack.values.text(value);
      const identity = (name: string) => `arn:aws:ses:${region}:${account}:identity/${name}`;
      return {
        arns: [identity(address), identity(address.slice(address.lastIndexOf('@') + 1))],
        context: { ...context, 'ses:FromAddress': address },
      };
    }
  }
};

/** The bucket's or queue's own policy, if it has one. */
const resourcePolicyOf = (stack: DeployedStack, id: string | undefined): PolicyDocument | undefined => {
  if (!id) return undefined;
  const policy = Object.values(stack.resources).find(({ Type, Properties = {} }) =>
    Type === 'AWS::S3::BucketPolicy'
      ? stack.values.referenceOf(Properties.Bucket) === id
      : Type === 'AWS::SQS::QueuePolicy' &&
        (Properties.Queues as unknown[]).some((queue) => stack.values.referenceOf(queue) === id),
  );
  return policy && (stack.values.resolve(policy.Properties?.PolicyDocument) as PolicyDocument);
};

export interface CallsChecked {
  /** Why each call refused is refused, one line each. */
  refused: string[];
  /** The rights (rightText) that allowed a call. */
  used: Set<string>;
}

const contextText = (context: Record<string, string | string[]>) =>
  Object.entries(context)
    .filter(([key]) => key !== 'aws:SecureTransport')
    .map(([key, value]) => ` with ${key} ${[value].flat().join(', ')}`)
    .join('');

/** Evaluates every record against its function's role: which are refused, which rights were used. */
export const checkCalls = async (
  stack: DeployedStack,
  records: readonly AwsCallRecord[],
): Promise<CallsChecked> => {
  const refused: string[] = [];
  const used = new Set<string>();
  for (const record of records) {
    const request = deployedRequest(stack, record);
    if ('problem' in request) {
      refused.push(request.problem);
      continue;
    }
    const fn = stack.functions.get(record.function) as DeployedFunction;
    const rights = rightsOf(fn);
    const resourcePolicy = resourcePolicyOf(stack, request.resourceId);
    for (const arn of request.arns) {
      const result = await runSimulation(
        {
          request: {
            principal: fn.roleArn,
            action: record.action,
            resource: { resource: arn, accountId: stack.place.account },
            contextVariables: request.context,
          },
          identityPolicies: fn.policies,
          serviceControlPolicies: [],
          resourceControlPolicies: [],
          ...(resourcePolicy ? { resourcePolicy } : {}),
        },
        {},
      );
      const outcome = `${record.function}: ${record.action} on ${arn}${contextText(request.context)}`;
      if (result.resultType === 'error') {
        refused.push(`${outcome}: the evaluator could not run (${result.errors.message})`);
        continue;
      }
      if (result.overallResult !== 'Allowed') {
        refused.push(`${outcome} is refused (${result.overallResult})`);
        continue;
      }
      const analyses = result.resultType === 'single' ? [result.result] : result.results;
      for (const { analysis } of analyses) {
        for (const grant of getGrantReasons(analysis)) {
          if (grant.policyType !== 'identity') continue;
          for (const right of rights) {
            if (
              right.policy === grant.policyIdentifier &&
              right.statement === grant.statementIndex &&
              right.action === record.action &&
              matches(right.resource, arn)
            ) {
              used.add(rightText(right));
            }
          }
        }
      }
    }
  }
  return { refused, used };
};

const EVENT_SOURCE_QUEUE_ACTIONS = [
  'sqs:ReceiveMessage',
  'sqs:DeleteMessage',
  'sqs:ChangeMessageVisibility',
  'sqs:GetQueueAttributes',
  'sqs:GetQueueUrl',
];
const EVENT_SOURCE_STREAM_ACTIONS = [
  'dynamodb:DescribeStream',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
];
const FAILURE_DESTINATION_ACTIONS = ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'];

/**
 * Why the stack itself needs a right that no call of the function's code uses, if it does: the
 * Lambda service uses the function's role to write its log group, and its event source mappings to
 * read their queue or stream and send what they give up on to their destination.
 */
export const stackReasonFor = (stack: DeployedStack, right: Right): string | undefined => {
  const fn = stack.functions.get(right.function);
  if (!fn) return undefined;
  const { values } = stack;
  if (right.action.startsWith('logs:') && right.resource === values.arnOf(fn.logGroupId)) {
    return "the Lambda service writes the function's log group";
  }
  for (const { Type, Properties = {} } of Object.values(stack.resources)) {
    if (Type !== 'AWS::Lambda::EventSourceMapping') continue;
    if (values.referenceOf(Properties.FunctionName) !== fn.functionId) continue;
    const source = values.text(Properties.EventSourceArn);
    const failures = (Properties.DestinationConfig as { OnFailure?: { Destination: unknown } } | undefined)
      ?.OnFailure?.Destination;
    if (right.resource === source && EVENT_SOURCE_QUEUE_ACTIONS.includes(right.action)) {
      return 'its event source mapping receives and deletes the messages of its queue';
    }
    if (
      (right.resource === source && EVENT_SOURCE_STREAM_ACTIONS.includes(right.action)) ||
      (right.resource === '*' && right.action === 'dynamodb:ListStreams' && source.includes('/stream/'))
    ) {
      return "its event source mapping reads the table's stream";
    }
    if (
      failures &&
      right.resource === values.text(failures) &&
      FAILURE_DESTINATION_ACTIONS.includes(right.action)
    ) {
      return 'its event source mapping sends the records it gives up on to its dead-letter queue';
    }
  }
  return undefined;
};
