import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditedFields } from '@cpbo/schemas/activity.ts';
import { MAX_FAILED_LOGINS, type Blocked } from '#domain/lockout.ts';
import type { Language } from '#domain/mail-templates.ts';
import type { OneTimePurpose } from '#domain/one-time-tokens.ts';
import { dynamo } from '#platform/aws-clients.ts';
import type { Role } from '#platform/roles.ts';
import { changedFields, stateOf } from '#domain/audit-changes.ts';
import { AppError } from '#platform/app-error.ts';
import { auditItem, stillHolds, type Actor, type AuditEntry } from '../logs/audit.ts';
import { enablerPartition, ENABLER_PROFILE } from '../enablers/enablers.ts';
import {
  epochSeconds,
  ifConditionHeld,
  nowIso,
  queryAll,
  sendTransaction,
  tableName,
  transact,
  transactedIf,
  updateItem,
  written,
  writtenOr,
} from '../table/table.ts';
import { outboxPut, type OutboxMessage } from '../jobs/outbox.ts';

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
  /** The administrator who created the account; null for an account a script made. */
  createdBy: string | null;
  /** The last administrator who promoted it to administrator, and when. */
  promotedBy: string | null;
  promotedAt: string | null;
  /** Every account that brought it in, directly or through accounts they brought in (domain/account-lineage.ts). */
  broughtInBy: string[];
  createdAt: string;
  updatedAt: string;
}

/*
 * Access patterns: a user by e-mail (USER#<email> / PROFILE; the account's sessions share the
 * partition, see sessions.ts); all users, e.g. the administrators to notify (gsi2 USERS).
 * `linkHash` names the account's one valid mailed link (the newest); it is never read out.
 * `broughtInBy` is a string set, so that a promotion adds its lineage in one atomic ADD.
 */
export const userKey = (email: string) => ({ pk: `USER#${email}`, sk: 'PROFILE' });
// One-time tokens: TOKEN#<hash of the token> / TOKEN, expiring through the table's TTL.
const tokenKey = (tokenHash: string) => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' });
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
  createdBy: (item.createdBy as string | undefined) ?? null,
  promotedBy: (item.promotedBy as string | undefined) ?? null,
  promotedAt: (item.promotedAt as string | undefined) ?? null,
  broughtInBy: [...((item.broughtInBy as Set<string> | undefined) ?? [])].sort(),
  createdAt: item.createdAt as string,
  updatedAt: item.updatedAt as string,
});

/** Strongly consistent: sign-in, refresh and administration decide on the account's current state. */
export const getUser = async (email: string): Promise<User | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: userKey(email), ConsistentRead: true }),
  );
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
  Partial<Pick<User, 'passwordHash' | 'language' | 'createdBy' | 'broughtInBy'>>;

/** A string set, or nothing when empty (DynamoDB keeps no empty set). */
const stringSet = (values: readonly string[] | undefined) => (values?.length ? new Set(values) : undefined);

/** The fields of an account its audit entries keep (its password, lock and sessions are not the trail's). */
const auditedUserFields = auditedFields.user;

/**
 * The audit entry of an administrator's change to an account: an administrator's in the
 * administration's trail (administrators work for every enabler), an agent's in its enabler's, by the
 * role the change leaves it with.
 */
const userAudit = (
  user: Pick<User, 'email' | 'username' | 'enablerId' | 'role'>,
  change: Pick<AuditEntry, 'action' | 'before' | 'after'>,
  actor: Actor,
  at: string,
) =>
  auditItem({
    enablerId: user.role === 'ADMIN' ? null : user.enablerId || null,
    recordType: 'USER',
    recordId: user.email,
    memberId: null,
    label: user.username,
    ...change,
    by: actor,
    at,
  });

/**
 * Creates a user; an existing e-mail is ERR_DUPLICATE_USER. A user of an enabler is created only if
 * that enabler still exists (ERR_NOT_FOUND), checked in the same transaction. An account an
 * administrator creates (`actor`; not the bootstrap script's or the demo's) has its audit entry.
 */
export const createUser = async (
  user: NewUser,
  { now = new Date(), actor }: { now?: Date; actor?: Actor } = {},
): Promise<User> => {
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
    createdBy: user.createdBy ?? undefined,
    broughtInBy: stringSet(user.broughtInBy),
    createdAt: nowIso(now),
    updatedAt: nowIso(now),
  };
  await transact(
    [
      { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...(user.enablerId
        ? [
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: { pk: enablerPartition(user.enablerId), sk: ENABLER_PROFILE },
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
          ]
        : []),
      ...(actor
        ? [
            userAudit(
              user,
              {
                action: 'CREATE',
                before: null,
                after: stateOf({ ...item, active: true }, auditedUserFields),
              },
              actor,
              item.createdAt,
            ),
          ]
        : []),
    ],
    ['ERR_DUPLICATE_USER', 'ERR_NOT_FOUND', 'ERR_CONFLICT'],
  );
  return toUser(item);
};

