import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { MoneyType } from '#domain/money-totals.ts';
import { AppError } from '#platform/app-error.ts';
import { dynamo } from '#platform/aws-clients.ts';
import {
  MEMBER_PROFILE,
  memberPartition,
  plotSortKey,
  recordsOfEnabler,
  recordTypes,
} from './member-keys.ts';
import { cursorPosition, pageAsked, pageOf, type CursorKey, type CursorScope } from './list-cursor.ts';
import { findPlotOwner } from './records-by-id.ts';
import { toMoneyRecord, type MoneyRecords } from './money-items.ts';
import { getAll, tableName } from './table.ts';

/*
 * An enabler's contributions, payouts or cashouts, a page at a time (the admin tables).
 * - No member or plot filter: gsi1 ENABLER#<id>#<TYPE> / <date>#<id>, in date order.
 * - filter memberId: the member's partition, MEMBER#<id> / <TYPE>#<date>#<id>, in date order.
 * - filter plotId: the partition of the plot's member, with plotId as a filter expression.
 * - filter from/to: a range of the sort key (the key condition); protectionType: a filter expression.
 * Pages follow each other by the cursors of list-cursor.ts, like every admin list. A page is at most
 * MAX_QUERIES_PER_PAGE queries of at most pageSize + 1 items each, the later ones reading only what
 * the page still lacks and one more: that one says that a next page exists (no empty page after a
 * full last one). When a filter expression thins the items read, the page may hold fewer rows than
 * pageSize and still give a nextCursor: the next page goes on from where this one stopped reading.
 */

/** Queries one page may make when a filter expression drops items (each reads at most pageSize + 1). */
export const MAX_QUERIES_PER_PAGE = 4;

export interface MoneyListQuery {
  type: MoneyType;
  enablerId: string;
  pageSize: number;
  descending: boolean;
  /** The previous page's nextCursor. */
  cursor?: string;
  /** The page the caller says it asks for (checked against the cursor's). */
  page?: number;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  memberId?: string;
  plotId?: string;
  protectionType?: string;
}

export interface MoneyPage<Type extends MoneyType> {
  records: MoneyRecords[Type][];
  page: number;
  nextCursor: string | null;
  /** The queries this page made (the bound above; the tests read it). */
  queries: number;
}

interface Source {
  index: 'gsi1' | 'table';
  partitionAttribute: 'gsi1pk' | 'pk';
  sortAttribute: 'gsi1sk' | 'sk';
  partition: string;
  low: string;
  high: string;
  filters: string[];
  values: Record<string, string>;
}

const LOWEST_DAY = '0000-00-00';
// Above every date and id character of a sort key ('~' sorts after digits, 'T', '#' and letters).
const AFTER_DAY = '~';

const sourceOf = (query: MoneyListQuery, memberId: string | undefined): Source => {
  const filters: string[] = [];
  const values: Record<string, string> = {};
  if (query.protectionType !== undefined) {
    filters.push('protectionType = :protectionType');
    values[':protectionType'] = query.protectionType;
  }
  const range = (prefix: string) => ({
    low: `${prefix}${query.from ?? LOWEST_DAY}`,
    high: `${prefix}${query.to ?? '9999-12-31'}${AFTER_DAY}`,
  });
  if (memberId === undefined) {
    return {
      index: 'gsi1',
      partitionAttribute: 'gsi1pk',
      sortAttribute: 'gsi1sk',
      partition: recordsOfEnabler(query.enablerId, query.type),
      ...range(''),
      filters,
      values,
    };
  }
  // The member's partition holds what the filter names; the enabler is checked on each item too.
  filters.push('enablerId = :enablerId');
  values[':enablerId'] = query.enablerId;
  if (query.plotId !== undefined) {
    filters.push('plotId = :plotId');
    values[':plotId'] = query.plotId;
  }
  return {
    index: 'table',
    partitionAttribute: 'pk',
    sortAttribute: 'sk',
    partition: memberPartition(memberId),
    ...range(`${recordTypes[query.type]}#`),
    filters,
    values,
  };
};

/** The list's cursor scope: its type, enabler, index, partition, order and filters, and its range. */
const scopeOf = (query: MoneyListQuery, source: Source): CursorScope => ({
  query: JSON.stringify([
    query.type,
    query.enablerId,
    source.index,
    source.partition,
    query.descending ? 'desc' : 'asc',
    query.from ?? null,
    query.to ?? null,
    query.memberId ?? null,
    query.plotId ?? null,
    query.protectionType ?? null,
  ]),
  keyNames: source.index === 'gsi1' ? ['gsi1pk', 'gsi1sk', 'pk', 'sk'] : ['pk', 'sk'],
  partition: { name: source.partitionAttribute, value: source.partition },
  inRange: (key) => {
    const sort = key[source.sortAttribute] ?? '';
    return sort >= source.low && sort <= source.high;
  },
});

