import type { AdminList } from '@cpbo/schemas/admin-list-query.ts';
import { plotTermFields } from '@cpbo/schemas/plot-terms.ts';
import type {
  ContributionEntry,
  NameEntry,
  PayoutEntry,
  CashoutEntry,
  PlotEntry,
  RecordEntries,
  RecordListBuilder,
  RecordListChange,
} from '#domain/lists/record-list.ts';
import { changedAt } from '#domain/money-changes.ts';
import {
  changeKey,
  membersOfEnabler,
  recordsOfEnabler,
  recordTombstoneKey,
  TOMBSTONE_DAYS,
  type RecordType,
} from '../members/member-keys.ts';
import { MEMBER_REMOVED } from './member-timeline.ts';
import { toCashout, toContribution, toPayout } from '../money/money-items.ts';
import { toPlot } from '../members/plot-items.ts';
import { epochSeconds } from '../table/table.ts';
import { eachTimelinePage, timelineSince, wholeTimeline, type TimelineProjection } from './timelines.ts';

/*
 * The change timelines of an enabler's plots, contributions, payouts and cashouts (gsi1
 * ENABLER#<id>#<TYPE>, by the time each last changed: data/lists/timelines.ts), which the administrators'
 * tables read with the names they show: the members' (their own timeline) and the plots'.
 */

const RECORD_REMOVED = 'RECORD_REMOVED';

export const recordTypeOf = {
  plots: 'PLOT',
  contributions: 'CONTRIBUTION',
  payouts: 'PAYOUT',
  cashouts: 'CASHOUT',
} as const satisfies Record<AdminList, RecordType>;

/**
 * The tombstone of a removed plot or money record: the transaction that deletes the record puts it,
 * so that every list learns of the removal from its catch-up read (a deleted item leaves no trace).
 * A member's removal takes its records with it: the lists learn of it from the member's tombstone.
 */
export const recordTombstoneItem = (
  type: RecordType,
  enablerId: string,
  recordId: string,
  removedAt: string,
) => ({
  ...recordTombstoneKey(recordId),
  entityType: RECORD_REMOVED,
  gsi1pk: recordsOfEnabler(enablerId, type),
  gsi1sk: changeKey(removedAt, recordId),
  id: recordId,
  enablerId,
  recordType: type,
  removedAt,
  expiresAt: epochSeconds(new Date(removedAt)) + TOMBSTONE_DAYS * 86_400,
});

const projection = (attributes: string[]): TimelineProjection => ({
  ProjectionExpression: ['entityType', 'id', 'removedAt', ...attributes].join(', '),
  ...(attributes.includes('#name') || attributes.includes('#number')
    ? {
        ExpressionAttributeNames: {
          ...(attributes.includes('#name') ? { '#name': 'name' } : {}),
          ...(attributes.includes('#number') ? { '#number': 'number' } : {}),
        },
      }
    : {}),
});

const money = ['memberId', 'amountCents', 'createdAt', 'createdBy', 'modifiedAt', 'modifiedBy'];
/** What each list reads of its records (a full read of half a million is markedly quicker so). */
const projections: Record<AdminList, TimelineProjection> = {
  plots: projection(['memberId', '#name', ...plotTermFields, 'enablerConfig', 'updatedAt']),
  contributions: projection([...money, 'plotId', 'plotName', 'protectionType', 'contributionDate']),
  payouts: projection([...money, 'plotId', 'plotName', 'assessmentId', 'assessmentDate', 'payoutDate']),
  cashouts: projection([...money, 'cashoutDate']),
};
const memberNames = projection(['#name', '#number', 'updatedAt']);
const plotNames = projection(['#name', 'updatedAt']);

/** A list's record as its item says it. */
export const entryOf: { [List in AdminList]: (item: Record<string, unknown>) => RecordEntries[List] } = {
  plots: (item): PlotEntry => toPlot(item),
  contributions: (item): ContributionEntry => {
    const record = toContribution(item);
    return { ...record, updatedAt: changedAt(record) };
  },
  payouts: (item): PayoutEntry => {
    const record = toPayout(item);
    return { ...record, updatedAt: changedAt(record) };
  },
  cashouts: (item): CashoutEntry => {
    const record = toCashout(item);
    return { ...record, updatedAt: changedAt(record) };
  },
};

