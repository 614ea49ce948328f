import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { aggregateIncrements, type AggregatedRecord, type AggregateIncrement } from '#domain/aggregates.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { readEnvironment } from '#platform/environment.ts';

const imageOf = (image: Record<string, unknown> | undefined): AggregatedRecord | undefined =>
  image ? (unmarshall(image as Record<string, AttributeValue>) as AggregatedRecord) : undefined;

/** Aggregate items: `ENABLER#<id>#AGG#<metric>` / `<scale>#<period>#<federation>` (dashboard queries by prefix). */
export const aggregateKey = (
  increment: Pick<AggregateIncrement, 'enablerId' | 'metric' | 'scale' | 'period' | 'federation'>,
) => ({
  pk: `ENABLER#${increment.enablerId}#AGG#${increment.metric}`,
  sk: `${increment.scale}#${increment.period}#${increment.federation}`,
});

/** Applies one stream record's increments to the aggregate items (ADD is commutative, so order does not matter). */
export const applyAggregateChanges = async (record: DynamoDBRecord): Promise<void> => {
  const increments = aggregateIncrements(
    imageOf(record.dynamodb?.OldImage),
    imageOf(record.dynamodb?.NewImage),
  );
  const tableName = readEnvironment('tableName');
  for (const increment of increments) {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName,
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
      }),
    );
  }
};
