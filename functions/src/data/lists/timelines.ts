import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#platform/aws-clients.ts';
import { eachQueryPage, queryAll, tableName } from '../table/table.ts';

/*
 * Change timelines: gsi1 partitions whose sort key is `<instant>#<id>` (data/members/member-keys.ts changeKey),
 * each item under the time it last changed, and a tombstone for each one removed in the last 30 days.
 * An enabler's members (ENABLER#<id>#MEMBER) and its plots, contributions, payouts and cashouts
 * (ENABLER#<id>#<TYPE>) are such. The lists in memory read one whole, or from a time on.
 */

/** What a read projects of each item (fewer attributes: a full read is markedly quicker). */
export interface TimelineProjection {
  ProjectionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
}

/**
 * A whole timeline is read as this many slices, at most LOAD_PARALLEL at a time. Short slices keep
 * every Query to a page or two: a long paged Query slows down page after page on DynamoDB Local
 * (500 000 members: 211 s in 8 slices, 82 s in 64, 32 s in 256).
 */
const LOAD_SLICES = 256;
const LOAD_PARALLEL = 32;

const keyEnd = async (partition: string, forward: boolean): Promise<string | undefined> => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :partition',
      ExpressionAttributeValues: { ':partition': partition },
      ProjectionExpression: 'gsi1sk',
      ScanIndexForward: forward,
      Limit: 1,
    }),
  );
  return Items[0]?.gsi1sk as string | undefined;
};

/** Hands each page of the items between two keys to `onPage` as it arrives. */
const pagesBetween = async (
  partition: string,
  lower: string,
  upper: string,
  projection: TimelineProjection,
  onPage: (items: Record<string, unknown>[]) => void,
): Promise<void> =>
  eachQueryPage(
    {
      TableName: tableName(),
      IndexName: 'gsi1',
      // Change keys are '<instant>#<id>', so a bare instant sorts before every key of that instant.
      KeyConditionExpression: 'gsi1pk = :partition AND gsi1sk BETWEEN :lower AND :upper',
      ExpressionAttributeValues: { ':partition': partition, ':lower': lower, ':upper': upper },
      ...projection,
    },
    (page) => onPage(page.Items ?? []),
  );

/**
 * Reads every item of a timeline and hands each page to `onPage` as it arrives, with the number of its
 * time slice (slices in time order; pages of different slices come in any order). The timeline is cut
 * into slices by time, read in parallel, so that the items read (several times the size of what a list
 * keeps of them) are never all held at once.
 */
export const eachTimelinePage = async (
  partition: string,
  projection: TimelineProjection,
  onPage: (items: Record<string, unknown>[], slice: number) => void,
): Promise<void> => {
  const [first, last] = await Promise.all([keyEnd(partition, true), keyEnd(partition, false)]);
  if (!first || !last) return;
  const from = Date.parse(first.slice(0, first.indexOf('#')));
  const span = Date.parse(last.slice(0, last.indexOf('#'))) + 1 - from;
  // A slice spans a millisecond at least: items all changed within a few get as many slices.
  const count = Number.isFinite(span) ? Math.max(1, Math.min(LOAD_SLICES, span)) : 1;
  const bounds = Array.from({ length: count + 1 }, (_, index) => {
    if (index === 0) return first;
    if (index === count) return `${last}\uffff`;
    return new Date(from + Math.floor((span * index) / count)).toISOString();
  });
  let next = 0;
  const reader = async () => {
    for (let slice = next++; slice < count; slice = next++)
      await pagesBetween(
        partition,
        bounds[slice] as string,
        bounds[slice + 1] as string,
        projection,
        (items) => onPage(items, slice),
      );
  };
  await Promise.all(Array.from({ length: Math.min(LOAD_PARALLEL, count) }, reader));
};

/** What `entriesOf` makes of every item of a timeline, in time order (each page's items turned into entries as it arrives). */
export const wholeTimeline = async <Entry>(
  partition: string,
  projection: TimelineProjection,
  entriesOf: (item: Record<string, unknown>) => Entry[],
): Promise<Entry[]> => {
  const slices: Entry[][] = [];
  await eachTimelinePage(partition, projection, (items, slice) => {
    const entries = (slices[slice] ??= []);
    for (const item of items) for (const entry of entriesOf(item)) entries.push(entry);
  });
  return slices.flat();
};

/** The items of a timeline changed at or after `since` (ISO instant), oldest first: a catch-up. */
export const timelineSince = (
  partition: string,
  since: string,
  projection: TimelineProjection,
): Promise<Record<string, unknown>[]> =>
  queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :partition AND gsi1sk >= :since',
    ExpressionAttributeValues: { ':partition': partition, ':since': since },
    ...projection,
  });
