import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent, ScheduledEvent } from 'aws-lambda';
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

const refresh = async (enablerId: string): Promise<boolean> => {
  const started = Date.now();
  try {
    const result = await refreshMemberSnapshot(enablerId);
    await logger.info('member snapshot refreshed', { enablerId, ...result, ms: Date.now() - started });
    return true;
  } catch (error) {
    await logger.error('member snapshot refresh failed', { enablerId, error });
    return false;
  }
};

/**
 * Keeps each enabler's member snapshot current: a stream batch refreshes once every enabler whose
 * members it changed (a failed enabler's records are reported, so the batch is retried from them); the
 * schedule refreshes every enabler, which builds missing snapshots and rebuilds old ones.
 */
export const handler = async (
  event: DynamoDBStreamEvent | ScheduledEvent,
): Promise<DynamoDBBatchResponse | undefined> => {
  if (!('Records' in event)) {
    const enablers = await listEnablers();
    const failed = [];
    for (const enabler of enablers) if (!(await refresh(enabler.id))) failed.push(enabler.id);
    if (failed.length)
      throw new Error(`Member snapshots of ${failed.length} enabler(s) failed: ${failed.join(', ')}`);
    return undefined;
  }
  const recordsByEnabler = new Map<string, DynamoDBRecord[]>();
  for (const record of event.Records) {
    const enablerId = enablerOf(record);
    if (!enablerId) continue;
    const records = recordsByEnabler.get(enablerId) ?? [];
    records.push(record);
    recordsByEnabler.set(enablerId, records);
  }
  const batchItemFailures = [];
  for (const [enablerId, records] of recordsByEnabler)
    if (!(await refresh(enablerId)))
      for (const record of records)
        batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber as string });
  return { batchItemFailures };
};
