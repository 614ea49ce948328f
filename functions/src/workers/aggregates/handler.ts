import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { applyAggregateChanges } from '#data/aggregates.ts';

const processor = new BatchProcessor(EventType.DynamoDBStreams);

const processRecord = async (record: DynamoDBRecord): Promise<void> => applyAggregateChanges(record);

/** Keeps the dashboard aggregates in step with the table; a failing record is retried alone. */
export const handler = async (event: DynamoDBStreamEvent, context: Context) =>
  processPartialResponse(event, processRecord, processor, { context });
