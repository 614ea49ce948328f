import { randomUUID } from 'node:crypto';
import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import {
  memberDatesAfter,
  moneyDeltas,
  pendingBenefitNeeded,
  refusalOf,
  type MoneyFigures,
  type MoneyType,
  type PlotDelta,
} from '#domain/money-changes.ts';
import { AppError } from '#platform/app-error.ts';
import { auditItem, type AuditAction, type AuditState } from './audit.ts';
import { campaignSortKey, enablerPartition } from './enablers.ts';
import type { Receipt, TransactItem } from './idempotency.ts';
import {
  MEMBER_PROFILE,
  memberPartition,
  moneySortKey,
  plotSortKey,
  recordById,
  recordsOfEnabler,
  touchMember,
} from './member-keys.ts';
import type { Member, Plot } from './members.ts';
import { recordIdClaimPut } from './record-id-claims.ts';
import {
  inEnabler,
  nowIso,
  queryAll,
  tableName,
  transact,
  unlessOtherEnabler,
  type FailedItem,
  type WriteOptions,
} from './table.ts';

/*
 * Money records of a member's partition: contributions, payouts (benefits) and cashouts (paid
 * benefits). Every write moves, in the same transaction as the record: the member's totals (and
 * `moneyVersion`, a counter of its money changes), the plot's counts and sums, the payout's campaign,
 * and puts an audit item (data/audit.ts).
 */

export interface MoneyRecord {
  id: string;
  memberId: string;
  enablerId: string;
  amountCents: Cents;
  createdAt: string;
  createdBy: string;
  modifiedAt: string | null;
  modifiedBy: string | null;
}

export interface Contribution extends MoneyRecord {
  plotId: string;
  plotName: string;
  protectionType: 'DROUGHT' | 'EXCESS_RAIN';
  contributionDate: string;
}

export interface Payout extends MoneyRecord {
  plotId: string;
  plotName: string;
  assessmentId: string;
  assessmentDate: IsoDate;
  payoutDate: IsoDate;
}

export interface Cashout extends MoneyRecord {
  cashoutDate: string;
}

export interface MoneyRecords {
  CONTRIBUTION: Contribution;
  PAYOUT: Payout;
  CASHOUT: Cashout;
}

/** The fields of a record an administrator sets (create or edit). */
export interface MoneyValues {
  CONTRIBUTION: Pick<Contribution, 'plotId' | 'amountCents' | 'protectionType' | 'contributionDate'>;
  PAYOUT: Pick<Payout, 'plotId' | 'amountCents' | 'assessmentId' | 'assessmentDate' | 'payoutDate'>;
  CASHOUT: Pick<Cashout, 'amountCents' | 'cashoutDate'>;
}

/** The attribute holding each kind's date (its sort key's date). */
export const dateField = {
  CONTRIBUTION: 'contributionDate',
  PAYOUT: 'payoutDate',
  CASHOUT: 'cashoutDate',
} as const satisfies Record<MoneyType, string>;

const orNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const moneyOf = (item: Record<string, unknown>): MoneyRecord => ({
  id: item.id as string,
  memberId: item.memberId as string,
  enablerId: item.enablerId as string,
  amountCents: item.amountCents as number,
  createdAt: item.createdAt as string,
  createdBy: item.createdBy as string,
  modifiedAt: orNull(item.modifiedAt),
  modifiedBy: orNull(item.modifiedBy),
});

export const toContribution = (item: Record<string, unknown>): Contribution => ({
  ...moneyOf(item),
  plotId: item.plotId as string,
  plotName: item.plotName as string,
  protectionType: item.protectionType as Contribution['protectionType'],
  contributionDate: item.contributionDate as string,
});

export const toPayout = (item: Record<string, unknown>): Payout => ({
  ...moneyOf(item),
  plotId: item.plotId as string,
  plotName: item.plotName as string,
  assessmentId: item.assessmentId as string,
  assessmentDate: item.assessmentDate as string,
  payoutDate: item.payoutDate as string,
});

export const toCashout = (item: Record<string, unknown>): Cashout => ({
  ...moneyOf(item),
  cashoutDate: item.cashoutDate as string,
});

export const toMoneyRecord = {
  CONTRIBUTION: toContribution,
  PAYOUT: toPayout,
  CASHOUT: toCashout,
} satisfies { [Type in MoneyType]: (item: Record<string, unknown>) => MoneyRecords[Type] };

