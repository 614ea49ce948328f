import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  TransactWriteCommand,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { KeysAndAttributes } from '@aws-sdk/client-dynamodb';
import { AppError } from '#platform/app-error.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { readEnvironment } from '#platform/environment.ts';
import { untilAllProcessed, withRetries, type RetryPolicy } from '#platform/retry.ts';
import type { ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import type { TransactItem } from './transaction-items.ts';

/** The table every data module reads and writes (see table-definition.ts for its keys and indexes). */
export const tableName = (): string => readEnvironment('tableName');

export const nowIso = (now: Date = new Date()): string => now.toISOString();
export const epochSeconds = (now: Date = new Date()): number => Math.floor(now.getTime() / 1000);

/**
 * True when a write was refused because its condition did not hold. A transaction cancelled for another
 * reason only (a conflict with a concurrent one, throttling) is not: that is for trying again.
 */
export const isConditionFailure = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ConditionalCheckFailedException') return true;
  if (error.name !== 'TransactionCanceledException') return false;
  const reasons = cancellationReasons(error);
  return !reasons || reasons.some((reason) => reason.Code === 'ConditionalCheckFailed');
};

/** Sends an update of one item of the table. */
export const updateItem = (input: Omit<UpdateCommandInput, 'TableName'>) =>
  dynamo().send(new UpdateCommand({ TableName: tableName(), ...input }));

/** Waits for a conditional write: its result, or undefined when its condition did not hold. */
export const ifConditionHeld = async <Result>(write: Promise<Result>): Promise<Result | undefined> => {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
};

/** Waits for a conditional write: true when it was written, false when its condition did not hold. */
export const written = async (write: Promise<unknown>): Promise<boolean> =>
  (await ifConditionHeld(write.then(() => true))) ?? false;

/** Runs a transaction: true when it was written, false when one of its conditions did not hold. */
export const transactedIf = (items: TransactItem[]): Promise<boolean> =>
  written(sendTransaction(() => dynamo().send(new TransactWriteCommand({ TransactItems: items }))));

/** Waits for a conditional write and answers its result; a condition that did not hold is `code`. */
export const writtenOr = async <Result>(code: ErrorCode, write: Promise<Result>): Promise<Result> => {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError(code, { cause: error });
    throw error;
  }
};

/**
 * Items a page asks for (its `Limit`) in a Query that may follow thousands of items. DynamoDB Local
 * reads a partition from a page's start key to its end for each page before cutting the page at 1 MB,
 * so such a Query without a Limit takes time in the square of its length (20 000 plots of one enabler:
 * 43 s, 5.7 s with this Limit); on DynamoDB a page of 2 000 small items is about the 1 MB it reads anyway.
 */
export const LONG_QUERY_PAGE_ITEMS = 2000;

/** Follows a Query's pages, handing each answer to `onPage` as it arrives. */
export const eachQueryPage = async (
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
  onPage: (page: QueryCommandOutput) => void,
): Promise<void> => {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await dynamo().send(
      new QueryCommand({ ...input, ExclusiveStartKey: startKey }),
    );
    onPage(page);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
};

/** Every item a Query matches, following its pages. */
export const queryAll = async (
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  await eachQueryPage(input, (page) => items.push(...(page.Items ?? [])));
  return items;
};

/** What a batch call's answer left unprocessed, or undefined when nothing is left. */
export const leftOver = <Requests extends Record<string, unknown>>(
  unprocessed: Requests | undefined,
): Requests | undefined => (unprocessed && Object.keys(unprocessed).length > 0 ? unprocessed : undefined);

export type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** Sends batch writes 25 at a time, `parallel` requests at once, again for what DynamoDB leaves unprocessed. */
export const batchWriteAll = async (requests: WriteRequest[], parallel: number): Promise<void> => {
  let next = 0;
  const writer = async () => {
    while (next < requests.length) {
      const chunk = requests.slice(next, next + 25);
      next += 25;
      await untilAllProcessed({ [tableName()]: chunk }, async (pending) => {
        const result: BatchWriteCommandOutput = await dynamo().send(
          new BatchWriteCommand({ RequestItems: pending }),
        );
        return leftOver(result.UnprocessedItems);
      });
    }
  };
  await Promise.all(Array.from({ length: parallel }, writer));
};

/** Deletes items by key, sending again what DynamoDB leaves unprocessed under load. */
export const deleteKeys = (keys: Record<string, unknown>[]): Promise<void> =>
  batchWriteAll(
    keys.map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } })),
    1,
  );

/** BatchGetItem's most keys per request. */
const BATCH_GET_KEYS = 100;

/**
 * The items of these keys that exist (in no given order): BatchGetItem requests of 100 keys,
 * `parallel` at once, each sent again for the keys DynamoDB leaves unprocessed. A key given twice is
 * read once (BatchGetItem refuses a request that names one twice).
 */
