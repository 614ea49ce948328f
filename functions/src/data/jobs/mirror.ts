import { createHmac, randomUUID } from 'node:crypto';
import {
  TransactWriteCommand,
  BatchWriteCommand,
  GetCommand,
  ScanCommand,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
  type ScanCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { MirrorStatus } from '@cpbo/schemas/operations.ts';
import { isMirrored, pseudonymiseItem } from '#domain/mirror.ts';
import { AppError } from '#platform/app-error.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { readEnvironment } from '#platform/environment.ts';
import { untilAllProcessed } from '#platform/retry.ts';
import { tokenSigningKey } from '#platform/secrets.ts';
import { advanceJob, updateJobAt } from './job-steps.ts';
import { outboxMessage, outboxPut, type OutboxMessage } from './outbox.ts';
import { isConditionFailure, leftOver, nowIso, sendTransaction, tableName } from '../table/table.ts';

/*
 * The mirror refresh (spec 3, Mirror job): one item MIRROR / JOB in this environment's table says
 * where the refresh is; the worker empties the mirror environment's table (MIRROR_TABLE_NAME), then
 * copies this table into it, item by item, personal fields pseudonymised (domain/mirror.ts). This
 * table is only read (a Scan), never written, but for the job item and the log.
 */

const jobKey = { pk: 'MIRROR', sk: 'JOB' };

export const mirrorTableName = (): string => readEnvironment('mirrorTableName');

export interface MirrorJob {
  status: MirrorStatus;
  lastExecutionDate: string | null;
  startedAt: string | null;
}

interface StoredJob {
  status: MirrorStatus;
  jobId: string;
  step: number;
  startedAt: string;
  startedBy: string;
  updatedAt: string;
  lastExecutionDate?: string;
  copied?: number;
}

/**
 * A refresh whose job has not moved for this long is taken as dead (its last message went to the
 * dead-letter queue without the worker marking it failed, e.g. a Lambda stopped at its time limit):
 * a new one may start. The worker moves the job at every step, well within its 15 minutes.
 */
export const STALE_AFTER_MS = 60 * 60 * 1000;

const readJob = async (): Promise<StoredJob | undefined> =>
  (await dynamo().send(new GetCommand({ TableName: tableName(), Key: jobKey, ConsistentRead: true })))
    .Item as StoredJob | undefined;

export const mirrorJob = async (): Promise<MirrorJob> => {
  const job = await readJob();
  return {
    status: job?.status ?? 'NOT_EXECUTED',
    lastExecutionDate: job?.lastExecutionDate ?? null,
    startedAt: job?.status === 'PROCESSING' ? job.startedAt : null,
  };
};

/**
 * Marks a new refresh as processing, unless one is: ERR_MIRROR_IN_PROGRESS. One conditional write,
 * so of two triggers at the same moment only one starts.
 */
export const startMirrorJob = async (
  startedBy: string,
  now = new Date(),
): Promise<{ jobId: string; queued: OutboxMessage }> => {
  const jobId = randomUUID();
  // Its first step's message, in the same transaction (data/jobs/outbox.ts).
  const queued = outboxMessage('mirror', { jobId, step: 0, phase: 'clear' }, now);
  try {
    await sendTransaction(() =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: jobKey,
                UpdateExpression:
                  'SET #status = :processing, jobId = :jobId, step = :zero, startedAt = :now, startedBy = :by, updatedAt = :now REMOVE copied',
                ConditionExpression:
                  'attribute_not_exists(#status) OR #status <> :processing OR updatedAt < :stale',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':processing': 'PROCESSING',
                  ':jobId': jobId,
                  ':zero': 0,
                  ':now': now.toISOString(),
                  ':by': startedBy,
                  ':stale': new Date(now.getTime() - STALE_AFTER_MS).toISOString(),
                },
              },
            },
            outboxPut(queued),
          ],
        }),
      ),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('ERR_MIRROR_IN_PROGRESS', { cause: error });
    throw error;
  }
  return { jobId, queued };
};

/** The job's state when it is the refresh `jobId` at `step`, still processing; undefined otherwise. */
export const currentStep = async (jobId: string, step: number): Promise<StoredJob | undefined> => {
  const job = await readJob();
  return job && job.jobId === jobId && job.step === step && job.status === 'PROCESSING' ? job : undefined;
};

