import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { cursorPosition, pageOf, type CursorScope } from './list-cursor.ts';
import { MEMBER_PROFILE, memberPartition, plotSortKey, recordsOfEnabler } from './member-keys.ts';
import { toPlot, type Plot } from './plot-items.ts';
import { getAll, tableName } from './table.ts';

/*
 * The administrators' plot list: an enabler's plots by start of coverage (gsi1
 * ENABLER#<id>#PLOT / <startCoverageDate>#<plotId>), or one member's plots (its own partition), a page
 * at a time from an opaque cursor, with each plot's member name and number. A page costs one Query
 * and at most one BatchGetItem per 100 members on it, whatever the enabler holds.
 */

export interface PlotListQuery {
  enablerId: string;
  pageSize: number;
  direction: 'asc' | 'desc';
  /** Inclusive days of the start of coverage. */
  from?: IsoDate;
  to?: IsoDate;
  memberId?: string;
  /** The page the caller says it asks for (checked against the cursor's). */
  page?: number;
  cursor?: string;
}

export interface PlotRow extends Plot {
  memberName: string;
  memberNumber: string;
}

export interface PlotListPage {
  rows: PlotRow[];
  page: number;
  pageSize: number;
  nextCursor: string | null;
}

/** Above every character of a plot id: the last key of a day is below `<day>#\uffff`. */
const DAY_END = '#\uffff';

const inDays = (query: PlotListQuery, listKey: string): boolean =>
  (!query.from || listKey >= query.from) && (!query.to || listKey <= `${query.to}${DAY_END}`);

const enablerScope = (query: PlotListQuery): CursorScope => ({
  query: `plots|${query.direction}|${query.from ?? ''}|${query.to ?? ''}`,
  keyNames: ['gsi1pk', 'gsi1sk', 'pk', 'sk'],
  partition: { name: 'gsi1pk', value: recordsOfEnabler(query.enablerId, 'PLOT') },
  inRange: (key) =>
    inDays(query, key.gsi1sk ?? '') &&
    (key.pk ?? '').startsWith(memberPartition('')) &&
    (key.sk ?? '').startsWith(plotSortKey('')),
});

const memberScope = (query: PlotListQuery, memberId: string): CursorScope => ({
  query: `plots|member|${query.direction}|${query.from ?? ''}|${query.to ?? ''}`,
  keyNames: ['pk', 'gsi1sk'],
  partition: { name: 'pk', value: memberPartition(memberId) },
  inRange: (key) => inDays(query, key.gsi1sk ?? ''),
});

/** Names and numbers of members, by key and only those two attributes (and the enabler, to check it). */
const memberNames = async (
  enablerId: string,
  memberIds: string[],
): Promise<Map<string, { name: string; number: string }>> => {
  const profiles = await getAll(
    memberIds.map((id) => ({ pk: memberPartition(id), sk: MEMBER_PROFILE })),
    {
      ProjectionExpression: 'id, #name, #number, enablerId',
      ExpressionAttributeNames: { '#name': 'name', '#number': 'number' },
    },
    // Every request at once: a page names at most a few hundred members.
    Math.max(1, Math.ceil(memberIds.length / 100)),
  );
  return new Map(
    profiles
      .filter((item) => item.enablerId === enablerId)
      .map((item) => [item.id as string, { name: item.name as string, number: item.number as string }]),
  );
};

const withMembers = async (enablerId: string, plots: Plot[]): Promise<PlotRow[]> => {
  const names = await memberNames(enablerId, [...new Set(plots.map((plot) => plot.memberId))]);
  return plots.map((plot) => ({
    ...plot,
    memberName: names.get(plot.memberId)?.name ?? '',
    memberNumber: names.get(plot.memberId)?.number ?? '',
  }));
};

const ofEnabler = async (query: PlotListQuery): Promise<PlotListPage> => {
  const scope = enablerScope(query);
  const position = cursorPosition(scope, query);
  const range =
    query.from && query.to
      ? ' AND gsi1sk BETWEEN :from AND :to'
      : query.from
        ? ' AND gsi1sk >= :from'
        : query.to
          ? ' AND gsi1sk <= :to'
          : '';
  const { Items = [], LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: `gsi1pk = :plots${range}`,
      ExpressionAttributeValues: {
        ':plots': scope.partition.value,
        ...(query.from ? { ':from': query.from } : {}),
        ...(query.to ? { ':to': `${query.to}${DAY_END}` } : {}),
      },
      ScanIndexForward: query.direction === 'asc',
      // One more than the page tells whether a next page exists without reading it.
      Limit: query.pageSize + 1,
      ExclusiveStartKey: position?.startKey,
    }),
  );
  const { items, page, nextCursor } = pageOf(scope, position, query.pageSize, Items, LastEvaluatedKey);
  return {
    rows: await withMembers(query.enablerId, items.map(toPlot)),
    page,
    pageSize: query.pageSize,
    nextCursor,
  };
};

/** The order of the index (keys here are ASCII: code unit order is byte order). */
const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** One member's plots: its partition holds them all (a member has a handful), sorted here. */
const ofMember = async (query: PlotListQuery, memberId: string): Promise<PlotListPage> => {
  const scope = memberScope(query, memberId);
  const position = cursorPosition(scope, query);
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :plots)',
      ExpressionAttributeValues: { ':pk': memberPartition(memberId), ':plots': plotSortKey('') },
      ConsistentRead: true,
    }),
  );
  const after = position?.startKey.gsi1sk;
  const ascending = query.direction === 'asc';
  const items = Items.filter(
    (item) =>
      item.enablerId === query.enablerId &&
      inDays(query, item.gsi1sk as string) &&
      (after === undefined || (ascending ? item.gsi1sk > after : item.gsi1sk < after)),
  ).sort((a, b) => (ascending ? 1 : -1) * byteOrder(a.gsi1sk as string, b.gsi1sk as string));
  const { items: pageItems, page, nextCursor } = pageOf(scope, position, query.pageSize, items);
  return {
    rows: await withMembers(query.enablerId, pageItems.map(toPlot)),
    page,
    pageSize: query.pageSize,
    nextCursor,
  };
};

/** A page of the enabler's plots (or of one member's), by start of coverage. */
export const listPlots = (query: PlotListQuery): Promise<PlotListPage> =>
  query.memberId === undefined ? ofEnabler(query) : ofMember(query, query.memberId);