/** A stored record as the totals see it. */
export const figuresOf = (item: Record<string, unknown>): MoneyFigures & { id: string } => {
  const type = item.entityType as MoneyType;
  return {
    id: item.id as string,
    type,
    amountCents: item.amountCents as number,
    date: item[dateField[type]] as string,
    plotId: orNull(item.plotId),
  };
};

/** What the audit keeps of a record: its amount, date and what places it. */
const auditStateOf = (item: Record<string, unknown>): AuditState =>
  Object.fromEntries(
    [
      'amountCents',
      'contributionDate',
      'payoutDate',
      'cashoutDate',
      'plotId',
      'protectionType',
      'assessmentId',
      'assessmentDate',
    ]
      .filter((field) => item[field] !== undefined)
      .map((field) => [field, item[field] as string | number]),
  );

/** A contribution's, payout's or cashout's item (the record functions below; the demo seed). */
export const moneyItem = (
  type: MoneyType,
  member: Pick<Member, 'id' | 'enablerId' | 'federation'>,
  date: string,
  fields: Record<string, unknown>,
  createdBy: string,
  at: string,
  id: string = randomUUID(),
) => ({
  pk: memberPartition(member.id),
  sk: moneySortKey(type, date, id),
  entityType: type,
  gsi1pk: recordsOfEnabler(member.enablerId, type),
  gsi1sk: `${date}#${id}`,
  gsi3pk: recordById(id),
  gsi3sk: 'RECORD',
  id,
  memberId: member.id,
  enablerId: member.enablerId,
  // Copied so that the dashboard aggregates (fed by the stream) can group by federation.
  federation: member.federation ?? undefined,
  ...fields,
  createdAt: at,
  createdBy,
});

/** The update of a plot's counts and sums by a change (the plot must still be in the enabler). */
const plotTotalsUpdate = (memberId: string, enablerId: string, delta: PlotDelta): TransactItem => {
  const enabler = inEnabler(enablerId);
  return {
    Update: {
      TableName: tableName(),
      Key: { pk: memberPartition(memberId), sk: plotSortKey(delta.plotId) },
      UpdateExpression:
        'ADD contributionCount :contributions, payoutCount :payouts, ' +
        'contributionTotalCents :contributionCents, payoutTotalCents :payoutCents',
      ConditionExpression: `attribute_exists(pk) AND ${enabler.condition}`,
      ExpressionAttributeValues: {
        ':contributions': delta.contributionCount,
        ':payouts': delta.payoutCount,
        ':contributionCents': delta.contributionTotalCents,
        ':payoutCents': delta.payoutTotalCents,
        ...enabler.values,
      },
      ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
    },
  };
};

/**
 * Creates the payout's campaign (its assessment) or moves its reporting date to the payout's
 * assessment date; a name given elsewhere (an import) is kept.
 */
const campaignUpsert = (enablerId: string, assessmentId: string, assessmentDate: IsoDate): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: { pk: enablerPartition(enablerId), sk: campaignSortKey(assessmentId) },
    UpdateExpression:
      'SET entityType = :campaign, id = :id, #name = if_not_exists(#name, :id), reportingDate = :date',
    ExpressionAttributeNames: { '#name': 'name' },
    ExpressionAttributeValues: { ':campaign': 'CAMPAIGN', ':id': assessmentId, ':date': assessmentDate },
  },
});

const audit = (
  action: AuditAction,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  by: string,
  at: string,
): TransactItem => {
  const record = (after ?? before) as Record<string, unknown>;
  return auditItem({
    enablerId: record.enablerId as string,
    action,
    recordType: record.entityType as MoneyType,
    recordId: record.id as string,
    memberId: record.memberId as string,
    before: before && auditStateOf(before),
    after: after && auditStateOf(after),
    by,
    at,
  });
};

const putNew = (item: Record<string, unknown>): TransactItem => ({
  Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
});

const createdPlotDelta = (type: 'CONTRIBUTION' | 'PAYOUT', plotId: string, amountCents: Cents): PlotDelta => {
  const [delta] = moneyDeltas(null, { type, amountCents, date: '', plotId }).plots;
  return delta as PlotDelta;
};

/**
 * The condition that a record of `day` falls at or after the member's dates of its kind: then the
 * first date is kept (or set) and the last one becomes `day`, with no need to read anything.
 */
const atOrAfterDates = (first: string, last: string) =>
  `(attribute_not_exists(${first}) OR ${first} <= :day) AND (attribute_not_exists(${last}) OR ${last} <= :day)`;

