import { randomUUID } from 'node:crypto';
import type { TransactItem } from './transaction-items.ts';
import { queryAll, tableName } from './table.ts';

/*
 * The audit trail of money: ENABLER#<enablerId>#AUDIT#<yyyy-mm> / <isoTime>#<uuid>, one item per
 * change of a contribution, payout or cashout, put by the transaction that makes the change (so a
 * change and its audit exist together or not at all). Append-only: nothing updates or deletes these
 * items, and they live in the enabler's partition, not the member's, so a removed member's trail
 * stays. `entityType` is AUDIT (the stream workers count money by entityType; an audit item must
 * not count as money), the audited record's type is `recordType`.
 */

export type AuditAction = 'CREATE' | 'UPDATE' | 'DELETE';
/**
 * MEMBER: an administrator's removal of a member (its totals and record counts in `before`);
 * BENEFIT_RUN: a benefit run's upload, review, cancellation or resumption (its state and the comment).
 */
export type AuditedType = 'CONTRIBUTION' | 'PAYOUT' | 'CASHOUT' | 'MEMBER' | 'BENEFIT_RUN';

/** What a record was or became: its amount, date and the fields that place it (null when absent). */
export type AuditState = Record<string, string | number | null>;

export interface AuditEntry {
  enablerId: string;
  action: AuditAction;
  recordType: AuditedType;
  recordId: string;
  /** Null for a benefit run, which is the enabler's. */
  memberId: string | null;
  /** The record before the change; null for a creation. */
  before: AuditState | null;
  /** The record after the change; null for a deletion. */
  after: AuditState | null;
  /** The e-mail of the user who made the change. */
  by: string;
  /** ISO time of the change. */
  at: string;
}

export const auditPartition = (enablerId: string, at: string): string =>
  `ENABLER#${enablerId}#AUDIT#${at.slice(0, 7)}`;

/** The Put of one audit entry, to be written in the transaction of the change it records. */
export const auditItem = (entry: AuditEntry): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      pk: auditPartition(entry.enablerId, entry.at),
      sk: `${entry.at}#${randomUUID()}`,
      entityType: 'AUDIT',
      ...entry,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** An enabler's audit entries of one month (yyyy-mm), oldest first. */
export const auditOfMonth = async (enablerId: string, month: string): Promise<AuditEntry[]> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': auditPartition(enablerId, month) },
    ConsistentRead: true,
  });
  return items.map((item) => ({
    enablerId: item.enablerId as string,
    action: item.action as AuditAction,
    recordType: item.recordType as AuditedType,
    recordId: item.recordId as string,
    memberId: (item.memberId as string | undefined) ?? null,
    before: (item.before as AuditState | null | undefined) ?? null,
    after: (item.after as AuditState | null | undefined) ?? null,
    by: item.by as string,
    at: item.at as string,
  }));
};
