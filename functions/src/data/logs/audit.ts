import { randomUUID } from 'node:crypto';
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { AuditAction, AuditKind, AuditState, AuditedType } from '@cpbo/schemas/activity.ts';
import { auditedTypesOf } from '@cpbo/schemas/activity.ts';
import { monthsOfRange } from '#domain/audit-changes.ts';
import { dynamo } from '#platform/aws-clients.ts';
import type { TransactItem } from '../table/transaction-items.ts';
import { queryAll, tableName } from '../table/table.ts';

/*
 * The audit trail: one item per change an administrator or an agent makes (docs/decisions.md, "an audit
 * trail that names people"), put by the transaction that makes the change (so a change and its audit
 * exist together or not at all). Append-only: nothing updates or deletes these items.
 * - ENABLER#<enablerId>#AUDIT#<yyyy-mm> / <isoTime>#<uuid>: an enabler's members, plots, money records,
 *   benefit runs and agents' accounts, by month. They live in the enabler's partition, not the
 *   member's, so a removed member's trail stays.
 * - AUDIT#<yyyy-mm> / <isoTime>#<uuid>: what is the administration's, not one enabler's: administrators'
 *   accounts, enablers and their config versions (few changes: one partition a month holds them).
 * - gsi2 AUDIT#MEMBER#<memberId> / <isoTime>#<uuid>: a member's own changes (its page's history tab).
 * `entityType` is AUDIT (the stream workers count money by entityType; an audit item must not count as
 * money), the audited record's type is `recordType`.
 */

export type { AuditAction, AuditState, AuditedType } from '@cpbo/schemas/activity.ts';

/** Who made a change: the e-mail of the account, and its name as the session had it (null for a script). */
export interface Actor {
  email: string;
  name: string | null;
}

export interface AuditEntry {
  /** The enabler of the record; null for an administrator's account. */
  enablerId: string | null;
  action: AuditAction;
  recordType: AuditedType;
  /** The record's id (a user's: the e-mail; a config version's: its enabler's id). */
  recordId: string;
  /** The member a member, plot or money record belongs to; null otherwise. */
  memberId: string | null;
  /**
   * What the record is called for a reader when the change was made: a plot's name, a member's name and
   * number, a user's name, an enabler's name, a run's assessment; null when nothing names it better.
   */
  label: string | null;
  /** The fields that changed as they were; null for a creation. */
  before: AuditState | null;
  /** The fields that changed as they became; null for a deletion. */
  after: AuditState | null;
  /** The e-mail of the user who made the change. */
  by: string;
  /** That user's name at the time (null when unknown: a script, an entry written before names were kept). */
  byName: string | null;
  /** ISO time of the change. */
  at: string;
}

/** The e-mail of an author given as an e-mail (a script's, a job's) or as a person. */
export const emailOf = (by: string | Actor): string => (typeof by === 'string' ? by : by.email);

/** The audit entry as written: the actor, and the label when the writer has one. */
export type NewAuditEntry = Omit<AuditEntry, 'by' | 'byName' | 'label'> & {
  by: string | Actor;
  label?: string | null;
};

/**
 * The types that are the administration's rather than one enabler's (an account is, when it is an
 * administrator's: the writer says so with a null enablerId).
 */
const administrationTypes = new Set<AuditedType>(['ENABLER', 'CONFIG']);

const ADMINISTRATION_AUDIT = 'AUDIT#';
const enablerAudit = (enablerId: string) => `ENABLER#${enablerId}#AUDIT#`;

/**
 * The condition that a record's fields still hold the values an audit entry says they had, so the
 * entry's `before` is exact: a change made meanwhile fails the write (ERR_CONFLICT) instead.
 */
export const stillHolds = (state: AuditState) => {
  const fields = Object.entries(state);
  return {
    condition:
      fields.length === 0
        ? 'attribute_exists(pk)'
        : fields
            .map(([field, value]) =>
              value === null
                ? `(attribute_not_exists(#was_${field}) OR attribute_type(#was_${field}, :was_null))`
                : `#was_${field} = :was_${field}`,
            )
            .join(' AND '),
    names: Object.fromEntries(fields.map(([field]) => [`#was_${field}`, field])),
    values: {
      ...Object.fromEntries(
        fields.flatMap(([field, value]) => (value === null ? [] : [[`:was_${field}`, value]])),
      ),
      ...(fields.some(([, value]) => value === null) && { ':was_null': 'NULL' }),
    },
  };
};

/** The partition of an enabler's entries (or, with null, the administration's) of the month of `at`. */
export const auditPartition = (enablerId: string | null, at: string): string =>
  `${enablerId === null ? ADMINISTRATION_AUDIT : enablerAudit(enablerId)}${at.slice(0, 7)}`;

const memberTrail = (memberId: string) => `AUDIT#MEMBER#${memberId}`;

const partitionOf = (entry: Pick<AuditEntry, 'recordType' | 'enablerId' | 'at'>): string =>
  auditPartition(administrationTypes.has(entry.recordType) ? null : entry.enablerId, entry.at);