/**
 * The code of a field-side write's member condition: another enabler's member, the rule's own code,
 * or ERR_CONFLICT when only the dates held it back (the write is then made by changeMoneyRecord).
 */
const fieldFailure =
  (enablerId: string, code: ErrorCode, needsPlot: boolean) =>
  (item: FailedItem): ErrorCode => {
    if (item?.enablerId?.S !== undefined && item.enablerId.S !== enablerId) return 'ERR_FORBIDDEN_USER';
    if (!item || (needsPlot && Number(item.plotCount?.N ?? 0) <= 0)) return code;
    return 'ERR_CONFLICT';
  };

/** True for the failure that changeMoneyRecord (read, compute, write) resolves. */
const needsFullChange = (error: unknown): boolean =>
  error instanceof AppError && error.code === 'ERR_CONFLICT';

/**
 * Records a contribution for one of the member's plots and adds it to the member's and the plot's
 * totals, in one transaction: the plot must exist (ERR_NO_PLOTS otherwise). A contribution dated
 * before the member's latest one (an administrator's record dated later) is written by
 * changeMoneyRecord, which computes the dates from the member's records.
 */
export const recordContribution = async (
  member: Pick<Member, 'id' | 'enablerId' | 'federation'>,
  plot: Pick<Plot, 'id' | 'name'>,
  contribution: Pick<Contribution, 'amountCents' | 'protectionType' | 'contributionDate'>,
  createdBy: string,
  { now = new Date(), receipt }: WriteOptions<Contribution> = {},
): Promise<Contribution> => {
  const at = nowIso(now);
  const item = moneyItem(
    'CONTRIBUTION',
    member,
    contribution.contributionDate,
    { plotId: plot.id, plotName: plot.name, ...contribution },
    createdBy,
    at,
  );
  const record = toContribution(item);
  const day = contribution.contributionDate.slice(0, 10);
  const touch = touchMember(member.id, at);
  const enabler = inEnabler(member.enablerId);
  try {
    await transact(
      [
        putNew(item),
        plotTotalsUpdate(
          member.id,
          member.enablerId,
          createdPlotDelta('CONTRIBUTION', plot.id, contribution.amountCents),
        ),
        {
          Update: {
            TableName: tableName(),
            Key: { pk: memberPartition(member.id), sk: MEMBER_PROFILE },
            UpdateExpression:
              'ADD contributionTotalCents :amount, moneyVersion :one SET firstContributionDate = if_not_exists(firstContributionDate, :day), ' +
              `lastContributionDate = :day, ${touch.clause}`,
            ConditionExpression: `attribute_exists(pk) AND plotCount > :zero AND ${enabler.condition} AND ${atOrAfterDates('firstContributionDate', 'lastContributionDate')}`,
            ExpressionAttributeValues: {
              ':amount': contribution.amountCents,
              ':day': day,
              ':zero': 0,
              ':one': 1,
              ...enabler.values,
              ...touch.values,
            },
            ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
          },
        },
        audit('CREATE', null, item, createdBy, at),
        recordIdClaimPut(item),
      ],
      [
        'ERR_CONFLICT',
        unlessOtherEnabler(member.enablerId, 'ERR_NO_PLOTS'),
        fieldFailure(member.enablerId, 'ERR_NO_PLOTS', true),
        'ERR_CONFLICT',
        'ERR_CONFLICT',
      ],
      receipt?.(record),
    );
  } catch (error) {
    if (!needsFullChange(error)) throw error;
    const written = await changeMoneyRecord({
      type: 'CONTRIBUTION',
      enablerId: member.enablerId,
      memberId: member.id,
      values: { plotId: plot.id, ...contribution },
      by: createdBy,
      now,
      receipt,
    });
    return written as Contribution;
  }
  return record;
};

/**
 * Pays part of the pending benefit in cash. The balance moves in the same transaction, on the
 * condition that it covers the amount: two cashouts racing for one balance cannot both pass.
 */
