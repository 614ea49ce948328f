import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import { auditedFields } from '@cpbo/schemas/activity.ts';
import { changesDeltas, pendingBenefitNeeded, type PlotDelta } from '#domain/money-changes.ts';
import {
  recordEffect,
  type MemberMoneyDates,
  type MemberSums,
  type MoneyType,
} from '#domain/money-totals.ts';
import { auditItem, type AuditAction, type AuditState } from '../logs/audit.ts';
import { claimWrites } from './benefit-claims.ts';
import { payoutCampaign } from '../enablers/campaigns.ts';
import {
  changeKey,
  MEMBER_PROFILE,
  memberPartition,
  plotSortKey,
  touchMember,
} from '../members/member-keys.ts';
import { figuresOf } from './money-items.ts';
import { recordIdClaimPut } from './record-id-claims.ts';
import { recordTombstoneItem } from '../lists/record-timeline.ts';
import { inEnabler, tableName, type FailedItem, type FailureCode } from '../table/table.ts';
import type { TransactItem } from '../table/transaction-items.ts';

/*
 * The one transaction of every create, edit and delete of a contribution, payout or cashout: the
 * record's own writes, its id claim (a creation), its plots' counts and sums and its member's sums,
 * all moved by the change's deltas (domain/money-changes.ts, on the rule of domain/money-totals.ts),
 * its member's dates and `moneyVersion` (a counter of its money changes), its campaign and its
 * assessment's claim (a payout: one per assessment and plot, benefit-claims.ts) and its audit entry (data/logs/audit.ts). The full change and the fast create differ only in how the
 * member's dates are set and what its profile is checked against (MemberGuard).
 */

type Item = Record<string, unknown>;

/** A change of a money record: its item as it was (null: created) and as it becomes (null: deleted). */
export interface MoneyWrite {
  enablerId: string;
  memberId: string;
  before: Item | null;
  after: Item | null;
  /** The e-mail of the user making the change. */
  by: string;
  /** That user's name, for the audit trail (null: a job's, or not at hand). */
  byName?: string | null;
  at: string;
  /**
   * Whether the payout as it was holds its assessment's claim (benefit-claims.ts): read by the full
   * change; a new record has nothing to free.
   */
  claimHeld?: boolean;
  /** A payout whose campaign its writer records apart, once for many payouts (a benefit run's). */
  campaignApart?: true;
}

/** The SET and REMOVE clauses of the member's first and last dates, what they rely on, and their values. */
export interface DateClauses {
  set: string[];
  remove: string[];
  conditions: string[];
  values: Record<string, unknown>;
}

/** How the write checks the member's profile, beyond its existence, its enabler and its pending benefit. */
export interface MemberGuard {
  dates: DateClauses;
  conditions: string[];
  values: Record<string, unknown>;
  /** The code of a failed member condition (the item as it was), given the pending benefit the change needs. */
  failure: (item: FailedItem, needed: Cents | undefined) => ErrorCode;
}

/** Which plots the write moves (one gone keeps no figures to take back) and the code when one is missing. */
export interface PlotGuard {
  moves: (plotId: string) => boolean;
  failure: FailureCode;
}

/** The member's dates as computed from its records: set, or removed when it has none of the kind. */
export const datesAsComputed = (dates: MemberMoneyDates): DateClauses => {
  const clauses: DateClauses = { set: [], remove: [], conditions: [], values: {} };
  for (const [field, value] of Object.entries(dates)) {
    if (value === null) clauses.remove.push(field);
    else {
      clauses.set.push(`${field} = :${field}`);
      clauses.values[`:${field}`] = value;
    }
  }
  return clauses;
};

/**
 * The dates of records added at or after their kind's first and last dates (recordEffect's dates; the
 * records of one kind): the first stays (or is their earliest day when there was none) and the last
 * becomes their latest day, with no read; the condition says the dates held are at or before their
 * earliest day. A cashout moves no date.
 */
