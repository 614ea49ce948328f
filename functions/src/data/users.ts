import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Blocked } from '#domain/lockout.ts';
import type { Language } from '#domain/mail-templates.ts';
import type { OneTimePurpose } from '#domain/one-time-tokens.ts';
import { AppError } from '#platform/app-error.ts';
import { dynamo } from '#platform/aws-clients.ts';
import type { Role } from '#platform/roles.ts';
import { epochSeconds, isConditionFailure, nowIso, tableName, queryAll } from './table.ts';

export interface User {
  email: string;
  username: string;
  role: Role;
  /** The enabler the user works for; for an administrator, the enabler of the last session. */
  enablerId: string;
  active: boolean;
  blocked: Blocked | null;
  passwordHash: string | null;
  failedLogins: number;
  language: Language | null;
  defaultFederation: string | null;
  createdAt: string;
  updatedAt: string;
}

// Access patterns: a user by e-mail (pk); all users, e.g. the administrators to notify (gsi2 USERS).
const userKey = (email: string) => ({ pk: `USER#${email}`, sk: 'PROFILE' });
const USERS_INDEX = { name: 'gsi2', partition: 'USERS' } as const;

const toUser = (item: Record<string, unknown>): User => ({
  email: item.email as string,
  username: item.username as string,
  role: item.role as Role,
  enablerId: (item.enablerId as string | undefined) ?? '',
  active: item.active === true,
  blocked: (item.blocked as Blocked | undefined) ?? null,
  passwordHash: (item.passwordHash as string | undefined) ?? null,
  failedLogins: (item.failedLogins as number | undefined) ?? 0,
  language: (item.language as Language | undefined) ?? null,
  defaultFederation: (item.defaultFederation as string | undefined) ?? null,
  createdAt: item.createdAt as string,
  updatedAt: item.updatedAt as string,
});

export const getUser = async (email: string): Promise<User | undefined> => {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: userKey(email) }));
  return Item ? toUser(Item) : undefined;
};

export const listUsers = async (): Promise<User[]> => {
  return (
    await queryAll({
      TableName: tableName(),
      IndexName: USERS_INDEX.name,
      KeyConditionExpression: 'gsi2pk = :users',
      ExpressionAttributeValues: { ':users': USERS_INDEX.partition },
    })
  ).map(toUser);
};

export type NewUser = Pick<User, 'email' | 'username' | 'role' | 'enablerId' | 'defaultFederation'> &
  Partial<Pick<User, 'passwordHash' | 'language'>>;

/** Creates a user; an existing e-mail is ERR_DUPLICATE_USER. */
export const createUser = async (user: NewUser, now = new Date()): Promise<User> => {
  const item = {
    ...userKey(user.email),
    entityType: 'USER',
    gsi2pk: USERS_INDEX.partition,
    gsi2sk: user.email,
    email: user.email,
    username: user.username,
    role: user.role,
    enablerId: user.enablerId,
    active: true,
    failedLogins: 0,
    defaultFederation: user.defaultFederation ?? undefined,
    passwordHash: user.passwordHash ?? undefined,
    language: user.language ?? undefined,
    createdAt: nowIso(now),
    updatedAt: nowIso(now),
  };
  try {
    await dynamo().send(
      new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('ERR_DUPLICATE_USER', { cause: error });
    throw error;
  }
  return toUser(item);
};

export type UserChanges = Partial<
  Pick<User, 'username' | 'role' | 'active' | 'defaultFederation' | 'language' | 'enablerId'>
>;

/** Changes an existing user's fields; switching an account back on also lifts a lock. */
export const updateUser = async (email: string, changes: UserChanges, now = new Date()): Promise<User> => {
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':updatedAt': nowIso(now) };
  const sets = ['#updatedAt = :updatedAt'];
  const removes: string[] = [];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    if (value === null) removes.push(`#${field}`);
    else {
      values[`:${field}`] = value;
      sets.push(`#${field} = :${field}`);
    }
  }
  if (changes.active === true) {
    names['#blocked'] = 'blocked';
    names['#failedLogins'] = 'failedLogins';
    removes.push('#blocked');
    values[':zero'] = 0;
    sets.push('#failedLogins = :zero');
  }
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(email),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toUser(Attributes as Record<string, unknown>);
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('ERR_NOT_FOUND', { cause: error });
    throw error;
  }
};

export const deleteUser = async (email: string): Promise<void> => {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: userKey(email) }));
};

/** Counts one more bad password atomically and answers the new count (concurrent attempts each see their own). */
export const countFailedLogin = async (email: string): Promise<number> => {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(email),
      UpdateExpression: 'ADD failedLogins :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.failedLogins ?? 0);
};

export const blockUser = async (email: string, reason: Blocked, now = new Date()): Promise<void> => {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(email),
      UpdateExpression: 'SET blocked = :reason, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':reason': reason, ':now': nowIso(now) },
    }),
  );
};

export const clearFailedLogins = async (email: string): Promise<void> => {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(email),
        UpdateExpression: 'SET failedLogins = :zero',
        ConditionExpression: 'attribute_exists(pk) AND failedLogins > :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
};

export const setPasswordHash = async (
  email: string,
  passwordHash: string,
  now = new Date(),
): Promise<void> => {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(email),
      UpdateExpression: 'SET passwordHash = :hash, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':hash': passwordHash, ':now': nowIso(now) },
    }),
  );
};

// One-time tokens: TOKEN#<hash of the token> / TOKEN, expiring through the table's TTL.
const tokenKey = (tokenHash: string) => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' });

export interface StoredOneTimeToken {
  purpose: OneTimePurpose;
  email: string;
  expiresAt: number;
}

export const storeOneTimeToken = async (tokenHash: string, token: StoredOneTimeToken): Promise<void> => {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...tokenKey(tokenHash), entityType: 'ONE_TIME_TOKEN', ...token },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

export const getOneTimeToken = async (tokenHash: string): Promise<StoredOneTimeToken | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: tokenKey(tokenHash), ConsistentRead: true }),
  );
  return Item ? { purpose: Item.purpose, email: Item.email, expiresAt: Item.expiresAt } : undefined;
};

/**
 * Sets the password with a one-time token, in one transaction: the token is consumed (it must still
 * exist, be of this purpose and unexpired), the password set, and any lock lifted. False when the
 * token was already used or has expired.
 */
export const setPasswordWithToken = async (
  tokenHash: string,
  purpose: OneTimePurpose,
  email: string,
  passwordHash: string,
  now = new Date(),
): Promise<boolean> => {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: tokenKey(tokenHash),
              ConditionExpression: 'purpose = :purpose AND email = :email AND expiresAt > :now',
              ExpressionAttributeValues: { ':purpose': purpose, ':email': email, ':now': epochSeconds(now) },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: userKey(email),
              UpdateExpression:
                'SET passwordHash = :hash, failedLogins = :zero, updatedAt = :at REMOVE blocked',
              ConditionExpression: 'attribute_exists(pk) AND active = :true',
              ExpressionAttributeValues: {
                ':hash': passwordHash,
                ':zero': 0,
                ':at': nowIso(now),
                ':true': true,
              },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};