export const recordCashout = async (
  member: Pick<Member, 'id' | 'enablerId' | 'federation'>,
  amountCents: Cents,
  cashoutDate: string,
  createdBy: string,
  { now = new Date(), receipt }: WriteOptions<Cashout> = {},
): Promise<Cashout> => {
  const at = nowIso(now);
  const item = moneyItem('CASHOUT', member, cashoutDate, { amountCents, cashoutDate }, createdBy, at);
  const record = toCashout(item);
  const touch = touchMember(member.id, at);
  const enabler = inEnabler(member.enablerId);
  await transact(
    [
      putNew(item),
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(member.id), sk: MEMBER_PROFILE },
          UpdateExpression: `ADD cashoutBalanceCents :minus, cashoutTotalCents :amount, moneyVersion :one SET ${touch.clause}`,
          ConditionExpression: `attribute_exists(pk) AND cashoutBalanceCents >= :amount AND ${enabler.condition}`,
          ExpressionAttributeValues: {
            ':amount': amountCents,
            ':minus': -amountCents,
            ':one': 1,
            ...enabler.values,
            ...touch.values,
          },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
      audit('CREATE', null, item, createdBy, at),
      recordIdClaimPut(item),
    ],
    [
      'ERR_CONFLICT',
      unlessOtherEnabler(member.enablerId, 'ERR_BALANCE_TOO_LOW'),
      'ERR_CONFLICT',
      'ERR_CONFLICT',
    ],
    receipt?.(record),
  );
  return record;
};

/**
 * Records a benefit computed by an assessment, adds it to the pending benefit and the plot's
 * figures, and creates or updates its campaign. A payout dated before the member's latest one (an
 * older payout recorded late) is written by changeMoneyRecord, which computes the dates from the
 * member's records.
 */
export const recordPayout = async (
  member: Pick<Member, 'id' | 'enablerId' | 'federation'>,
  plot: Pick<Plot, 'id' | 'name'>,
  payout: Pick<Payout, 'amountCents' | 'assessmentId' | 'assessmentDate' | 'payoutDate'>,
  createdBy: string,
  now = new Date(),
): Promise<Payout> => {
  const at = nowIso(now);
  const item = moneyItem(
    'PAYOUT',
    member,
    payout.payoutDate,
    { plotId: plot.id, plotName: plot.name, ...payout },
    createdBy,
    at,
  );
  const touch = touchMember(member.id, at);
  const enabler = inEnabler(member.enablerId);
  try {
    await transact(
      [
        putNew(item),
        plotTotalsUpdate(
          member.id,
          member.enablerId,
          createdPlotDelta('PAYOUT', plot.id, payout.amountCents),
        ),
        {
          Update: {
            TableName: tableName(),
            Key: { pk: memberPartition(member.id), sk: MEMBER_PROFILE },
            UpdateExpression:
              'ADD payoutTotalCents :amount, cashoutBalanceCents :amount, moneyVersion :one SET firstPayoutDate = if_not_exists(firstPayoutDate, :day), ' +
              `lastPayoutDate = :day, ${touch.clause}`,
            ConditionExpression: `attribute_exists(pk) AND ${enabler.condition} AND ${atOrAfterDates('firstPayoutDate', 'lastPayoutDate')}`,
            ExpressionAttributeValues: {
              ':amount': payout.amountCents,
              ':day': payout.payoutDate,
              ':one': 1,
              ...enabler.values,
              ...touch.values,
            },
            ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
          },
        },
        campaignUpsert(member.enablerId, payout.assessmentId, payout.assessmentDate),
        audit('CREATE', null, item, createdBy, at),
        recordIdClaimPut(item),
      ],
      [
        'ERR_CONFLICT',
        unlessOtherEnabler(member.enablerId, 'ERR_NOT_FOUND'),
        fieldFailure(member.enablerId, 'ERR_NOT_FOUND', false),
        undefined,
        'ERR_CONFLICT',
        'ERR_CONFLICT',
      ],
    );
  } catch (error) {
    if (!needsFullChange(error)) throw error;
    const written = await changeMoneyRecord({
      type: 'PAYOUT',
      enablerId: member.enablerId,
      memberId: member.id,
      values: { plotId: plot.id, ...payout },
      by: createdBy,
      now,
    });
    return written as Payout;
  }
  return toPayout(item);
};

/** A member's profile, plots and money records as one consistent Query of its partition reads them. */
interface MemberMoney {
  profile: Record<string, unknown>;
  plots: Map<string, Record<string, unknown>>;
  records: Record<string, unknown>[];
}

const readMemberMoney = async (memberId: string): Promise<MemberMoney | undefined> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': memberPartition(memberId) },
    ConsistentRead: true,
  });
  const profile = items.find((item) => item.sk === MEMBER_PROFILE && item.entityType === 'MEMBER');
  if (!profile) return undefined;
  return {
    profile,
    plots: new Map(
      items.filter((item) => item.entityType === 'PLOT').map((item) => [item.id as string, item]),
    ),
    records: items.filter((item) => typeof item.entityType === 'string' && item.entityType in dateField),
  };
};