export const datesAppended = (records: readonly Item[]): DateClauses => {
  const days = records.flatMap((record) => recordEffect(figuresOf(record)).dates ?? []);
  const kind = days[0];
  if (!kind) return { set: [], remove: [], conditions: [], values: {} };
  const { first, last } = kind;
  const sorted = days.map(({ day }) => day).sort();
  return {
    set: [`${first} = if_not_exists(${first}, :firstDay)`, `${last} = :lastDay`],
    remove: [],
    conditions: [
      `(attribute_not_exists(${first}) OR ${first} <= :firstDay)`,
      `(attribute_not_exists(${last}) OR ${last} <= :firstDay)`,
    ],
    values: { ':firstDay': sorted[0], ':lastDay': sorted.at(-1) },
  };
};

/** The ADD clause and values of a delta's figures: every figure, so no writer can leave one out. */
const added = (figures: Record<string, number>) => {
  const entries = Object.entries(figures);
  return {
    clause: `ADD ${entries.map(([field]) => `${field} :${field}`).join(', ')}`,
    values: Object.fromEntries(entries.map(([field, value]) => [`:${field}`, value])),
  };
};

/** The update of a plot's counts and sums by a change (the plot must still be in the enabler). */
const plotUpdate = (write: MoneyWrite, { plotId, ...figures }: PlotDelta): TransactItem => {
  const enabler = inEnabler(write.enablerId);
  const sums = added({ ...figures });
  return {
    Update: {
      TableName: tableName(),
      Key: { pk: memberPartition(write.memberId), sk: plotSortKey(plotId) },
      UpdateExpression: sums.clause,
      ConditionExpression: `attribute_exists(pk) AND ${enabler.condition}`,
      ExpressionAttributeValues: { ...sums.values, ...enabler.values },
      ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
    },
  };
};

