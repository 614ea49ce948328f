import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredSession } from '#domain/refresh-tokens.ts';
import { dynamo } from '#platform/aws-clients.ts';
import type { Role } from '#platform/roles.ts';
import {
  deleteKeys,
  nowIso,
  queryAll,
  tableName,
  transactedIf,
  updateItem,
  written,
} from '../table/table.ts';
import { userKey } from './users.ts';

export interface SessionRecord extends StoredSession {
  sessionId: string;
  email: string;
  /** The enabler the session works for ('' for an administrator of a fresh installation). */
  enablerId: string;
  /** Opened with a password attackers try first: the user is asked to change it (domain/passwords.ts). */
  passwordChangeRequired?: boolean;
}

/*
 * Access patterns: a session by account and id (USER#<email> / SESSION#<id>: the refresh token and
 * every access token name both); all sessions of an account (a strongly consistent Query of the same
 * partition, so ending them all misses none, unlike an eventually consistent index).
 */
const sessionKey = (email: string, sessionId: string) => ({
  pk: `USER#${email}`,
  sk: `SESSION#${sessionId}`,
});

/** The account as it was read when its password was checked: a session opens only if it is still so. */
export interface AccountAtSignIn {
  email: string;
  role: Role;
  passwordHash: string;
}

/**
 * Opens a session, in one transaction with a check that the account is still the one that was read:
 * active, not blocked, same password and role. A deactivation, lock, password or role change that
 * lands meanwhile wins (false), instead of leaving a session that its own revocation did not see.
 */
export const createSession = async (
  session: SessionRecord,
  account: AccountAtSignIn,
  now = new Date(),
): Promise<boolean> =>
  transactedIf([
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...sessionKey(session.email, session.sessionId),
          entityType: 'SESSION',
          ...session,
          createdAt: nowIso(now),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: userKey(account.email),
        ConditionExpression:
          'active = :true AND attribute_not_exists(blocked) AND passwordHash = :hash AND #role = :role',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: {
          ':true': true,
          ':hash': account.passwordHash,
          ':role': account.role,
        },
      },
    },
  ]);

const toSession = (item: Record<string, unknown>): SessionRecord => ({
  sessionId: item.sessionId as string,
  email: item.email as string,
  enablerId: (item.enablerId as string | undefined) ?? '',
  currentHash: item.currentHash as string,
  rotatedHashes: (item.rotatedHashes as string[] | undefined) ?? [],
  expiresAt: item.expiresAt as number,
  // Sessions opened before the absolute lifetime existed end at their idle limit.
  endsAt: (item.endsAt as number | undefined) ?? (item.expiresAt as number),
  ...(item.passwordChangeRequired === true && { passwordChangeRequired: true }),
  ...(typeof item.graceHash === 'string' && {
    grace: {
      hash: item.graceHash,
      until: item.graceUntil as number,
      sealed: item.graceSealed as string,
    },
  }),
});

export const getSession = async (email: string, sessionId: string): Promise<SessionRecord | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: sessionKey(email, sessionId), ConsistentRead: true }),
  );
  return Item ? toSession(Item) : undefined;
};

/**
 * What every authenticated request reads of its session: one strongly consistent GetItem, so a
 * revocation is seen by the very next request.
 */
export const getSessionState = async (
  email: string,
  sessionId: string,
): Promise<Pick<SessionRecord, 'expiresAt' | 'endsAt' | 'enablerId'> | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: sessionKey(email, sessionId),
      ConsistentRead: true,
      ProjectionExpression: 'expiresAt, endsAt, enablerId',
    }),
  );
  return Item ? toSession(Item) : undefined;
};

/**
 * Replaces the current secret (and, for an enabler switch, the enabler), only if the secret is still
 * the one that was presented: of two refreshes racing with the same token, one wins and the others
 * then find it in its grace. A revoked (deleted) session cannot be rotated back to life. A rotation
 * without a grace (the switch) removes the previous one.
 */
export const rotateSession = async (
  email: string,
  sessionId: string,
  presentedHash: string,
  next: Pick<SessionRecord, 'currentHash' | 'rotatedHashes' | 'expiresAt' | 'enablerId' | 'grace'>,
): Promise<boolean> =>
  written(
    updateItem({
      Key: sessionKey(email, sessionId),
      UpdateExpression:
        'SET currentHash = :next, rotatedHashes = :rotated, expiresAt = :expiresAt, enablerId = :enablerId' +
        (next.grace
          ? ', graceHash = :graceHash, graceUntil = :graceUntil, graceSealed = :graceSealed'
          : ' REMOVE graceHash, graceUntil, graceSealed'),
      ConditionExpression: 'currentHash = :presented',
      ExpressionAttributeValues: {
        ':next': next.currentHash,
        ':rotated': next.rotatedHashes,
        ':expiresAt': next.expiresAt,
        ':enablerId': next.enablerId,
        ':presented': presentedHash,
        ...(next.grace && {
          ':graceHash': next.grace.hash,
          ':graceUntil': next.grace.until,
          ':graceSealed': next.grace.sealed,
        }),
      },
    }),
  );

/** The password was changed in this session: it no longer asks for the change. */
export const clearPasswordChangeRequired = async (email: string, sessionId: string): Promise<void> => {
  await written(
    updateItem({
      Key: sessionKey(email, sessionId),
      UpdateExpression: 'REMOVE passwordChangeRequired',
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
};

/** Ends one session: its refresh token and every access token issued for it stop working. */
export const deleteSession = async (email: string, sessionId: string): Promise<void> => {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: sessionKey(email, sessionId) }));
};

/** Ends every session of an account, except the one named (a password change keeps the caller signed in). */
export const deleteSessionsOf = async (email: string, except?: string): Promise<number> => {
  const sessions = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :account AND begins_with(sk, :sessions)',
    ExpressionAttributeValues: { ':account': `USER#${email}`, ':sessions': 'SESSION#' },
    ProjectionExpression: 'pk, sk, sessionId',
    ConsistentRead: true,
  });
  const doomed = sessions.filter((item) => item.sessionId !== except);
  await deleteKeys(doomed);
  return doomed.length;
};