/** Tries a change again from a fresh read when the member moved meanwhile (then ERR_CONFLICT). */
const CHANGE_ATTEMPTS = 8;

/** A create (no recordId), an edit (recordId and values) or a deletion (recordId, values null). */
export interface MoneyChange<Type extends MoneyType> {
  type: Type;
  /** The administrator's current enabler: anything of another enabler is ERR_NOT_FOUND. */
  enablerId: string;
  memberId: string;
  recordId?: string;
  values: MoneyValues[Type] | null;
  /** The e-mail of the user making the change. */
  by: string;
  now?: Date;
  receipt?: Receipt<MoneyRecords[Type]>;
}

const dateClauses = (dates: ReturnType<typeof memberDatesAfter>) => {
  const set: string[] = [];
  const remove: string[] = [];
  const values: Record<string, string> = {};
  for (const [field, value] of Object.entries(dates)) {
    if (value === null) remove.push(field);
    else {
      set.push(`${field} = :${field}`);
      values[`:${field}`] = value;
    }
  }
  return { set, remove, values };
};

/**
 * Creates, edits or deletes a money record of a member, with the rules of domain/money-changes.ts:
 * the member's sums move by the change's deltas (ADD), its first and last dates are computed from
 * its other records as read, and the write holds only if the member's money is still as read
 * (`moneyVersion`); otherwise it is tried again from a fresh read. The pending benefit must stay at
 * zero or above (ERR_PENDING_BENEFIT_NEGATIVE, or ERR_BALANCE_TOO_LOW for a new cashout). A date
 * change moves the record's sort key: the old item is deleted and the new one put, same id.
 * Returns the record as written (undefined for a deletion).
 */
export const changeMoneyRecord = async <Type extends MoneyType>(
  change: MoneyChange<Type>,
): Promise<MoneyRecords[Type] | undefined> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await tryChange(change);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'ERR_CONFLICT') || attempt >= CHANGE_ATTEMPTS) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 40));
    }
  }
};