export type UserChanges = Partial<
  Pick<User, 'username' | 'role' | 'active' | 'defaultFederation' | 'language' | 'enablerId'>
> & {
  /** A promotion to administrator: by whom, and the lineage it adds to the account's (domain/account-lineage.ts). */
  promotion?: { by: string; broughtInBy: readonly string[] };
};

/** The update of the fields named, and only those, with a promotion's lineage added to the account's. */
const userUpdate = ({ promotion, ...changes }: UserChanges, now: Date) => {
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':updatedAt': nowIso(now) };
  const sets = ['#updatedAt = :updatedAt'];
  const removes: string[] = [];
  const adds: string[] = [];
  if (promotion) {
    Object.assign(names, { '#promotedBy': 'promotedBy', '#promotedAt': 'promotedAt' });
    Object.assign(values, { ':promotedBy': promotion.by, ':promotedAt': nowIso(now) });
    sets.push('#promotedBy = :promotedBy', '#promotedAt = :promotedAt');
    const lineage = stringSet(promotion.broughtInBy);
    if (lineage) {
      names['#broughtInBy'] = 'broughtInBy';
      values[':broughtInBy'] = lineage;
      adds.push('#broughtInBy :broughtInBy');
    }
  }
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    if (value === null) removes.push(`#${field}`);
    else {
      values[`:${field}`] = value;
      sets.push(`#${field} = :${field}`);
    }
  }
  return {
    UpdateExpression:
      `SET ${sets.join(', ')}` +
      (removes.length ? ` REMOVE ${removes.join(', ')}` : '') +
      (adds.length ? ` ADD ${adds.join(', ')}` : ''),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
};

/**
 * Changes the fields named, and only those: switching an account on or off leaves its lock or its
 * pending renewal as they are (they end with a new password, see docs/decisions.md). A promotion adds
 * its lineage to the account's in the same write, so two at once both count.
 */
export const updateUser = async (email: string, changes: UserChanges, now = new Date()): Promise<User> => {
  const { Attributes } = await writtenOr(
    'ERR_NOT_FOUND',
    updateItem({
      Key: userKey(email),
      ...userUpdate(changes, now),
      ConditionExpression: 'attribute_exists(pk)',
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toUser(Attributes as Record<string, unknown>);
};

/**
 * An administrator's change of an account (its name, role, activity, default federation), as
 * updateUser, with the audit entry of the fields that changed: the account is conditioned on them as
 * read (ERR_CONFLICT when changed meanwhile, ERR_NOT_FOUND when deleted), so the entry's `before` is exact.
 */
export const changeManagedUser = async (
  before: User,
  changes: UserChanges,
  actor: Actor,
  now = new Date(),
): Promise<User> => {
  const read = stateOf(before, auditedUserFields);
  const held = stillHolds(read);
  const changed = changedFields(
    read,
    stateOf({ ...before, ...withoutUndefined(changes) }, auditedUserFields),
  );
  const update = userUpdate(changes, now);
  await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: userKey(before.email),
          ...update,
          ConditionExpression: `attribute_exists(pk) AND ${held.condition}`,
          ExpressionAttributeNames: { ...update.ExpressionAttributeNames, ...held.names },
          ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...held.values },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      ...(changed
        ? [
            userAudit(
              { ...before, role: changes.role ?? before.role },
              { action: 'UPDATE', ...changed },
              actor,
              nowIso(now),
            ),
          ]
        : []),
    ],
    [(item) => (item ? 'ERR_CONFLICT' : 'ERR_NOT_FOUND'), 'ERR_CONFLICT'],
  );
  const after = await getUser(before.email);
  if (!after) throw new AppError('ERR_NOT_FOUND');
  return after;
};

const withoutUndefined = <Values extends object>(values: Values): Partial<Values> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<Values>;

/**
 * An administrator blocks an account until its owner sets a new password from a mailed link, with the
 * audit entry of it (ERR_NOT_FOUND when it was deleted meanwhile).
 */
export const forceRenewal = async (user: User, actor: Actor, now = new Date()): Promise<void> => {
  await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: userKey(user.email),
          UpdateExpression: 'SET blocked = :reason, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':reason': 'RENEWAL_FORCED', ':now': nowIso(now) },
        },
      },
      userAudit(
        user,
        { action: 'UPDATE', before: { blocked: user.blocked }, after: { blocked: 'RENEWAL_FORCED' } },
        actor,
        nowIso(now),
      ),
    ],
    ['ERR_NOT_FOUND', 'ERR_CONFLICT'],
  );
};

/**
 * Deletes the account with its outstanding mailed link, in one transaction, with its audit entry when
 * an administrator deletes it.
 */
export const deleteUser = async (email: string, by?: { user: User; actor: Actor }): Promise<void> => {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: userKey(email),
      ConsistentRead: true,
      ProjectionExpression: 'linkHash',
    }),
  );
  const linkHash = Item?.linkHash as string | undefined;
  await sendTransaction(() =>
    dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName(), Key: userKey(email) } },
          ...(linkHash ? [{ Delete: { TableName: tableName(), Key: tokenKey(linkHash) } }] : []),
          ...(by
            ? [
                userAudit(
                  by.user,
                  { action: 'DELETE', before: stateOf(by.user, auditedUserFields), after: null },
                  by.actor,
                  nowIso(),
                ),
              ]
            : []),
        ],
      }),
    ),
  );
};