/** The refresh `jobId` while it is processing: where its deliveries may write. */
const mirrorJobAt = (jobId: string) => ({
  key: jobKey,
  state: { attribute: 'status', running: ['PROCESSING'] },
  jobId,
});

/** Moves the job to the next step (false when another delivery of the same step did it first). */
export const advanceStep = (
  jobId: string,
  step: number,
  copied: number,
  now = new Date(),
  next?: OutboxMessage,
): Promise<boolean> => advanceJob({ ...mirrorJobAt(jobId), step }, { copied }, now, next);

/**
 * Ends the refresh: DONE with its date, or FAILED (the last execution date stays the last success's).
 * False when it is not processing any more, or a newer refresh took over (this one was stale).
 */
export const finishJob = (
  jobId: string,
  status: 'DONE' | 'FAILED',
  copied: number,
  now = new Date(),
): Promise<boolean> =>
  updateJobAt(
    mirrorJobAt(jobId),
    { status, copied, ...(status === 'DONE' && { lastExecutionDate: nowIso(now) }) },
    now,
  );

/**
 * The key of the pseudonyms: derived from the environment's token signing secret, so it is secret,
 * stays the same from one refresh to the next (reruns agree), and is never the signing key itself.
 */
export const pseudonymKey = async (): Promise<Uint8Array> =>
  createHmac('sha256', await tokenSigningKey())
    .update('mirror pseudonyms')
    .digest();

/** Items read per page: a page's writes take seconds, so the worker checks its time often enough. */
const SCAN_PAGE_ITEMS = 1000;

type Key = Record<string, string>;

/** Writes or deletes up to 25 items, sending again what DynamoDB leaves unprocessed under load. */
const batchWrite = async (
  table: string,
  requests: NonNullable<BatchWriteCommandInput['RequestItems']>[string],
) => {
  await untilAllProcessed({ [table]: requests }, async (pending) => {
    const answer: BatchWriteCommandOutput = await dynamo().send(
      new BatchWriteCommand({ RequestItems: pending }),
    );
    return leftOver(answer.UnprocessedItems);
  });
};

const inBatches = async <Item>(items: Item[], write: (batch: Item[]) => Promise<void>) => {
  const batches: Item[][] = [];
  for (let index = 0; index < items.length; index += 25) batches.push(items.slice(index, index + 25));
  // A few batches at once: one at a time leaves most of the table's throughput unused.
  for (let index = 0; index < batches.length; index += 4) {
    await Promise.all(batches.slice(index, index + 4).map(write));
  }
};

export interface ScanPage {
  /** Items handled by the page. */
  handled: number;
  /** Where the next page starts; undefined when the table is done. */
  nextKey?: Key;
}

/** Deletes one page of the mirror table's items (its keys only are read). */
export const clearMirrorPage = async (startKey?: Key): Promise<ScanPage> => {
  const table = mirrorTableName();
  const page: ScanCommandOutput = await dynamo().send(
    new ScanCommand({
      TableName: table,
      ProjectionExpression: 'pk, sk',
      ExclusiveStartKey: startKey,
      Limit: SCAN_PAGE_ITEMS,
      ConsistentRead: true,
    }),
  );
  const keys = (page.Items ?? []) as Key[];
  await inBatches(keys, (batch) =>
    batchWrite(
      table,
      batch.map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } })),
    ),
  );
  return { handled: keys.length, nextKey: page.LastEvaluatedKey as Key | undefined };
};

/** Copies one page of this table's items into the mirror table, personal fields pseudonymised. */
export const copyPage = async (key: Uint8Array, startKey?: Key): Promise<ScanPage> => {
  const page: ScanCommandOutput = await dynamo().send(
    new ScanCommand({
      TableName: tableName(),
      ExclusiveStartKey: startKey,
      ConsistentRead: true,
      Limit: SCAN_PAGE_ITEMS,
    }),
  );
  const copies = (page.Items ?? [])
    .filter((item) => isMirrored({ pk: item.pk, sk: item.sk }))
    .map((item) => pseudonymiseItem(item, key));
  await inBatches(copies, (batch) =>
    batchWrite(
      mirrorTableName(),
      batch.map((item) => ({ PutRequest: { Item: item } })),
    ),
  );
  return { handled: copies.length, nextKey: page.LastEvaluatedKey as Key | undefined };
};
