import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { MoneyType } from '#domain/money-totals.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { recordById } from './member-keys.ts';
import { toMoneyRecord, type MoneyRecords } from '../money/money-items.ts';
import { toPlot, type Plot } from './plot-items.ts';
import { queryAll, tableName } from '../table/table.ts';

/* Plots and money records found by their id alone (gsi3 RECORD#<id>), as the administrators' calls name them. */

/**
 * A money record by its id alone (gsi3), if it is of this type, in whichever enabler it is: the caller
 * tells an administrator whose it is (http/other-enabler.ts).
 */
export const findMoneyRecord = async <Type extends MoneyType>(
  type: Type,
  id: string,
): Promise<MoneyRecords[Type] | undefined> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': recordById(id) },
  });
  const item = items.find((candidate) => candidate.entityType === type);
  return item ? (toMoneyRecord[type](item) as MoneyRecords[Type]) : undefined;
};

/** Where a plot is (gsi3): its member and enabler. */
export const findPlotOwner = async (
  plotId: string,
): Promise<{ memberId: string; enablerId: string } | undefined> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': recordById(plotId) },
  });
  const plot = items.find((item) => item.entityType === 'PLOT');
  return plot ? { memberId: plot.memberId as string, enablerId: plot.enablerId as string } : undefined;
};

/**
 * A plot by its id alone (gsi3), then read again from the table (the index lags behind writes), in
 * whichever enabler it is; undefined when it does not exist.
 */
export const getPlotById = async (plotId: string): Promise<Plot | undefined> => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :id AND gsi3sk = :record',
      ExpressionAttributeValues: { ':id': recordById(plotId), ':record': 'RECORD' },
      ProjectionExpression: 'pk, sk, entityType',
    }),
  );
  const found = Items.find((item) => item.entityType === 'PLOT');
  if (!found) return undefined;
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: { pk: found.pk, sk: found.sk }, ConsistentRead: true }),
  );
  return Item?.entityType === 'PLOT' ? toPlot(Item) : undefined;
};
