import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import {
  aggregateIncrements,
  ALL_FEDERATIONS,
  federationCopies,
  figuresOf,
  incrementKey,
  MalformedRecordError,
  mergeIncrements,
  movedFederation,
  type AggregatedRecord,
  type AggregateIncrement,
  type Metric,
  type Scale,
} from '#domain/aggregates.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { logger } from '#platform/logger.ts';
import { MEMBER_PROFILE, membersOfEnabler, recordsOfEnabler } from '../members/member-keys.ts';
import {
  batchWriteAll,
  epochSeconds,
  ifConditionHeld,
  isConditionFailure,
  queryAll,
  sendTransaction,
  tableName,
  type WriteRequest,
} from '../table/table.ts';
import { readMemberPartition } from '../members/member-page.ts';

const imageOf = (image: Record<string, unknown> | undefined): AggregatedRecord | undefined =>
  image ? (unmarshall(image as Record<string, AttributeValue>) as AggregatedRecord) : undefined;

/**
 * Aggregate items, keyed so that each answer of the dashboard is one Query or one GetItem:
 * - a dated figure: `ENABLER#<id>#AGG#<metric>#<scale>#<federation key>` / `<period start>`;
 * - a running total: `ENABLER#<id>#AGG#<metric>#total` / `<federation key>` (every federation in one
 *   partition: the pending benefits and the federations are one Query each).
 * gsi1 `ENABLER#<id>#AGG` lists every aggregate of an enabler, for the rebuild.
 */
export const aggregateKey = (increment: Omit<AggregateIncrement, 'amount'>) =>
  increment.bucket === 'total'
    ? { pk: `ENABLER#${increment.enablerId}#AGG#${increment.metric}#total`, sk: increment.federation }
    : {
        pk: `ENABLER#${increment.enablerId}#AGG#${increment.metric}#${increment.bucket}#${increment.federation}`,
        sk: increment.period as string,
      };

/** gsi1's partition of every aggregate of an enabler. */
export const aggregatesOfEnabler = (enablerId: string) => `ENABLER#${enablerId}#AGG`;

/** The attributes of an aggregate item besides its amount. */
const aggregateAttributes = (increment: Omit<AggregateIncrement, 'amount'>) => {
  const key = aggregateKey(increment);
  return {
    ...key,
    entityType: 'AGGREGATE',
    gsi1pk: aggregatesOfEnabler(increment.enablerId),
    gsi1sk: `${key.pk}|${key.sk}`,
    enablerId: increment.enablerId,
    metric: increment.metric,
    bucket: increment.bucket,
    period: increment.period,
    federation: increment.federation,
  };
};

/** An aggregate item holding `amount` whole (the demo seed and the rebuild write them so). */
export const aggregateItem = (increment: AggregateIncrement) => ({
  ...aggregateAttributes(increment),
  amount: increment.amount,
});

const incrementOfItem = (item: Record<string, unknown>): AggregateIncrement => ({
  enablerId: item.enablerId as string,
  metric: item.metric as Metric,
  bucket: item.bucket as AggregateIncrement['bucket'],
  period: (item.period as string | null | undefined) ?? null,
  federation: item.federation as string,
  amount: item.amount as number,
});

/** Stream records are delivered at least once; a marker per record, kept two days, makes a replay a no-op. */
const MARKER_LIFETIME_SECONDS = 2 * 24 * 3600;
export const aggregateMarkerKey = (eventId: string) => ({ pk: `AGGMARK#${eventId}`, sk: 'MARK' });

/**
 * Applies one stream record to the aggregates: its increments in one transaction with the record's
 * marker, so that a record delivered again (a retried or replayed batch) adds nothing the second time.
 * A member's profile whose federation moved also moves its records' copies (propagateFederation):
 * their own stream records then move the figures.
 */
export const applyAggregateChanges = async (record: DynamoDBRecord): Promise<void> => {
  const oldImage = imageOf(record.dynamodb?.OldImage);
  const newImage = imageOf(record.dynamodb?.NewImage);
  const increments = aggregateIncrements(oldImage, newImage);
  if (increments.length > 0) await applyOnce(record.eventID as string, increments);
  const moved = movedFederation(oldImage, newImage);
  const memberId = (newImage as { id?: string } | undefined)?.id;
  if (moved && memberId) await propagateFederation(memberId);
};

