import { createHash } from 'node:crypto';
import { DynamoDBClient, GetItemCommand, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { ClientPlugin } from '@cpbo/functions/platform/client-plugins.ts';
import { describe, expect, it } from 'vitest';
import { awsFaults, faultsOf, type InjectedFault } from './aws-faults.ts';

const config = {
  region: 'eu-west-1',
  endpoint: 'http://127.0.0.1:9',
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
};

/**
 * Answers every request that gets past the faults, as the service would (SQS's answer carries the MD5
 * of the message, which its client checks): no request leaves the process.
 */
const answered: ClientPlugin = {
  applyToStack: (stack) =>
    stack.addRelativeTo(
      () => async (args: { input: object }) => {
        const body = (args.input as { MessageBody?: string }).MessageBody;
        const md5 =
          body === undefined ? {} : { MD5OfMessageBody: createHash('md5').update(body).digest('hex') };
        return { response: { statusCode: 200, headers: {} }, output: { $metadata: {}, ...md5 } };
      },
      { relation: 'after', toMiddleware: 'awsFaults', name: 'answered' },
    ),
};

/** The random draws of the plugin in turn: its rate's, then its choice among the faults'. */
const draws = (...values: number[]) => {
  const queue = [...values];
  return () => queue.shift() ?? 0.99;
};

const withFaults = <Client extends { middlewareStack: { use(plugin: ClientPlugin): void } }>(
  client: Client,
  random: () => number,
  seen: InjectedFault[],
) => {
  client.middlewareStack.use(awsFaults({ rate: () => 0.5, random, onFault: (fault) => seen.push(fault) }));
  client.middlewareStack.use(answered);
  return client;
};

const transactItems = [
  {
    ConditionCheck: { TableName: 't', Key: { pk: { S: 'a' } }, ConditionExpression: 'attribute_exists(pk)' },
  },
  {
    ConditionCheck: { TableName: 't', Key: { pk: { S: 'b' } }, ConditionExpression: 'attribute_exists(pk)' },
  },
];

describe('awsFaults', () => {
  it.each([
    ['ProvisionedThroughputExceededException', 0],
    ['ThrottlingException', 0.4],
    ['InternalServerError', 0.7],
  ])('should fail a DynamoDB call with %s, which the SDK retries', async (name, choice) => {
    const seen: InjectedFault[] = [];
    const client = withFaults(new DynamoDBClient(config), draws(0, choice), seen);
    const answer = await client.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } }));
    expect(seen).toEqual([{ service: 'DynamoDB', name }]);
    expect(answer.$metadata.attempts).toBe(2);
  });

  it('should cancel a transaction for a conflict on one of its items, which the SDK leaves to the caller', async () => {
    const seen: InjectedFault[] = [];
    const client = withFaults(new DynamoDBClient(config), draws(0, 0.99, 0.6), seen);
    const failure = await client
      .send(new TransactWriteItemsCommand({ TransactItems: transactItems }))
      .catch((error: unknown) => error);
    expect(seen).toEqual([{ service: 'DynamoDB', name: 'TransactionCanceledException' }]);
    expect(failure).toMatchObject({
      name: 'TransactionCanceledException',
      $metadata: { httpStatusCode: 400, attempts: 1 },
      CancellationReasons: [
        { Code: 'None' },
        { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' },
      ],
    });
  });

  it("should throttle SQS's SendMessage and SES's SendEmail, which the SDK retries", async () => {
    const seen: InjectedFault[] = [];
    const sqs = withFaults(new SQSClient(config), draws(0, 0), seen);
    const sent = await sqs.send(
      new SendMessageCommand({ QueueUrl: `${config.endpoint}/1/q`, MessageBody: '{}' }),
    );
    expect(sent.$metadata.attempts).toBe(2);
    const ses = withFaults(new SESv2Client(config), draws(0, 0), seen);
    const mailed = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: 'from@example.org',
        Destination: { ToAddresses: ['to@example.org'] },
        Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
      }),
    );
    expect(mailed.$metadata.attempts).toBe(2);
    expect(seen).toEqual([
      { service: 'SQS', name: 'RequestThrottled' },
      { service: 'SESv2', name: 'TooManyRequestsException' },
    ]);
  });

  it('should let a request pass when its draw is at or above the rate', async () => {
    const seen: InjectedFault[] = [];
    const client = withFaults(new DynamoDBClient(config), draws(0.5), seen);
    const answer = await client.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } }));
    expect(seen).toEqual([]);
    expect(answer.$metadata.attempts).toBe(1);
  });
});

describe('faultsOf', () => {
  it("should answer each service's faults for the commands that meet them, and none for the others", () => {
    const names = (client: string, command: string) =>
      faultsOf(client, command)?.faults.map((fault) => fault.name);
    expect(names('DynamoDBClient', 'QueryCommand')).toEqual([
      'ProvisionedThroughputExceededException',
      'ThrottlingException',
      'InternalServerError',
    ]);
    expect(names('DynamoDBClient', 'TransactWriteItemsCommand')).toContain('TransactionCanceledException');
    expect(names('SQSClient', 'ReceiveMessageCommand')).toBeUndefined();
    expect(names('S3Client', 'PutObjectCommand')).toBeUndefined();
  });
});