const recordChangeOf =
  <List extends AdminList>(list: List) =>
  (item: Record<string, unknown>): RecordListChange<List>[] => {
    if (item.entityType === recordTypeOf[list]) return [{ type: 'record', entry: entryOf[list](item) }];
    if (item.entityType === RECORD_REMOVED)
      return [{ type: 'removed', id: item.id as string, removedAt: item.removedAt as string }];
    return [];
  };

const nameOf = (item: Record<string, unknown>): NameEntry => ({
  id: item.id as string,
  name: item.name as string,
  number: (item.number as string | undefined) ?? '',
  updatedAt: item.updatedAt as string,
});

const memberChangeOf = <List extends AdminList>(item: Record<string, unknown>): RecordListChange<List>[] => {
  if (item.entityType === 'MEMBER') return [{ type: 'member', entry: nameOf(item) }];
  if (item.entityType === MEMBER_REMOVED)
    return [{ type: 'memberRemoved', id: item.id as string, removedAt: item.removedAt as string }];
  return [];
};

const plotChangeOf = <List extends AdminList>(item: Record<string, unknown>): RecordListChange<List>[] =>
  item.entityType === 'PLOT' ? [{ type: 'plot', entry: nameOf(item) }] : [];

interface Timeline<List extends AdminList> {
  partition: string;
  projection: TimelineProjection;
  changeOf: (item: Record<string, unknown>) => RecordListChange<List>[];
}

/** The timelines of the names a list shows: its members', and its plots' when its records name one. */
const nameTimelinesOf = <List extends AdminList>(list: List, enablerId: string): Timeline<List>[] => [
  { partition: membersOfEnabler(enablerId), projection: memberNames, changeOf: memberChangeOf<List> },
  ...(list === 'contributions' || list === 'payouts'
    ? [
        {
          partition: recordsOfEnabler(enablerId, 'PLOT'),
          projection: plotNames,
          changeOf: plotChangeOf<List>,
        },
      ]
    : []),
];

const recordTimelineOf = <List extends AdminList>(list: List, enablerId: string): Timeline<List> => ({
  partition: recordsOfEnabler(enablerId, recordTypeOf[list]),
  projection: projections[list],
  changeOf: recordChangeOf(list),
});

/**
 * Every change a list is made of, handed to `builder` as it is read: the names' timelines whole first,
 * then the records' timeline page by page (a large enabler's records are never all held as read).
 */
export const readRecordList = async <List extends AdminList>(
  list: List,
  enablerId: string,
  builder: Pick<RecordListBuilder<List>, 'names' | 'add'>,
): Promise<void> => {
  const names = await Promise.all(
    nameTimelinesOf(list, enablerId).map(({ partition, projection, changeOf }) =>
      wholeTimeline(partition, projection, changeOf),
    ),
  );
  builder.names(names.flat());
  const { partition, projection, changeOf } = recordTimelineOf(list, enablerId);
  await eachTimelinePage(partition, projection, (items) => builder.add(items.flatMap(changeOf)));
};

/**
 * The changes of a list's records at or after `since`, and of its names at or after `namesSince`
 * (none without it), names first: the catch-up read, one Query per timeline.
 */
export const recordListChangesSince = async <List extends AdminList>(
  list: List,
  enablerId: string,
  since: string,
  namesSince?: string,
): Promise<RecordListChange<List>[]> =>
  (
    await Promise.all([
      ...(namesSince === undefined ? [] : nameTimelinesOf(list, enablerId)).map(
        async ({ partition, projection, changeOf }) =>
          (await timelineSince(partition, namesSince as string, projection)).flatMap(changeOf),
      ),
      (async () => {
        const { partition, projection, changeOf } = recordTimelineOf(list, enablerId);
        return (await timelineSince(partition, since, projection)).flatMap(changeOf);
      })(),
    ])
  ).flat();