const applyOnce = async (eventId: string, increments: AggregateIncrement[]): Promise<void> => {
  const table = tableName();
  try {
    // Another writer of the same aggregates (a rebuild, the other stream worker's shard) is waited out here.
    await sendTransaction(() =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: table,
                Item: {
                  ...aggregateMarkerKey(eventId),
                  entityType: 'AGGREGATE_MARK',
                  expiresAt: epochSeconds() + MARKER_LIFETIME_SECONDS,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            ...increments.map((increment) => {
              const { pk, sk, ...attributes } = aggregateAttributes(increment);
              const names = Object.keys(attributes);
              return {
                Update: {
                  TableName: table,
                  Key: { pk, sk },
                  UpdateExpression: `ADD amount :amount SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
                  ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
                  ExpressionAttributeValues: {
                    ':amount': increment.amount,
                    ...Object.fromEntries(
                      names.map((name) => [`:${name}`, attributes[name as keyof typeof attributes]]),
                    ),
                  },
                },
              };
            }),
          ],
        }),
      ),
    );
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (isConditionFailure(error) && reasons?.[0]?.Code === 'ConditionalCheckFailed') return;
    throw error;
  }
};

/**
 * Sets the federation copy of each of the member's plots and money records to the member's current
 * federation (read now, so that a late or replayed profile change cannot bring an old one back). Each
 * write holds only if the copy is still as read; a record changed meanwhile carries its own change.
 */
export const propagateFederation = async (memberId: string): Promise<number> => {
  const items = await readMemberPartition(memberId);
  const profile = items.find((item) => item.sk === MEMBER_PROFILE);
  if (!profile) return 0;
  const federation = (profile.federation as string | null | undefined) || null;
  let moved = 0;
  for (const item of items) {
    if (!federationCopies.includes(item.entityType as string)) continue;
    const copy = (item.federation as string | null | undefined) || null;
    if (copy === federation) continue;
    const seen = item.federation === undefined ? 'attribute_not_exists(federation)' : 'federation = :seen';
    const done = await ifConditionHeld(
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: federation === null ? 'REMOVE federation' : 'SET federation = :federation',
          ConditionExpression: `attribute_exists(pk) AND ${seen}`,
          ExpressionAttributeValues: {
            ...(federation === null ? {} : { ':federation': federation }),
            ...(item.federation === undefined ? {} : { ':seen': item.federation }),
          },
        }),
      ),
    );
    if (done) moved += 1;
  }
  return moved;
};

/** One page (at most 1 MB) of a gsi1 partition, from `startKey`. */
const gsi1Page = (partition: string, startKey: Record<string, unknown> | undefined) =>
  dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ExclusiveStartKey: startKey,
    }),
  ) as Promise<QueryCommandOutput>;

export interface RebuildResult {
  records: number;
  aggregates: number;
  /** Records the figures could not be read from (logged), left out. */
  malformed: number;
}

/**
 * Where a rebuild's reading stands: the partition being read (of rebuildPartitions) and the key its
 * next page starts from, the counts so far and the sums of the records read. Plain JSON, so that a
 * queued rebuild saves it at the end of a step and the next step resumes from it.
 */
export interface RebuildProgress {
  partition: number;
  startKey?: Record<string, unknown>;
  records: number;
  malformed: number;
  sums: AggregateIncrement[];
}

export const rebuildStart = (): RebuildProgress => ({ partition: 0, records: 0, malformed: 0, sums: [] });

/** The partitions a rebuild reads, in order: the enabler's members, plots and money records. */
const rebuildPartitions = (enablerId: string) => [
  membersOfEnabler(enablerId),
  ...(['PLOT', 'CONTRIBUTION', 'PAYOUT', 'CASHOUT'] as const).map((type) =>
    recordsOfEnabler(enablerId, type),
  ),
];

/**
 * Reads the enabler's records page by page from `progress` and adds their figures to its sums (memory
 * holds the aggregates, which grow with periods and federations, not with records). Stops when every
 * record is read, or after a page when `pause()` says so: the answer then says where to resume.
 */
export const readRebuildPages = async (
  enablerId: string,
  from: RebuildProgress,
  pause: () => boolean = () => false,
): Promise<RebuildProgress & { finished: boolean }> => {
  const partitions = rebuildPartitions(enablerId);
  const sums = new Map(from.sums.map((sum) => [incrementKey(sum), { ...sum }]));
  let { partition, startKey, records, malformed } = from;
  while (partition < partitions.length) {
    const page = await gsi1Page(partitions[partition] as string, startKey);
    for (const item of page.Items ?? []) {
      records += 1;
      let figures: AggregateIncrement[];
      try {
        figures = figuresOf(item as AggregatedRecord, 1);
      } catch (error) {
        if (!(error instanceof MalformedRecordError)) throw error;
        malformed += 1;
        void logger.warn('Record left out of the aggregates', { pk: item.pk, sk: item.sk, error });
        continue;
      }
      for (const figure of mergeIncrements(figures)) {
        const key = incrementKey(figure);
        const sum = sums.get(key);
        if (sum) sum.amount += figure.amount;
        else sums.set(key, { ...figure });
      }
    }
    startKey = page.LastEvaluatedKey;
    if (!startKey) partition += 1;
    if (partition < partitions.length && pause()) break;
  }
  return {
    partition,
    ...(startKey && { startKey }),
    records,
    malformed,
    sums: [...sums.values()],
    finished: partition >= partitions.length,
  };
};

/**
 * Writes the sums of a finished reading as the enabler's aggregates: the ones that differ, and deletes
 * those no record holds any more. Absolute values, so writing the same sums twice changes nothing.
 */
export const writeRebuiltAggregates = async (
  enablerId: string,
  progress: RebuildProgress,
): Promise<RebuildResult> => {
  const wanted = new Map(
    progress.sums.filter((sum) => sum.amount !== 0).map((sum) => [incrementKey(sum), sum] as const),
  );
  const aggregates = wanted.size;
  const writes: WriteRequest[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await gsi1Page(aggregatesOfEnabler(enablerId), startKey);
    for (const item of page.Items ?? []) {
      const existing = incrementOfItem(item);
      const key = incrementKey(existing);
      const sum = wanted.get(key);
      if (sum && sum.amount === existing.amount) wanted.delete(key);
      else if (!sum) writes.push({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  for (const sum of wanted.values()) writes.push({ PutRequest: { Item: aggregateItem(sum) } });
  await batchWriteAll(writes, 4);
  return { records: progress.records, aggregates, malformed: progress.malformed };
};

/**
 * Recomputes every aggregate of an enabler from its members, plots and money records in one go (the
 * script; the administrator's call queues the same work in steps). Meant for repair: changes made
 * while it runs may be counted twice or not at all, and a second rebuild settles them.
 */
export const rebuildAggregates = async (enablerId: string): Promise<RebuildResult> =>
  writeRebuiltAggregates(enablerId, await readRebuildPages(enablerId, rebuildStart()));

const amountsOf = async (pk: string, from: string, to: string): Promise<Map<string, number>> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
  });
  return new Map(items.map((item) => [item.sk as string, item.amount as number]));
};

/** A dated series: the amount of each period from `from` to `to` (period starts), one Query. */
export const seriesAmounts = (
  enablerId: string,
  metric: Metric,
  scale: Scale,
  federation: string,
  from: string,
  to: string,
): Promise<Map<string, number>> =>
  amountsOf(aggregateKey({ enablerId, metric, bucket: scale, period: from, federation }).pk, from, to);

/** The running totals of a metric by federation key, one Query. */
export const totalsByFederation = async (enablerId: string, metric: Metric): Promise<Map<string, number>> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: {
      ':pk': aggregateKey({ enablerId, metric, bucket: 'total', period: null, federation: ALL_FEDERATIONS })
        .pk,
    },
  });
  return new Map(items.map((item) => [item.sk as string, item.amount as number]));
};

/** One running total (0 when nothing was ever counted). */
export const totalOf = async (enablerId: string, metric: Metric, federation: string): Promise<number> => {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: aggregateKey({ enablerId, metric, bucket: 'total', period: null, federation }),
    }),
  );
  return (Item?.amount as number | undefined) ?? 0;
};

/** The sum of the series seriesAmounts reads (periods from `from` to `to`, inclusive), one Query. */
export const sumBetween = async (...series: Parameters<typeof seriesAmounts>): Promise<number> => {
  const amounts = await seriesAmounts(...series);
  return [...amounts.values()].reduce((sum, amount) => sum + amount, 0);
};
