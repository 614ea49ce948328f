import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { aggregateIncrements, type AggregatedRecord, type AggregateIncrement } from '#domain/aggregates.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { epochSeconds, isConditionFailure, tableName } from './table.ts';

const imageOf = (image: Record<string, unknown> | undefined): AggregatedRecord | undefined =>
  image ? (unmarshall(image as Record<string, AttributeValue>) as AggregatedRecord) : undefined;

/** Aggregate items: `ENABLER#<id>#AGG#<metric>` / `<scale>#<period>#<federation>` (dashboard queries by prefix). */
export const aggregateKey = (
  increment: Pick<AggregateIncrement, 'enablerId' | 'metric' | 'scale' | 'period' | 'federation'>,
) => ({
  pk: `ENABLER#${increment.enablerId}#AGG#${increment.metric}`,
  sk: `${increment.scale}#${increment.period}#${increment.federation}`,
});

/** An aggregate item holding `amount` whole (the demo seed writes them so; the stream worker adds to them). */
export const aggregateItem = (increment: AggregateIncrement) => ({
  ...aggregateKey(increment),
  entityType: 'AGGREGATE',
  scale: increment.scale,
  period: increment.period,
  federation: increment.federation,
  amount: increment.amount,
});

/** Stream records are delivered at least once; a marker per record, kept two days, makes a replay a no-op. */
const MARKER_LIFETIME_SECONDS = 2 * 24 * 3600;

/**
 * Applies one stream record's increments to the aggregate items, in one transaction with the
 * record's marker: a record delivered again (a retried batch) adds nothing the second time.
 */
export const applyAggregateChanges = async (record: DynamoDBRecord): Promise<void> => {
  const increments = aggregateIncrements(
    imageOf(record.dynamodb?.OldImage),
    imageOf(record.dynamodb?.NewImage),
  );
  if (increments.length === 0) return;
  const table = tableName();
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table,
              Item: {
                pk: `AGGMARK#${record.eventID}`,
                sk: 'MARK',
                entityType: 'AGGREGATE_MARK',
                expiresAt: epochSeconds() + MARKER_LIFETIME_SECONDS,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...increments.map((increment) => ({
            Update: {
              TableName: table,
              Key: aggregateKey(increment),
              UpdateExpression:
                'ADD amount :amount SET entityType = :type, scale = :scale, period = :period, federation = :federation',
              ExpressionAttributeValues: {
                ':amount': increment.amount,
                ':type': 'AGGREGATE',
                ':scale': increment.scale,
                ':period': increment.period,
                ':federation': increment.federation,
              },
            },
          })),
        ],
      }),
    );
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (isConditionFailure(error) && reasons?.[0]?.Code === 'ConditionalCheckFailed') return;
    throw error;
  }
};