/** The update of the member's sums, dates and money version, on the guard's conditions. */
const memberUpdate = (
  write: MoneyWrite,
  sums: MemberSums,
  needed: Cents | undefined,
  guard: MemberGuard,
): TransactItem => {
  const touch = touchMember(write.memberId, write.at);
  const enabler = inEnabler(write.enablerId);
  const moved = added({ ...sums, moneyVersion: 1 });
  const { dates } = guard;
  return {
    Update: {
      TableName: tableName(),
      Key: { pk: memberPartition(write.memberId), sk: MEMBER_PROFILE },
      UpdateExpression:
        `${moved.clause} SET ${[...dates.set, touch.clause].join(', ')}` +
        (dates.remove.length ? ` REMOVE ${dates.remove.join(', ')}` : ''),
      ConditionExpression: [
        'attribute_exists(pk)',
        enabler.condition,
        ...dates.conditions,
        ...guard.conditions,
        ...(needed === undefined ? [] : ['cashoutBalanceCents >= :needed']),
      ].join(' AND '),
      ExpressionAttributeValues: {
        ...moved.values,
        ...(needed === undefined ? {} : { ':needed': needed }),
        ...dates.values,
        ...guard.values,
        ...touch.values,
        ...enabler.values,
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
};

/** The pending benefit of a member's item as a failed condition returned it (0 when gone). */
export const pendingBenefitOf = (item: FailedItem): Cents => Number(item?.cashoutBalanceCents?.N ?? 0);

/** What the audit keeps of a record: its amount, date and what places it. */
const auditStateOf = (item: Item): AuditState =>
  Object.fromEntries(
    auditedFields.money
      .filter((field) => item[field] !== undefined)
      .map((field) => [field, item[field] as string | number]),
  );

const auditOf = ({ enablerId, memberId, before, after, by, byName = null, at }: MoneyWrite): TransactItem => {
  const record = (after ?? before) as Item;
  const action: AuditAction = !before ? 'CREATE' : after ? 'UPDATE' : 'DELETE';
  return auditItem({
    enablerId,
    action,
    recordType: record.entityType as MoneyType,
    recordId: record.id as string,
    memberId,
    // A contribution's or payout's plot, as the record names it.
    label: typeof record.plotName === 'string' ? record.plotName : null,
    before: before && auditStateOf(before),
    after: after && auditStateOf(after),
    by: { email: by, name: byName },
    at,
  });
};

/**
 * The record's own writes: put where absent (created) or present (same key), the old key deleted (a
 * new date). The record goes into its list's change timeline under the change's instant; a deletion
 * leaves a tombstone there (data/lists/record-timeline.ts), so the administrators' tables learn of it.
 */
const recordWrites = ({ enablerId, before, after, at }: MoneyWrite): TransactItem[] => {
  const existing = 'attribute_exists(pk)';
  const writes: TransactItem[] = [];
  if (before && (!after || after.sk !== before.sk))
    writes.push({
      Delete: {
        TableName: tableName(),
        Key: { pk: before.pk, sk: before.sk },
        ConditionExpression: existing,
      },
    });
  if (after)
    writes.push({
      Put: {
        TableName: tableName(),
        Item: { ...after, gsi1sk: changeKey(at, after.id as string) },
        ConditionExpression: before && after.sk === before.sk ? existing : 'attribute_not_exists(pk)',
      },
    });
  if (before && !after)
    writes.push({
      Put: {
        TableName: tableName(),
        Item: recordTombstoneItem(before.entityType as MoneyType, enablerId, before.id as string, at),
      },
    });
  // A new record claims its id for its member, for good (data/money/record-id-claims.ts).
  if (after && !before) writes.push(recordIdClaimPut(after));
  return writes;
};

/** A payout's campaign, created or moved to its assessment date, in the payout's transaction. */
const campaignOf = (enablerId: string, payout: Item): [TransactItem, undefined] => [
  payoutCampaign(enablerId, {
    assessmentId: payout.assessmentId as string,
    assessmentDate: payout.assessmentDate as IsoDate,
  }),
  undefined,
];

/**
 * The transaction items of changes of one member's money records made together (a money change, or
 * the payouts a benefit run makes to one member at once) and the code of each when its condition fails
 * (in the same order, for `transact`): each record's writes, claims and audit entry, each plot moved
 * once, the member once, by the changes' deltas added up.
 */
export const moneyTransaction = (
  writes: readonly MoneyWrite[],
  member: MemberGuard,
  plots: PlotGuard,
): { items: TransactItem[]; codes: (FailureCode | undefined)[] } => {
  const write = writes[0];
  if (!write || writes.some((other) => other.memberId !== write.memberId))
    throw new Error("A money transaction moves one member's records");
  const deltas = changesDeltas(
    writes.map(({ before, after }) => ({
      before: before && figuresOf(before),
      after: after && figuresOf(after),
    })),
  );
  const needed = pendingBenefitNeeded(deltas);
  const campaigns = new Map(
    writes.flatMap(({ after }) =>
      after?.entityType === 'PAYOUT' && !write.campaignApart ? [[after.assessmentId, after] as const] : [],
    ),
  );
  const entries: [TransactItem, FailureCode | undefined][] = [
    ...writes.flatMap((each) => [
      ...recordWrites(each).map((item): [TransactItem, FailureCode] => [item, 'ERR_CONFLICT']),
      ...claimWrites(each.before, each.after, each.claimHeld ?? false),
    ]),
    ...deltas.plots
      .filter((delta) => plots.moves(delta.plotId))
      .map((delta): [TransactItem, FailureCode] => [plotUpdate(write, delta), plots.failure]),
    [memberUpdate(write, deltas.member, needed, member), (item: FailedItem) => member.failure(item, needed)],
    ...[...campaigns.values()].map((payout) => campaignOf(write.enablerId, payout)),
    ...writes.map((each): [TransactItem, FailureCode] => [auditOf(each), 'ERR_CONFLICT']),
  ];
  return { items: entries.map(([item]) => item), codes: entries.map(([, code]) => code) };
};
