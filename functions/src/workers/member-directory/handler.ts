import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, DynamoDBRecord, DynamoDBStreamEvent, ScheduledEvent } from 'aws-lambda';
import { listEnablers } from '#data/enablers.ts';
import { refreshMemberSnapshot } from '#data/member-directory.ts';
import { logger } from '#platform/logger.ts';
import { streamEntityTypes } from '../workers.ts';

const memberTypes = new Set(streamEntityTypes['member-directory']);

/** The enabler whose directory a record changes, if it changes one. */
const enablerOf = (record: DynamoDBRecord): string | undefined => {
  const image = record.dynamodb?.NewImage;
  return image?.entityType?.S && memberTypes.has(image.entityType.S) ? image.enablerId?.S : undefined;
};

const refresh = async (enablerId: string): Promise<void> => {
  const started = Date.now();
  try {
    const result = await refreshMemberSnapshot(enablerId);
    await logger.info('member snapshot refreshed', { enablerId, ...result, ms: Date.now() - started });
  } catch (error) {
    await logger.error('member snapshot refresh failed', { enablerId, error });
    throw error;
  }
};

/**
 * A stream batch refreshes once every enabler whose members it changed, one after the other (a
 * refresh reads an enabler's whole directory); a failed enabler's records are reported, so that the
 * batch is retried from them.
 */
const refreshChangedEnablers = (event: DynamoDBStreamEvent, context?: Context) => {
  const refreshes = new Map<string, Promise<void>>();
  const refreshOnce = (enablerId: string): Promise<void> => {
    const started = refreshes.get(enablerId) ?? refresh(enablerId);
    refreshes.set(enablerId, started);
    return started;
  };
  return processPartialResponse(
    event,
    async (record: DynamoDBRecord) => {
      const enablerId = enablerOf(record);
      if (enablerId) await refreshOnce(enablerId);
    },
    new BatchProcessor(EventType.DynamoDBStreams),
    { context, processInParallel: false, throwOnFullBatchFailure: false },
  );
};

/** The schedule refreshes every enabler, which builds missing snapshots and rebuilds old ones. */
const refreshEveryEnabler = async (): Promise<void> => {
  const failed: string[] = [];
  for (const enabler of await listEnablers()) await refresh(enabler.id).catch(() => failed.push(enabler.id));
  if (failed.length)
    throw new Error(`Member snapshots of ${failed.length} enabler(s) failed: ${failed.join(', ')}`);
};

/** Keeps each enabler's member snapshot current, fed by the table's stream and by a schedule. */
export const handler = async (event: DynamoDBStreamEvent | ScheduledEvent, context?: Context) =>
  'Records' in event ? refreshChangedEnablers(event, context) : refreshEveryEnabler();