const invalidCursor = () =>
  new AppError('ERR_INVALID_DATA_FORMAT', { message: 'The cursor is not one of this list.' });

const emptyPage = <Type extends MoneyType>(page: number): MoneyPage<Type> => ({
  records: [],
  page,
  nextCursor: null,
  queries: 0,
});

/** One page of an enabler's records of a type, in date order, filtered (see the module's comment). */
export const listMoneyRecords = async <Type extends MoneyType>(
  query: MoneyListQuery & { type: Type },
): Promise<MoneyPage<Type>> => {
  let memberId = query.memberId;
  if (query.plotId !== undefined) {
    const owner = await findPlotOwner(query.plotId);
    // A plot of another enabler, or of another member than the one asked, holds nothing here. A
    // cursor of it (the plot was deleted since) is of a list that is now empty: its last page.
    if (
      !owner ||
      owner.enablerId !== query.enablerId ||
      (memberId !== undefined && owner.memberId !== memberId)
    )
      return emptyPage(query.cursor === undefined ? pageAsked(query.page) : (query.page ?? 2));
    memberId = owner.memberId;
  }
  const source = sourceOf(query, memberId);
  const scope = scopeOf(query, source);
  const position = cursorPosition(scope, query);
  if (source.low > source.high) return emptyPage(position?.page ?? 1);

  const items: Record<string, unknown>[] = [];
  let startKey: CursorKey | undefined = position?.startKey;
  let queries = 0;
  do {
    const page: QueryCommandOutput = await dynamo()
      .send(
        new QueryCommand({
          TableName: tableName(),
          ...(source.index === 'gsi1' ? { IndexName: 'gsi1' } : { ConsistentRead: true }),
          KeyConditionExpression: `#partition = :partition AND #sort BETWEEN :low AND :high`,
          ...(source.filters.length ? { FilterExpression: source.filters.join(' AND ') } : {}),
          ExpressionAttributeNames: {
            '#partition': source.partitionAttribute,
            '#sort': source.sortAttribute,
          },
          ExpressionAttributeValues: {
            ':partition': source.partition,
            ':low': source.low,
            ':high': source.high,
            ...source.values,
          },
          ScanIndexForward: !query.descending,
          // What the page still lacks, and one more: that one only says a next page exists.
          Limit: query.pageSize + 1 - items.length,
          ExclusiveStartKey: startKey,
        }),
      )
      .catch((error: unknown) => {
        // A start key the checks above let through but DynamoDB refuses is still the caller's cursor.
        if (position && (error as Error).name === 'ValidationException') throw invalidCursor();
        throw error;
      });
    queries += 1;
    items.push(...(page.Items ?? []).filter((item) => item.entityType === query.type));
    startKey = page.LastEvaluatedKey as CursorKey | undefined;
  } while (startKey && items.length <= query.pageSize && queries < MAX_QUERIES_PER_PAGE);

  const read = pageOf(scope, position, query.pageSize, items, startKey);
  const toRecord = toMoneyRecord[query.type] as (item: Record<string, unknown>) => MoneyRecords[Type];
  return { records: read.items.map(toRecord), page: read.page, nextCursor: read.nextCursor, queries };
};

export interface MemberName {
  name: string;
  number: string;
}

export interface Names {
  members: Map<string, MemberName>;
  /** Plot names by plot id. */
  plots: Map<string, string>;
}

/**
 * The current names of the members and plots a page shows, read at once (BatchGet, only the name
 * attributes): a renamed member or plot shows its new name. Another enabler's items are left out.
 */
export const namesOf = async (
  enablerId: string,
  records: readonly { memberId: string; plotId?: string }[],
): Promise<Names> => {
  const keys = records.flatMap((record) => [
    { pk: memberPartition(record.memberId), sk: MEMBER_PROFILE },
    ...(record.plotId === undefined
      ? []
      : [{ pk: memberPartition(record.memberId), sk: plotSortKey(record.plotId) }]),
  ]);
  const found = await getAll(keys, {
    ProjectionExpression: 'id, entityType, enablerId, #name, #number',
    ExpressionAttributeNames: { '#name': 'name', '#number': 'number' },
  });
  const names: Names = { members: new Map(), plots: new Map() };
  for (const item of found) {
    if (item.enablerId !== enablerId) continue;
    if (item.entityType === 'MEMBER') {
      names.members.set(item.id as string, { name: item.name as string, number: item.number as string });
    } else if (item.entityType === 'PLOT') {
      names.plots.set(item.id as string, item.name as string);
    }
  }
  return names;
};
