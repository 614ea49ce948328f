import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredSession } from '#domain/refresh-tokens.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { deleteKeys, isConditionFailure, nowIso, queryAll, tableName } from './table.ts';

export interface SessionRecord extends StoredSession {
  sessionId: string;
  email: string;
  /** The enabler the session is bound to. */
  enablerId: string;
}

// Access patterns: a session by id (pk, from the refresh token); all sessions of a user (gsi1, logout everywhere).
const sessionKey = (sessionId: string) => ({ pk: `SESSION#${sessionId}`, sk: 'SESSION' });
const userSessionsPartition = (email: string) => `USER#${email}#SESSIONS`;

export const createSession = async (session: SessionRecord, now = new Date()): Promise<void> => {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...sessionKey(session.sessionId),
        entityType: 'SESSION',
        gsi1pk: userSessionsPartition(session.email),
        gsi1sk: session.sessionId,
        ...session,
        createdAt: nowIso(now),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

export const getSession = async (sessionId: string): Promise<SessionRecord | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: sessionKey(sessionId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    sessionId: Item.sessionId,
    email: Item.email,
    enablerId: Item.enablerId,
    currentHash: Item.currentHash,
    rotatedHashes: Item.rotatedHashes ?? [],
    expiresAt: Item.expiresAt,
  };
};

/**
 * Replaces the current secret, only if it is still the one that was presented: of two refreshes
 * racing with the same token, one wins and the other is then judged a replay.
 */
export const rotateSession = async (
  sessionId: string,
  presentedHash: string,
  next: Pick<StoredSession, 'currentHash' | 'rotatedHashes' | 'expiresAt'>,
): Promise<boolean> => {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(sessionId),
        UpdateExpression: 'SET currentHash = :next, rotatedHashes = :rotated, expiresAt = :expiresAt',
        ConditionExpression: 'currentHash = :presented',
        ExpressionAttributeValues: {
          ':next': next.currentHash,
          ':rotated': next.rotatedHashes,
          ':expiresAt': next.expiresAt,
          ':presented': presentedHash,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

export const deleteSession = async (sessionId: string): Promise<void> => {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: sessionKey(sessionId) }));
};

/** Revokes every session of a user, except the one named (a password change keeps the caller signed in). */
export const deleteSessionsOf = async (email: string, except?: string): Promise<number> => {
  const sessions = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :sessions',
    ExpressionAttributeValues: { ':sessions': userSessionsPartition(email) },
    ProjectionExpression: 'pk, sk, sessionId',
  });
  const doomed = sessions.filter((item) => item.sessionId !== except);
  await deleteKeys(doomed);
  return doomed.length;
};