export const getAll = async (
  given: { pk: unknown; sk: unknown }[],
  projection: Pick<KeysAndAttributes, 'ProjectionExpression' | 'ExpressionAttributeNames'>,
  parallel = 1,
): Promise<Record<string, unknown>[]> => {
  const keys = [...new Map(given.map((key) => [`${String(key.pk)}|${String(key.sk)}`, key])).values()];
  const items: Record<string, unknown>[] = [];
  let next = 0;
  const reader = async () => {
    while (next < keys.length) {
      const chunk = keys.slice(next, next + BATCH_GET_KEYS);
      next += BATCH_GET_KEYS;
      const first: NonNullable<BatchGetCommandOutput['UnprocessedKeys']> = {
        [tableName()]: { Keys: chunk, ...projection },
      };
      await untilAllProcessed(first, async (request) => {
        const answer: BatchGetCommandOutput = await dynamo().send(
          new BatchGetCommand({ RequestItems: request }),
        );
        items.push(...(answer.Responses?.[tableName()] ?? []));
        return leftOver(answer.UnprocessedKeys);
      });
    }
  };
  await Promise.all(Array.from({ length: parallel }, reader));
  return items;
};

/** An item as a failed condition returns it (ALL_OLD, not unmarshalled); undefined when it does not exist. */
export type FailedItem = Record<string, { S?: string; N?: string }> | undefined;
/**
 * The code of a failed condition, fixed or read from the item as it was (then an error with details
 * too: the payout that holds a benefit claim).
 */
export type FailureCode = ErrorCode | ((item: FailedItem) => ErrorCode | AppError);

/**
 * Records are written only within the enabler the caller works for: each item that a write changes
 * or relies on carries the enabler in its condition, not only in the read before it. The item comes
 * back when the condition fails, to tell another enabler's item from the write's own rule.
 */
export const inEnabler = (enablerId: string) => ({
  condition: 'enablerId = :enablerId',
  values: { ':enablerId': enablerId },
  ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
});

/** ERR_FORBIDDEN_USER when the failed item belongs to another enabler, `code` otherwise. */
export const unlessOtherEnabler =
  (enablerId: string, code: ErrorCode, otherEnabler: ErrorCode = 'ERR_FORBIDDEN_USER'): FailureCode =>
  (item) =>
    item?.enablerId?.S !== undefined && item.enablerId.S !== enablerId ? otherEnabler : code;

type CancellationReason = { Code?: string; Item?: FailedItem };

/** Why each item of a cancelled transaction failed (by position), or undefined for any other error. */
export const cancellationReasons = (error: unknown): CancellationReason[] | undefined =>
  error instanceof Error && error.name === 'TransactionCanceledException'
    ? (error as { CancellationReasons?: CancellationReason[] }).CancellationReasons
    : undefined;

/** True for a transaction cancelled because another one was writing the same items at that moment. */
export const lostTransactionRace = (error: unknown): boolean =>
  cancellationReasons(error)?.some((reason) => reason.Code === 'TransactionConflict') ?? false;

/** The reasons of a cancelled transaction that say only that its items were busy at that moment. */
const busyReasons = new Set([
  'None',
  'TransactionConflict',
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
]);

/**
 * True for a transaction cancelled by concurrent writes or throttling alone, none of its conditions
 * refused: trying again later can succeed.
 */
export const cancelledWhileBusy = (error: unknown): boolean => {
  const reasons = cancellationReasons(error);
  return (
    reasons !== undefined &&
    reasons.some(({ Code }) => Code !== 'None') &&
    reasons.every(({ Code }) => busyReasons.has(Code ?? 'None'))
  );
};

/** Transactions that lose a race with another one on the same items are tried again (four attempts in all). */
const TRANSACTION_RACES: RetryPolicy = {
  attempts: 4,
  stepMs: 20,
  jitterMs: 30,
  retryable: lostTransactionRace,
};

/**
 * Sends a transaction (`send`) again while it only loses races with concurrent ones on its items; one
 * that keeps losing answers ERR_CONFLICT.
 */
export const sendTransaction = async <Result>(send: () => Promise<Result>): Promise<Result> => {
  try {
    return await withRetries(TRANSACTION_RACES, send);
  } catch (error) {
    if (lostTransactionRace(error)) throw new AppError('ERR_CONFLICT', { cause: error });
    throw error;
  }
};

/**
 * Runs a transaction; when a condition fails, the code of the first failing item (by position) is
 * thrown, so each rule answers its own catalogue code and nothing is half written. A transaction
 * that only collided with a concurrent one (two contributions to one member) is tried again, then
 * answers ERR_CONFLICT. A receipt is written last, with the records: a write whose key was taken over
 * writes nothing.
 */
export const transact = async (
  records: TransactItem[],
  recordCodes: (FailureCode | undefined)[],
  receipt?: TransactItem,
): Promise<void> => {
  const items = receipt ? [...records, receipt] : records;
  const codes = receipt ? [...recordCodes, 'ERR_IDEMPOTENCY_KEY_IN_PROGRESS' as const] : recordCodes;
  const send = async () => {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      const reasons = cancellationReasons(error) ?? [];
      const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
      const failure = failed >= 0 ? codes[failed] : undefined;
      const code = typeof failure === 'function' ? failure(reasons[failed]?.Item) : failure;
      if (code instanceof AppError) throw code;
      if (code) throw new AppError(code, { cause: error });
      throw error;
    }
  };
  await sendTransaction(send);
};