const tryChange = async <Type extends MoneyType>({
  type,
  enablerId,
  memberId,
  recordId,
  values,
  by,
  now = new Date(),
  receipt,
}: MoneyChange<Type>): Promise<MoneyRecords[Type] | undefined> => {
  const read = await readMemberMoney(memberId);
  if (!read || read.profile.enablerId !== enablerId) throw new AppError('ERR_NOT_FOUND');
  const before =
    recordId === undefined
      ? null
      : read.records.find((item) => item.id === recordId && item.entityType === type);
  if (before === undefined) throw new AppError('ERR_NOT_FOUND');
  const plotId = values && 'plotId' in values ? values.plotId : undefined;
  const plot = plotId === undefined ? undefined : read.plots.get(plotId);
  if (plotId !== undefined && !plot) throw new AppError('ERR_NOT_FOUND');

  const at = nowIso(now);
  const member = {
    id: memberId,
    enablerId,
    federation: (read.profile.federation as string | undefined) ?? null,
  };
  const date = values ? (values as Record<string, unknown>)[dateField[type]] : undefined;
  const fields = { ...values, ...(plot ? { plotName: plot.name } : {}) };
  const after: Record<string, unknown> | null = !values
    ? null
    : before
      ? {
          ...moneyItem(
            type,
            member,
            date as string,
            fields,
            before.createdBy as string,
            before.createdAt as string,
            recordId,
          ),
          modifiedAt: at,
          modifiedBy: by,
        }
      : moneyItem(type, member, date as string, fields, by, at);

  const beforeFigures = before ? figuresOf(before) : null;
  const afterFigures = after ? figuresOf(after) : null;
  const deltas = moneyDeltas(beforeFigures, afterFigures);
  const needed = pendingBenefitNeeded(deltas);
  const dates = memberDatesAfter(read.records.map(figuresOf), (after ?? before)?.id as string, afterFigures);
  const version = read.profile.moneyVersion as number | undefined;

  const recordWrites: TransactItem[] = [];
  const recordCodes: ('ERR_CONFLICT' | 'ERR_NOT_FOUND')[] = [];
  const existing = 'attribute_exists(pk)';
  if (before && (!after || after.sk !== before.sk)) {
    recordWrites.push({
      Delete: {
        TableName: tableName(),
        Key: { pk: before.pk, sk: before.sk },
        ConditionExpression: existing,
      },
    });
    recordCodes.push('ERR_CONFLICT');
  }
  if (after) {
    recordWrites.push({
      Put: {
        TableName: tableName(),
        Item: after,
        ConditionExpression: before && after.sk === before.sk ? existing : 'attribute_not_exists(pk)',
      },
    });
    recordCodes.push('ERR_CONFLICT');
  }
  if (after && !before) {
    recordWrites.push(recordIdClaimPut(after));
    recordCodes.push('ERR_CONFLICT');
  }

  const touch = touchMember(memberId, at);
  const enabler = inEnabler(enablerId);
  const clauses = dateClauses(dates);
  const memberUpdate: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: { pk: memberPartition(memberId), sk: MEMBER_PROFILE },
      UpdateExpression:
        'ADD contributionTotalCents :contributionCents, payoutTotalCents :payoutCents, ' +
        'cashoutTotalCents :cashoutCents, cashoutBalanceCents :balanceCents, moneyVersion :one ' +
        `SET ${[...clauses.set, touch.clause].join(', ')}` +
        (clauses.remove.length ? ` REMOVE ${clauses.remove.join(', ')}` : ''),
      ConditionExpression: [
        'attribute_exists(pk)',
        enabler.condition,
        version === undefined ? 'attribute_not_exists(moneyVersion)' : 'moneyVersion = :version',
        ...(needed === undefined ? [] : ['cashoutBalanceCents >= :needed']),
      ].join(' AND '),
      ExpressionAttributeValues: {
        ':contributionCents': deltas.member.contributionTotalCents,
        ':payoutCents': deltas.member.payoutTotalCents,
        ':cashoutCents': deltas.member.cashoutTotalCents,
        ':balanceCents': deltas.member.cashoutBalanceCents,
        ':one': 1,
        ...(version === undefined ? {} : { ':version': version }),
        ...(needed === undefined ? {} : { ':needed': needed }),
        ...clauses.values,
        ...touch.values,
        ...enabler.values,
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
  const memberFailure = (item: FailedItem) => {
    if (!item || item.enablerId?.S !== enablerId) return 'ERR_NOT_FOUND' as const;
    if ((item.moneyVersion?.N === undefined ? undefined : Number(item.moneyVersion.N)) !== version) {
      return 'ERR_CONFLICT' as const;
    }
    return refusalOf(beforeFigures);
  };

  // A plot gone since the record was written (only possible for data older than the plot counts)
  // keeps no figures to take back.
  const plotWrites = deltas.plots
    .filter((delta) => read.plots.has(delta.plotId))
    .map((delta) => plotTotalsUpdate(memberId, enablerId, delta));
  const campaign =
    type === 'PAYOUT' && after
      ? [campaignUpsert(enablerId, after.assessmentId as string, after.assessmentDate as IsoDate)]
      : [];
  const action: AuditAction = !before ? 'CREATE' : after ? 'UPDATE' : 'DELETE';
  const written = after ? (toMoneyRecord[type](after) as MoneyRecords[Type]) : undefined;

  await transact(
    [...recordWrites, memberUpdate, ...plotWrites, ...campaign, audit(action, before, after, by, at)],
    [
      ...recordCodes,
      memberFailure,
      ...plotWrites.map(() => 'ERR_CONFLICT' as const),
      ...campaign.map(() => undefined),
      'ERR_CONFLICT',
    ],
    written && receipt ? receipt(written) : undefined,
  );
  return written;
};

/** A money record by its id alone (gsi3), if it is of this type and in this enabler. */
export const findMoneyRecord = async <Type extends MoneyType>(
  type: Type,
  enablerId: string,
  id: string,
): Promise<MoneyRecords[Type] | undefined> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': recordById(id) },
  });
  const item = items.find((candidate) => candidate.entityType === type && candidate.enablerId === enablerId);
  return item ? (toMoneyRecord[type](item) as MoneyRecords[Type]) : undefined;
};

/** Where a plot is (gsi3), if it is a plot of this enabler. */
export const findPlotOwner = async (
  enablerId: string,
  plotId: string,
): Promise<{ memberId: string } | undefined> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': recordById(plotId) },
  });
  const plot = items.find((item) => item.entityType === 'PLOT' && item.enablerId === enablerId);
  return plot ? { memberId: plot.memberId as string } : undefined;
};