/** The Put of one audit entry, to be written in the transaction of the change it records. */
export const auditItem = ({ by, label = null, ...entry }: NewAuditEntry): TransactItem => {
  const sk = `${entry.at}#${randomUUID()}`;
  const actor = typeof by === 'string' ? { email: by, name: null } : by;
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: partitionOf(entry),
        sk,
        entityType: 'AUDIT',
        ...(entry.memberId !== null && { gsi2pk: memberTrail(entry.memberId), gsi2sk: sk }),
        ...entry,
        label,
        by: actor.email,
        byName: actor.name,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
};

const toEntry = (item: Record<string, unknown>): AuditEntry & { key: string } => ({
  key: item.sk as string,
  enablerId: (item.enablerId as string | null | undefined) ?? null,
  action: item.action as AuditAction,
  recordType: item.recordType as AuditedType,
  recordId: item.recordId as string,
  memberId: (item.memberId as string | undefined) ?? null,
  label: (item.label as string | null | undefined) ?? null,
  before: (item.before as AuditState | null | undefined) ?? null,
  after: (item.after as AuditState | null | undefined) ?? null,
  by: item.by as string,
  byName: (item.byName as string | null | undefined) ?? null,
  at: item.at as string,
});

/** An enabler's audit entries of one month (yyyy-mm), oldest first. */
export const auditOfMonth = async (enablerId: string | null, month: string): Promise<AuditEntry[]> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': auditPartition(enablerId, month) },
    ConsistentRead: true,
  });
  return items.map((item) => {
    const { key: _key, ...entry } = toEntry(item);
    return entry;
  });
};

/** A page of entries, newest first, and where the next one starts (null: none older). */
export interface AuditPage {
  entries: AuditEntry[];
  next: string | null;
}

/** The most items one Query reads while a filter leaves a page short. */
const QUERY_PAGE_ITEMS = 500;

/**
 * The newest `count` entries of one partition (the table's, or gsi2's) with keys from `from` to
 * `upTo` (inclusive), newest first, of the given types; `count` + 1 are read to know if more remain.
 */
const newestOf = async (
  partition: { index?: 'gsi2'; key: string },
  range: { from: string; upTo: string },
  count: number,
  types: readonly AuditedType[] | null,
): Promise<(AuditEntry & { key: string })[]> => {
  const [pk, sk] = partition.index ? ['gsi2pk', 'gsi2sk'] : ['pk', 'sk'];
  const found: (AuditEntry & { key: string })[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        ...(partition.index && { IndexName: partition.index }),
        KeyConditionExpression: `${pk} = :pk AND ${sk} BETWEEN :from AND :upTo`,
        ...(types && {
          FilterExpression: `recordType IN (${types.map((_, index) => `:type${index}`).join(', ')})`,
        }),
        ExpressionAttributeValues: {
          ':pk': partition.key,
          ':from': range.from,
          ':upTo': range.upTo,
          ...Object.fromEntries((types ?? []).map((type, index) => [`:type${index}`, type])),
        },
        ScanIndexForward: false,
        Limit: types ? QUERY_PAGE_ITEMS : count + 1,
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...(page.Items ?? []).map(toEntry));
    startKey = page.LastEvaluatedKey;
  } while (startKey && found.length <= count);
  return found.slice(0, count + 1);
};

/**
 * The newest `count` entries of several partitions merged, older than the cursor `before` (an entry's
 * key, exclusive) and from `from`: each partition is read for count + 1 entries at most.
 */
const mergedPage = async (
  partitions: { index?: 'gsi2'; key: string }[],
  { from, to, before, count, types }: AuditQuery & { from: string; to: string },
): Promise<AuditPage> => {
  // Keys are `<instant>#<uuid>`: `~` sorts after every one of an instant.
  const upTo = before ?? `${to}~`;
  const lists = await Promise.all(
    partitions.map((partition) => newestOf(partition, { from, upTo }, count, types)),
  );
  const merged = lists
    .flat()
    .filter((entry) => entry.key !== before)
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
  const page = merged.slice(0, count);
  return {
    entries: page.map(({ key: _key, ...entry }) => entry),
    next: merged.length > count ? (page.at(-1)?.key ?? null) : null,
  };
};

export interface AuditQuery {
  /** The key of the last entry of the previous page. */
  before: string | null;
  count: number;
  types: readonly AuditedType[] | null;
}

/**
 * The activity of an enabler and of the administration between two instants, newest first: the
 * enabler's and the administration's partitions of each month the range touches, merged.
 */
export const activityPage = (
  enablerId: string | null,
  range: { from: string; to: string },
  { before, count, kind }: Omit<AuditQuery, 'types'> & { kind: AuditKind | null },
): Promise<AuditPage> => {
  const months = monthsOfRange(range.from, range.to);
  const owners = enablerId === null ? [null] : [enablerId, null];
  const partitions = months.flatMap((month) =>
    owners.map((owner) => ({ key: auditPartition(owner, month) })),
  );
  return mergedPage(partitions, { ...range, before, count, types: kind ? auditedTypesOf(kind) : null });
};

/** A member's own changes (its profile, plots and money records), newest first. */
export const memberHistoryPage = (memberId: string, { before, count }: Omit<AuditQuery, 'types'>) =>
  mergedPage([{ index: 'gsi2', key: memberTrail(memberId) }], {
    // Before every instant, and after every one.
    from: '0',
    to: '~',
    before,
    count,
    types: null,
  });
