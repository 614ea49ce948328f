import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { dynamo } from '#platform/aws-clients.ts';
import { aggregateKey, applyAggregateChanges } from './aggregates.ts';
import { tableName } from './table.ts';

const streamRecord = (newImage: Record<string, unknown>): DynamoDBRecord => ({
  eventID: randomUUID(),
  eventName: 'INSERT',
  dynamodb: { NewImage: marshall(newImage) as never, SequenceNumber: '1' },
});

const amountOf = async (key: ReturnType<typeof aggregateKey>) =>
  (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key }))).Item?.amount;

describe('aggregates worker', () => {
  it('adds a record once, even when the stream delivers it twice', async () => {
    const enablerId = randomUUID();
    const record = streamRecord({
      entityType: 'CONTRIBUTION',
      enablerId,
      federation: 'Fatick',
      amountCents: 700,
      contributionDate: '2026-11-19T10:00:00Z',
    });
    await applyAggregateChanges(record);
    await applyAggregateChanges(record);
    await applyAggregateChanges(
      streamRecord({
        entityType: 'CONTRIBUTION',
        enablerId,
        federation: 'Fatick',
        amountCents: 300,
        contributionDate: '2026-11-20T10:00:00Z',
      }),
    );
    const monthly = aggregateKey({
      enablerId,
      metric: 'contributions',
      scale: 'monthly',
      period: '2026-11-01',
      federation: 'Fatick',
    });
    const daily = aggregateKey({
      enablerId,
      metric: 'contributions',
      scale: 'daily',
      period: '2026-11-19',
      federation: 'Fatick',
    });
    expect(await amountOf(monthly)).toBe(1000);
    expect(await amountOf(daily)).toBe(700);
  });
});