/**
 * Counts one more bad password atomically and answers the new count (concurrent attempts each see
 * their own); undefined when there is no such account (nothing is written then).
 */
export const countFailedLogin = async (email: string): Promise<number | undefined> => {
  const counted = await ifConditionHeld(
    updateItem({
      Key: userKey(email),
      UpdateExpression: 'ADD failedLogins :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return counted ? Number(counted.Attributes?.failedLogins ?? 0) : undefined;
};

/** Blocks the account until a new password is set, if `condition` holds on it. */
const setBlocked = (
  email: string,
  reason: Blocked,
  now: Date,
  condition: string,
  values: Record<string, unknown> = {},
) =>
  updateItem({
    Key: userKey(email),
    UpdateExpression: 'SET blocked = :reason, updatedAt = :now',
    ConditionExpression: condition,
    ExpressionAttributeValues: { ':reason': reason, ':now': nowIso(now), ...values },
  });

/**
 * Locks the account for bad passwords if the count has reached the limit and it is not blocked yet.
 * Conditional, so of many attempts that reach the limit at once exactly one gets true.
 */
export const lockForBadPasswords = (email: string, now = new Date()): Promise<boolean> =>
  written(
    setBlocked(
      email,
      'BAD_PASSWORDS',
      now,
      'attribute_exists(pk) AND attribute_not_exists(blocked) AND failedLogins >= :max',
      { ':max': MAX_FAILED_LOGINS },
    ),
  );

/** Blocks the account until a new password is set; ERR_NOT_FOUND when it was deleted meanwhile. */
export const blockUser = async (email: string, reason: Blocked, now = new Date()): Promise<void> => {
  await writtenOr('ERR_NOT_FOUND', setBlocked(email, reason, now, 'attribute_exists(pk)'));
};

/** Sets the count of bad passwords back to zero, writing only when it is not zero already. */
export const clearFailedLogins = async (email: string): Promise<void> => {
  await written(
    updateItem({
      Key: userKey(email),
      UpdateExpression: 'SET failedLogins = :zero',
      ConditionExpression: 'attribute_exists(pk) AND failedLogins > :zero',
      ExpressionAttributeValues: { ':zero': 0 },
    }),
  );
};

/**
 * Sets a new password in place of the one that was checked (false if it changed meanwhile). Every
 * outstanding mailed link dies with the old password.
 */
export const replacePasswordHash = async (
  email: string,
  checkedHash: string,
  passwordHash: string,
  now = new Date(),
): Promise<boolean> =>
  written(
    updateItem({
      Key: userKey(email),
      UpdateExpression: 'SET passwordHash = :hash, updatedAt = :now REMOVE linkHash',
      ConditionExpression: 'passwordHash = :checked',
      ExpressionAttributeValues: { ':hash': passwordHash, ':now': nowIso(now), ':checked': checkedHash },
    }),
  );

export interface StoredOneTimeToken {
  purpose: OneTimePurpose;
  email: string;
  expiresAt: number;
}

/**
 * Stores a mailed link's token and makes it the account's only valid link, in one transaction: every
 * older link of the account stops working (ERR_NOT_FOUND when the account does not exist). The mail
 * that carries the link is recorded in the same transaction (data/jobs/outbox.ts), so a link never exists
 * without its mail on the way.
 */
export const storeOneTimeToken = async (
  tokenHash: string,
  token: StoredOneTimeToken,
  mail?: OutboxMessage,
): Promise<void> => {
  await transact(
    [
      {
        Put: {
          TableName: tableName(),
          Item: { ...tokenKey(tokenHash), entityType: 'ONE_TIME_TOKEN', ...token },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: userKey(token.email),
          UpdateExpression: 'SET linkHash = :hash',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':hash': tokenHash },
        },
      },
      ...(mail ? [outboxPut(mail)] : []),
    ],
    // A token is 256 random bits: its hash already stored would be a second use of one token.
    ['ERR_CONFLICT', 'ERR_NOT_FOUND', 'ERR_CONFLICT'],
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
 * exist, be of this purpose, unexpired and the account's newest link), the password set, and any lock
 * lifted. False when the token was already used, replaced or has expired.
 */
export const setPasswordWithToken = async (
  tokenHash: string,
  purpose: OneTimePurpose,
  email: string,
  passwordHash: string,
  now = new Date(),
): Promise<boolean> =>
  transactedIf([
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
          'SET passwordHash = :hash, failedLogins = :zero, updatedAt = :at REMOVE blocked, linkHash',
        ConditionExpression: 'active = :true AND linkHash = :token',
        ExpressionAttributeValues: {
          ':token': tokenHash,
          ':hash': passwordHash,
          ':zero': 0,
          ':at': nowIso(now),
          ':true': true,
        },
      },
    },
  ]);
