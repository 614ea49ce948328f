import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#platform/aws-clients.ts';
import { epochSeconds, isConditionFailure, tableName } from './table.ts';
import type { TransactItem } from './transaction-items.ts';

/*
 * Idempotency keys: IDEMPOTENCY#<caller's e-mail> / KEY#<key>, one item per key a caller sent, gone
 * with the table's TTL (expiresAt). A key is claimed (IN_PROGRESS, with the claiming request's lock
 * id) before the write it guards, and completed (COMPLETED, with the answer) by an item of the write's
 * own transaction, so the write and its answer are stored together or not at all.
 */

/** Whose key: the caller's e-mail and the Idempotency-Key. */
export interface KeyOwner {
  caller: string;
  key: string;
}

export interface StoredAnswer {
  status: number;
  /** The JSON body, as sent the first time. */
  body?: string;
  headers?: Record<string, string>;
}

export type KeyHolder =
  | { state: 'IN_PROGRESS'; fingerprint: string; lockedUntil: number }
  | { state: 'COMPLETED'; fingerprint: string; answer: StoredAnswer };

export interface Claim {
  /** A digest of what the request asks (route, enabler, path parameters, body). */
  fingerprint: string;
  /** Tells the claiming request from any later one. */
  lockId: string;
  /** Epoch milliseconds: until then the key stays with this request, answered or not. */
  lockedUntil: number;
  /** Epoch seconds: the TTL of the key. */
  expiresAt: number;
}

const itemKey = ({ caller, key }: KeyOwner) => ({ pk: `IDEMPOTENCY#${caller}`, sk: `KEY#${key}` });

// `state` is a reserved word of DynamoDB's expressions.
const names = { '#state': 'state' };

const holderOf = (item: Record<string, unknown> | undefined, now: Date): KeyHolder | undefined => {
  if (!item || (item.expiresAt as number) <= epochSeconds(now)) return undefined;
  return item.state === 'COMPLETED'
    ? { state: 'COMPLETED', fingerprint: item.fingerprint as string, answer: item.answer as StoredAnswer }
    : {
        state: 'IN_PROGRESS',
        fingerprint: item.fingerprint as string,
        lockedUntil: item.lockedUntil as number,
      };
};

/**
 * Claims a key for one request. The key is free when nobody holds it, when its record has expired
 * (TTL deletes late), or when the request that claimed it for the same fingerprint ran out of time
 * without writing. Answers undefined when claimed, else the key's holder as a strongly consistent
 * read finds it (undefined when it vanished meanwhile or a transaction was writing it: the caller
 * tries again).
 */
export const claimKey = async (
  owner: KeyOwner,
  claim: Claim,
  now = new Date(),
): Promise<{ claimed: true } | { claimed: false; holder: KeyHolder | undefined }> => {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...itemKey(owner),
          entityType: 'IDEMPOTENCY_KEY',
          state: 'IN_PROGRESS',
          ...claim,
        },
        ConditionExpression:
          'attribute_not_exists(pk) OR expiresAt <= :nowSeconds OR ' +
          '(#state = :inProgress AND lockedUntil <= :nowMs AND fingerprint = :fingerprint)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ':nowSeconds': epochSeconds(now),
          ':nowMs': now.getTime(),
          ':inProgress': 'IN_PROGRESS',
          ':fingerprint': claim.fingerprint,
        },
      }),
    );
    return { claimed: true };
  } catch (error) {
    // A write of the same item by a transaction under way (the first request completing the key).
    if ((error as Error).name === 'TransactionConflictException')
      return { claimed: false, holder: undefined };
    if (!isConditionFailure(error)) throw error;
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: itemKey(owner), ConsistentRead: true }),
    );
    return { claimed: false, holder: holderOf(Item, now) };
  }
};

/** The key's holder now (strongly consistent), while a request waits for the one that claimed it. */
export const keyHolder = async (owner: KeyOwner, now = new Date()): Promise<KeyHolder | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: itemKey(owner), ConsistentRead: true }),
  );
  return holderOf(Item, now);
};

/**
 * The transaction item that stores the answer and completes the key: it holds only while the key is
 * still this request's claim, so a write whose claim was taken over (it ran out of time) fails whole.
 */
export const completeKey = (owner: KeyOwner, lockId: string, answer: StoredAnswer): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: itemKey(owner),
    UpdateExpression: 'SET #state = :completed, answer = :answer REMOVE lockId, lockedUntil',
    ConditionExpression: '#state = :inProgress AND lockId = :lockId',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: {
      ':completed': 'COMPLETED',
      ':inProgress': 'IN_PROGRESS',
      ':answer': answer,
      ':lockId': lockId,
    },
  },
});

/**
 * Gives the key back after a request that wrote nothing (it failed), so that a retry runs again;
 * a completed key, or one claimed since by another request, stays as it is.
 */
export const releaseKey = async (owner: KeyOwner, lockId: string): Promise<void> => {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: itemKey(owner),
        ConditionExpression: '#state = :inProgress AND lockId = :lockId',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':inProgress': 'IN_PROGRESS', ':lockId': lockId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};
