import middy from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { applyAggregateChanges } from '#data/aggregates/aggregates.ts';
import { logger } from '#platform/logger.ts';
import { observability } from '#platform/observability.ts';

const processRecord = async (record: DynamoDBRecord): Promise<void> => {
  try {
    await applyAggregateChanges(record);
  } catch (error) {
    await logger.error('Stream record not applied', { eventId: record.eventID, error });
    throw error;
  }
};

/**
 * Keeps the dashboard aggregates in step with the table. Records are applied one after the other, in
 * stream order: records of one batch often move the same aggregate items, which parallel transactions
 * would make conflict. A failing record is reported alone (the mapping delivers the batch again from
 * it, the records already applied being no-ops through their markers).
 */
export const handler = middy(async (event: DynamoDBStreamEvent, context: Context) =>
  processPartialResponse(
    event,
    processRecord,
    // One per invocation: a processor holds its batch, and the local runtime and tests may run two at once.
    new BatchProcessor(EventType.DynamoDBStreams),
    { context, processInParallel: false },
  ),
).use(observability());
