import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type {
  AttributeValue,
  Context,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  ScheduledEvent,
} from 'aws-lambda';
import { adminLists, type AdminList } from '@cpbo/schemas/admin-list-query.ts';
import { listEnablers } from '#data/enablers.ts';
import { refreshMemberSnapshot } from '#data/member-directory.ts';
import { refreshRecordSnapshot } from '#data/record-directory.ts';
import { recordTypeOf } from '#data/record-timeline.ts';
import { logger } from '#platform/logger.ts';
import { streamEntityTypes } from '../workers.ts';

/*
 * Keeps the snapshots of the lists in memory current (data/directories.ts): each enabler's member list
 * and its administrators' tables of plots, contributions, payouts and cashouts. Fed by the table's
 * stream and by a schedule.
 */

type Snapshot = 'members' | AdminList;
type Image = Record<string, AttributeValue> | undefined;

const wantedTypes = new Set(streamEntityTypes['member-directory']);
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
export const snapshotsChangedBy = (record: DynamoDBRecord): { enablerId: string; snapshots: Snapshot[] } => {
  const after = record.dynamodb?.NewImage;
  const before = record.dynamodb?.OldImage;
  const type = text(after, 'entityType') ?? '';
  const enablerId = text(after, 'enablerId') ?? '';
  if (!wantedTypes.has(type)) return { enablerId, snapshots: [] };
  const snapshots: Snapshot[] = [];
  if (type === 'MEMBER' || type === 'MEMBER_REMOVED') snapshots.push('members');
  // The record lists show members' names, and lose a removed member's records.
  if (type === 'MEMBER_REMOVED' || (type === 'MEMBER' && renamed(before, after, ['name', 'number'])))
    snapshots.push(...adminLists);
  const list = listOfType.get(type === 'RECORD_REMOVED' ? (text(after, 'recordType') ?? '') : type);
  if (list && (type === 'RECORD_REMOVED' || moved(before, after))) snapshots.push(list);
  if (type === 'PLOT' && renamed(before, after, ['name'])) snapshots.push('contributions', 'payouts');
  return { enablerId, snapshots: [...new Set(snapshots)] };
};

const refresh = async (enablerId: string, snapshot: Snapshot): Promise<void> => {
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
  const refreshOnce = (enablerId: string, snapshot: Snapshot): Promise<void> => {
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

/** Enablers the schedule refreshes at once (each one's snapshots one after the other). */
const SCHEDULE_PARALLEL = 4;

/** The schedule refreshes every snapshot of every enabler, which builds missing ones and rebuilds old ones. */
const refreshEveryEnabler = async (): Promise<void> => {
  const failed: string[] = [];
  const enablers = await listEnablers();
  let next = 0;
  const refresher = async () => {
    for (let enabler = enablers[next++]; enabler; enabler = enablers[next++])
      for (const snapshot of ['members', ...adminLists] as const)
        await refresh(enabler.id, snapshot).catch(() => failed.push(`${enabler.id} ${snapshot}`));
  };
  await Promise.all(Array.from({ length: SCHEDULE_PARALLEL }, refresher));
  if (failed.length) throw new Error(`${failed.length} snapshot(s) failed: ${failed.join(', ')}`);
};

/** Keeps each enabler's snapshots current, fed by the table's stream and by a schedule. */
export const handler = async (event: DynamoDBStreamEvent | ScheduledEvent, context?: Context) =>
  'Records' in event ? refreshChangedSnapshots(event, context) : refreshEveryEnabler();
