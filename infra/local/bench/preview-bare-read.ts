/**
 * The reference of the benefit run's preview in `npm run bench:benefit-run`: the Queries its preview
 * makes (data/benefit-runs/benefit-inputs.ts: the enabler's plots, members and contributions, the assessment's
 * claims and payouts, its configs), with the same keys, filters and page size, two at a time as the
 * preview makes them, and nothing done with the items. Run in a process of its own, as the preview
 * is; prints one JSON line: how long it took and how many items it read.
 */
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';

const enablerId = process.env.BENCH_ENABLER as string;
const assessmentId = process.env.BENCH_ASSESSMENT as string;
const { LONG_QUERY_PAGE_ITEMS, queryAll, tableName } = await import('@cpbo/functions/data/table/table.ts');
const { membersOfEnabler, recordsOfEnabler } = await import('@cpbo/functions/data/members/member-keys.ts');
const { benefitClaimKey } = await import('@cpbo/functions/data/money/benefit-claims.ts');
const { enablerPartition } = await import('@cpbo/functions/data/enablers/enablers.ts');

const byIndex = (partition: string, more: Partial<QueryCommandInput> = {}): QueryCommandInput => ({
  TableName: tableName(),
  IndexName: 'gsi1',
  KeyConditionExpression: 'gsi1pk = :partition',
  ...more,
  ExpressionAttributeValues: { ':partition': partition, ...more.ExpressionAttributeValues },
  Limit: LONG_QUERY_PAGE_ITEMS,
});

const started = performance.now();
const read = async (...queries: QueryCommandInput[]) =>
  (await Promise.all(queries.map((query) => queryAll(query)))).reduce((sum, items) => sum + items.length, 0);
const items =
  (await read(
    {
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :configs)',
      ExpressionAttributeValues: { ':pk': enablerPartition(enablerId), ':configs': 'CONFIG#' },
    },
    byIndex(recordsOfEnabler(enablerId, 'PLOT'), {
      FilterExpression: 'entityType = :plot',
      ExpressionAttributeValues: { ':plot': 'PLOT' },
    }),
    byIndex(membersOfEnabler(enablerId), {
      FilterExpression: 'entityType = :member',
      ExpressionAttributeValues: { ':member': 'MEMBER' },
    }),
  )) +
  (await read(
    byIndex(recordsOfEnabler(enablerId, 'CONTRIBUTION'), {
      FilterExpression: 'protectionType = :drought',
      ExpressionAttributeValues: { ':drought': 'DROUGHT' },
    }),
    {
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': benefitClaimKey(enablerId, assessmentId, '').pk },
      Limit: LONG_QUERY_PAGE_ITEMS,
    },
    byIndex(recordsOfEnabler(enablerId, 'PAYOUT'), {
      FilterExpression: 'assessmentId = :assessment',
      ExpressionAttributeValues: { ':assessment': assessmentId },
    }),
  ));
console.log(JSON.stringify({ ms: performance.now() - started, items }));
