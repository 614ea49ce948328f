import { aggregatesOfEnabler } from '#data/aggregates/aggregates.ts';
import { queryAll, tableName } from '#data/table/table.ts';

/**
 * An enabler's aggregates as stored, `pk|sk` → amount. An aggregate back at zero (a record added, then
 * removed) is left out unless asked for: a rebuild writes none, so the incremental ones compare without.
 */
export const storedAggregatesOf = async (
  enablerId: string,
  zeros: 'left out' | 'kept' = 'left out',
): Promise<Record<string, number>> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': aggregatesOfEnabler(enablerId) },
  });
  return Object.fromEntries(
    items
      .filter((item) => zeros === 'kept' || item.amount !== 0)
      .map((item) => [`${String(item.pk)}|${String(item.sk)}`, item.amount as number]),
  );
};
