import middy from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type {
  AttributeValue,
  Context,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  SQSEvent,
  SQSRecord,
} from 'aws-lambda';
import { adminLists, type AdminList } from '@cpbo/schemas/admin-list-query.ts';
import type { FromSchema, SnapshotList } from '@cpbo/schemas';
import { refreshMemberSnapshot } from '#data/lists/member-directory.ts';
import { refreshRecordSnapshot } from '#data/lists/record-directory.ts';
import { recordTypeOf } from '#data/lists/record-timeline.ts';
import { queueDefinitions } from '#domain/queues.ts';
import { logger } from '#platform/logger.ts';
import { observability } from '#platform/observability.ts';
import { assertMessageMatches, loadValidators } from '#platform/validator.ts';
import { streamEntityTypes } from '../workers.ts';

/*
 * Keeps the snapshots of the lists in memory current (data/lists/directories.ts): each enabler's member list
 * and its administrators' tables of plots, contributions, payouts and cashouts. Fed by the table's
 * stream, and by the snapshots queue: one list of one enabler per message, which the snapshot-schedule
 * worker sends for every enabler every few hours.
 */

type Image = Record<string, AttributeValue> | undefined;

const wantedTypes = new Set(streamEntityTypes['lists']);
const listOfType = new Map<string, AdminList>(
  adminLists.map((list): [string, AdminList] => [recordTypeOf[list], list]),
);

const text = (image: Image, attribute: string): string | undefined => image?.[attribute]?.S;
/** A record moved in its timeline: created, or changed in what its list shows (money writes move plots' counts only). */
const moved = (before: Image, after: Image): boolean =>
  !before || text(before, 'gsi1sk') !== text(after, 'gsi1sk');
const renamed = (before: Image, after: Image, attributes: string[]): boolean =>
  before !== undefined && attributes.some((attribute) => text(before, attribute) !== text(after, attribute));

/** The snapshots a stream record changes: its enabler's and their names, none when it changes none. */
export const snapshotsChangedBy = (
  record: DynamoDBRecord,
): { enablerId: string; snapshots: SnapshotList[] } => {
  const after = record.dynamodb?.NewImage;
  const before = record.dynamodb?.OldImage;
  const type = text(after, 'entityType') ?? '';
  const enablerId = text(after, 'enablerId') ?? '';
  if (!wantedTypes.has(type)) return { enablerId, snapshots: [] };
  const snapshots: SnapshotList[] = [];
  if (type === 'MEMBER' || type === 'MEMBER_REMOVED') snapshots.push('members');
  // The record lists show members' names, and lose a removed member's records.
  if (type === 'MEMBER_REMOVED' || (type === 'MEMBER' && renamed(before, after, ['name', 'number'])))
    snapshots.push(...adminLists);
  const list = listOfType.get(type === 'RECORD_REMOVED' ? (text(after, 'recordType') ?? '') : type);
  if (list && (type === 'RECORD_REMOVED' || moved(before, after))) snapshots.push(list);
  if (type === 'PLOT' && renamed(before, after, ['name'])) snapshots.push('contributions', 'payouts');
  return { enablerId, snapshots: [...new Set(snapshots)] };
};

const refresh = async (enablerId: string, snapshot: SnapshotList): Promise<void> => {
  const started = Date.now();
  try {
    const result =
      snapshot === 'members'
        ? await refreshMemberSnapshot(enablerId)
        : await refreshRecordSnapshot(snapshot, enablerId);
    await logger.info(`${snapshot} snapshot refreshed`, { enablerId, ...result, ms: Date.now() - started });
  } catch (error) {
    await logger.error(`${snapshot} snapshot refresh failed`, { enablerId, error });
    throw error;
  }
};

/**
 * A stream batch refreshes once every snapshot it changed, one after the other (a refresh reads a
 * whole list); a failed refresh's records are reported, so that the batch is retried from them.
 */
const refreshChangedSnapshots = (event: DynamoDBStreamEvent, context?: Context) => {
  const refreshes = new Map<string, Promise<void>>();
  const refreshOnce = (enablerId: string, snapshot: SnapshotList): Promise<void> => {
    const key = `${enablerId}|${snapshot}`;
    const started = refreshes.get(key) ?? refresh(enablerId, snapshot);
    refreshes.set(key, started);
    return started;
  };
  return processPartialResponse(
    event,
    async (record: DynamoDBRecord) => {
      const { enablerId, snapshots } = snapshotsChangedBy(record);
      if (!enablerId) return;
      for (const snapshot of snapshots) await refreshOnce(enablerId, snapshot);
    },
    new BatchProcessor(EventType.DynamoDBStreams),
    { context, processInParallel: false, throwOnFullBatchFailure: false },
  );
};

const { messageSchema } = queueDefinitions.snapshots;
type SnapshotRefreshMessage = FromSchema<typeof messageSchema>;
const snapshotValidators = () => import('#generated/validators/queue-snapshots.generated.ts');

/** One queued refresh; a message its schema refuses fails, and goes to the dead letters after its retries. */
const refreshQueued = async (record: SQSRecord): Promise<void> => {
  let message: unknown;
  try {
    message = JSON.parse(record.body);
    assertMessageMatches(await loadValidators(snapshotValidators), messageSchema, message);
  } catch (error) {
    await logger.error('Snapshot refresh message refused', { messageId: record.messageId, error });
    throw error;
  }
  const { enablerId, list } = message as SnapshotRefreshMessage;
  await refresh(enablerId, list);
};

const refreshQueuedSnapshots = (event: SQSEvent, context?: Context) =>
  processPartialResponse(event, refreshQueued, new BatchProcessor(EventType.SQS), {
    context,
    processInParallel: false,
    throwOnFullBatchFailure: false,
  });

const fromQueue = (event: SQSEvent | DynamoDBStreamEvent): event is SQSEvent =>
  event.Records[0]?.eventSource === 'aws:sqs';

/** Keeps each enabler's snapshots current: fed by the table's stream and by the snapshots queue. */
export const handler = middy(async (event: DynamoDBStreamEvent | SQSEvent, context: Context) =>
  fromQueue(event) ? refreshQueuedSnapshots(event, context) : refreshChangedSnapshots(event, context),
).use(observability());
