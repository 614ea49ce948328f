import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollTableStream } from '../testing/table-stream.ts';
import type { StreamPoller } from './stream-poller.ts';

const tableName = process.env.TABLE_NAME as string;
const dynamo = new DynamoDBClient({});

const eventually = async <T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(50);
  }
};

describe('the table built by the harness', () => {
  it('should have its three indexes, its stream with both images and its TTL', async () => {
    const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toEqual([
      'gsi1',
      'gsi2',
      'gsi3',
    ]);
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    const { TimeToLiveDescription } = await dynamo.send(
      new DescribeTimeToLiveCommand({ TableName: tableName }),
    );
    expect(TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: 'expiresAt' });
  });
});

describe('startStreamPoller', () => {
  const delivered: DynamoDBRecord[] = [];
  const attempts = new Map<string, number>();
  let poller: StreamPoller;
  const runId = randomUUID();

  beforeAll(async () => {
    poller = await pollTableStream({
      // Fails each "flaky" record once and each "broken" record always, like a worker whose dependency is down.
      handler: async (event: DynamoDBStreamEvent) => {
        const failures = [];
        for (const record of event.Records) {
          const pk = record.dynamodb?.Keys?.pk?.S ?? '';
          if (!pk.startsWith(runId)) continue;
          const attempt = (attempts.get(pk) ?? 0) + 1;
          attempts.set(pk, attempt);
          if (pk.endsWith('broken') || (pk.endsWith('flaky') && attempt === 1)) {
            failures.push({ itemIdentifier: record.dynamodb?.SequenceNumber as string });
          } else delivered.push(record);
        }
        return { batchItemFailures: failures };
      },
    });
  });
  afterAll(async () => {
    await poller.stop();
    dynamo.destroy();
  });

  it('should hand a new item to the worker as a stream record with its new image', async () => {
    const pk = `${runId}#member`;
    await dynamo.send(
      new PutItemCommand({
        TableName: tableName,
        Item: { pk: { S: pk }, sk: { S: 'PROFILE' }, balance: { N: '5' } },
      }),
    );
    const record = await eventually(() =>
      delivered.find((candidate) => candidate.dynamodb?.Keys?.pk?.S === pk),
    );
    expect(record).toMatchObject({
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      dynamodb: { NewImage: { pk: { S: pk }, balance: { N: '5' } }, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
    expect(record.eventSourceARN).toContain('/stream/');
  });

  it('should pass the old and the new image of a change', async () => {
    const pk = `${runId}#changed`;
    const key = { pk: { S: pk }, sk: { S: 'PROFILE' } };
    await dynamo.send(new PutItemCommand({ TableName: tableName, Item: { ...key, balance: { N: '1' } } }));
    await dynamo.send(
      new UpdateItemCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET balance = :balance',
        ExpressionAttributeValues: { ':balance': { N: '2' } },
      }),
    );
    const change = await eventually(() =>
      delivered.find((record) => record.dynamodb?.Keys?.pk?.S === pk && record.eventName === 'MODIFY'),
    );
    expect(change.dynamodb).toMatchObject({
      OldImage: { balance: { N: '1' } },
      NewImage: { balance: { N: '2' } },
    });
  });

  it('should deliver again a record the worker reports failed, and give up after three attempts', async () => {
    const flaky = `${runId}#flaky`;
    const broken = `${runId}#broken`;
    for (const pk of [flaky, broken]) {
      await dynamo.send(
        new PutItemCommand({ TableName: tableName, Item: { pk: { S: pk }, sk: { S: 'PROFILE' } } }),
      );
    }
    await eventually(() => delivered.find((record) => record.dynamodb?.Keys?.pk?.S === flaky));
    expect(attempts.get(flaky)).toBe(2);
    await eventually(() => poller.failedRecords.find((record) => record.dynamodb?.Keys?.pk?.S === broken));
    expect(attempts.get(broken)).toBe(3);
  });
});
