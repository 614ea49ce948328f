import { setTimeout as sleep } from 'node:timers/promises';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type Shard,
  type ShardIteratorType,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import type { WorkerHandler } from '../functions-code.ts';
import type { DeadLetter } from '../queues/in-process-queue.ts';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { toLambdaStreamRecord } from './stream-record.ts';

export interface StreamPollerOptions {
  client: DynamoDBStreamsClient;
  streamArn: string;
  handler: WorkerHandler<DynamoDBStreamEvent>;
  log(line: string): void;
  functionName?: string;
  /** Only the records it accepts reach the worker, as with a mapping's filter criteria. */
  filter?: (record: _Record) => boolean;
  /** Deliveries of a failing record before it is given up (the mapping's retry attempts + 1). */
  maxAttempts?: number;
  batchSize?: number;
  /** Pause between reads when nothing new came. */
  idleDelayMs?: number;
  retryDelayMs?: number;
  /** A record given up: what the mapping's on-failure destination (a dead-letter queue) receives. */
  onDeadLetter?: (record: _Record, attempts: number) => void;
}

export interface StreamPoller {
  /** Records given up after maxAttempts deliveries (kept for tests and logged). */
  failedRecords: _Record[];
  stop(): Promise<void>;
}

interface ShardReader {
  shardId: string;
  iterator: string;
  lastSequenceNumber?: string;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The DynamoDB event source mapping on a laptop: reads the table's stream through DynamoDB Local's
 * Streams API and hands each batch to the stream worker. Open shards are read from LATEST at
 * start (older changes were handled by an earlier run), shards that appear later from their
 * beginning, a child shard only once its parent is drained.
 */
export const startStreamPoller = async (options: StreamPollerOptions): Promise<StreamPoller> => {
  const { client, streamArn, handler, log } = options;
  const functionName = options.functionName ?? 'local-stream-worker';
  const maxAttempts = options.maxAttempts ?? 3;
  const idleDelayMs = options.idleDelayMs ?? 200;
  const retryDelayMs = options.retryDelayMs ?? 200;
  const known = new Set<string>();
  const readers = new Map<string, ShardReader>();
  const failedRecords: _Record[] = [];
  const stopping = new AbortController();

  const listShards = async (): Promise<Shard[]> => {
    const shards: Shard[] = [];
    let exclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await client.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }),
      );
      shards.push(...(StreamDescription?.Shards ?? []));
      exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
    return shards;
  };

  const openReader = async (
    shardId: string,
    type: ShardIteratorType,
    sequenceNumber?: string,
  ): Promise<void> => {
    const { ShardIterator } = await client.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ShardIteratorType: type,
        SequenceNumber: sequenceNumber,
      }),
    );
    if (ShardIterator)
      readers.set(shardId, { shardId, iterator: ShardIterator, lastSequenceNumber: sequenceNumber });
  };

  const discoverShards = async (atStart: boolean): Promise<void> => {
    for (const shard of await listShards()) {
      const shardId = shard.ShardId as string;
      if (known.has(shardId)) continue;
      const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
      if (atStart) {
        if (open) await openReader(shardId, 'LATEST');
        known.add(shardId);
      } else if (!shard.ParentShardId || !readers.has(shard.ParentShardId)) {
        await openReader(shardId, 'TRIM_HORIZON');
        known.add(shardId);
      }
    }
  };

  /**
   * Delivers a batch as the event source mapping does with partial batch responses: after a failure,
   * the batch is delivered again from the first failed record on (the records after it too, which the
   * worker must take as replays); a record that failed maxAttempts deliveries is given up (the
   * dead-letter destination) and the rest of the batch goes on.
   */
  const deliver = async (records: _Record[]): Promise<void> => {
    const sequenceOf = (record: _Record) => record.dynamodb?.SequenceNumber as string;
    const failures = new Map<string, number>();
    let pending = records;
    while (pending.length && !stopping.signal.aborted) {
      let failed: Set<string>;
      try {
        const event = { Records: pending.map((record) => toLambdaStreamRecord(record, streamArn)) };
        const result = await handler(event, lambdaContext(functionName, 60_000));
        failed = new Set(result?.batchItemFailures.map((failure) => failure.itemIdentifier) ?? []);
      } catch (error) {
        log(`[stream] the worker failed the whole batch: ${errorText(error)}`);
        failed = new Set(pending.map(sequenceOf));
      }
      for (const sequence of failed) failures.set(sequence, (failures.get(sequence) ?? 0) + 1);
      const first = pending.findIndex((record) => failed.has(sequenceOf(record)));
      if (first < 0) return;
      const record = pending[first] as _Record;
      const attempts = failures.get(sequenceOf(record)) ?? 0;
      if (attempts >= maxAttempts) {
        failedRecords.push(record);
        options.onDeadLetter?.(record, attempts);
        log(`[stream] gave up on record ${sequenceOf(record)} after ${attempts} attempts`);
        pending = pending.slice(first + 1);
      } else {
        pending = pending.slice(first);
        await sleep(retryDelayMs * attempts);
      }
    }
  };

  const readShard = async (reader: ShardReader): Promise<number> => {
    const { Records = [], NextShardIterator } = await client.send(
      new GetRecordsCommand({ ShardIterator: reader.iterator, Limit: options.batchSize ?? 100 }),
    );
    const accepted = options.filter ? Records.filter(options.filter) : Records;
    if (accepted.length) await deliver(accepted);
    if (Records.length) reader.lastSequenceNumber = Records.at(-1)?.dynamodb?.SequenceNumber;
    // No next iterator: the shard is closed and drained, its children can be read now.
    if (NextShardIterator) reader.iterator = NextShardIterator;
    else readers.delete(reader.shardId);
    return Records.length;
  };

  /*
   * A shard that failed before its first record is read again from its oldest record, not from LATEST:
   * DynamoDB Local refuses the first read of a LATEST iterator at times (while other test files create
   * tables), and LATEST again would lose what was written meanwhile. The workers take replays, as
   * they must of the mapping's retries.
   */
  const recoverShard = async (reader: ShardReader, error: unknown): Promise<void> => {
    log(`[stream] reading shard ${reader.shardId} failed (${errorText(error)}); reopening it`);
    readers.delete(reader.shardId);
    await (reader.lastSequenceNumber
      ? openReader(reader.shardId, 'AFTER_SEQUENCE_NUMBER', reader.lastSequenceNumber)
      : openReader(reader.shardId, 'TRIM_HORIZON'));
  };

  const poll = async (): Promise<void> => {
    let lastDiscovery = Date.now();
    while (!stopping.signal.aborted) {
      let received = 0;
      try {
        if (Date.now() - lastDiscovery > 1000) {
          await discoverShards(false);
          lastDiscovery = Date.now();
        }
        for (const reader of [...readers.values()]) {
          if (stopping.signal.aborted) break;
          try {
            received += await readShard(reader);
          } catch (error) {
            if (!stopping.signal.aborted) await recoverShard(reader, error);
          }
        }
      } catch (error) {
        if (!stopping.signal.aborted) log(`[stream] polling failed: ${errorText(error)}`);
      }
      if (!received) await sleep(idleDelayMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  };

  await discoverShards(true);
  const polling = poll();
  return {
    failedRecords,
    stop: async () => {
      stopping.abort();
      await polling;
    },
  };
};

/**
 * A given-up record as the mapping's SQS on-failure destination receives it: not the record, but
 * where it is in the stream (AWS sends the batch's first and last sequence numbers; here the batch
 * is the one record, as bisection leaves it).
 */
export const streamDeadLetter = (
  worker: string,
  record: _Record,
  streamArn: string,
  attempts: number,
): DeadLetter => {
  const sequenceNumber = record.dynamodb?.SequenceNumber as string;
  return {
    queue: `${worker}-stream-dead-letters`,
    messageId: sequenceNumber,
    receiveCount: attempts,
    body: JSON.stringify({
      requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: attempts },
      DDBStreamBatchInfo: {
        streamArn,
        startSequenceNumber: sequenceNumber,
        endSequenceNumber: sequenceNumber,
        batchSize: 1,
        keys: record.dynamodb?.Keys,
        eventName: record.eventName,
      },
    }),
  };
};
