import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { CoverageDates, IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { MemberSummary } from '#domain/member-list.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import { AppError } from '#platform/app-error.ts';
import { dynamo } from '#platform/aws-clients.ts';
import type { ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import { enablerPartition, ENABLER_PROFILE } from './enablers.ts';
import type { Receipt, TransactItem } from './idempotency.ts';
import {
  MEMBER_PROFILE,
  memberChangeKey,
  memberNameClaim,
  memberNumberClaim,
  memberPartition,
  membersOfEnabler,
  moneySortKey,
  plotSortKey,
  recordById,
  recordsOfEnabler,
} from './member-keys.ts';
import { nowIso, tableName, queryAll } from './table.ts';

export interface MemberFields {
  name: string;
  village: string;
  number: string;
  federation: string | null;
  gender: boolean | null;
  phone: string | null;
  bankName: string | null;
  bankBranchName: string | null;
  bankIFSC: string | null;
  bankAccount: string | null;
}

export interface Member extends MemberFields {
  id: string;
  enablerId: string;
  onboardingDate: IsoDate;
  contributionTotalCents: Cents;
  payoutTotalCents: Cents;
  cashoutTotalCents: Cents;
  /** Pending benefit: payouts not yet paid out in cash. */
  cashoutBalanceCents: Cents;
  plotCount: number;
  firstContributionDate: IsoDate | null;
  lastContributionDate: IsoDate | null;
  firstPayoutDate: IsoDate | null;
  lastPayoutDate: IsoDate | null;
  createdAt: string;
  updatedAt: string;
}

export interface Plot extends CoverageDates {
  id: string;
  memberId: string;
  enablerId: string;
  name: string;
  latitude: number;
  longitude: number;
  cropDescription: string | null;
  isIrrigated: boolean | null;
  droughtMonthlyContribCents: Cents;
  excessRainMonthlyContribCents: Cents;
  enablerConfig: { version: number; _id: string } | null;
  createdAt: string;
  updatedAt: string;
}

interface MoneyRecord {
  id: string;
  memberId: string;
  enablerId: string;
  amountCents: Cents;
  createdAt: string;
  createdBy: string;
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

export interface MemberPage {
  member: Member;
  plots: Plot[];
  contributions: Contribution[];
  payouts: Payout[];
  cashouts: Cashout[];
}

const orNull = <T>(value: unknown): T | null => (value === undefined ? null : (value as T));

const memberFieldsOf = (item: Record<string, unknown>): MemberFields => ({
  name: item.name as string,
  village: item.village as string,
  number: item.number as string,
  federation: orNull(item.federation),
  gender: orNull(item.gender),
  phone: orNull(item.phone),
  bankName: orNull(item.bankName),
  bankBranchName: orNull(item.bankBranchName),
  bankIFSC: orNull(item.bankIFSC),
  bankAccount: orNull(item.bankAccount),
});

export const toMember = (item: Record<string, unknown>): Member => ({
  ...memberFieldsOf(item),
  id: item.id as string,
  enablerId: item.enablerId as string,
  onboardingDate: item.onboardingDate as string,
  contributionTotalCents: (item.contributionTotalCents as number | undefined) ?? 0,
  payoutTotalCents: (item.payoutTotalCents as number | undefined) ?? 0,
  cashoutTotalCents: (item.cashoutTotalCents as number | undefined) ?? 0,
  cashoutBalanceCents: (item.cashoutBalanceCents as number | undefined) ?? 0,
  plotCount: (item.plotCount as number | undefined) ?? 0,
  firstContributionDate: orNull(item.firstContributionDate),
  lastContributionDate: orNull(item.lastContributionDate),
  firstPayoutDate: orNull(item.firstPayoutDate),
  lastPayoutDate: orNull(item.lastPayoutDate),
  createdAt: item.createdAt as string,
  updatedAt: item.updatedAt as string,
});

export const memberSummaryOf = (member: Member): MemberSummary => ({
  id: member.id,
  name: member.name,
  village: member.village,
  number: member.number,
  federation: member.federation,
  onboardingDate: member.onboardingDate,
  contributionTotalCents: member.contributionTotalCents,
  pendingBenefitsCents: member.cashoutBalanceCents,
  plotCount: member.plotCount,
  lastContributionDate: member.lastContributionDate,
  lastPayoutDate: member.lastPayoutDate,
  updatedAt: member.updatedAt,
});

const toPlot = (item: Record<string, unknown>): Plot => ({
  id: item.id as string,
  memberId: item.memberId as string,
  enablerId: item.enablerId as string,
  name: item.name as string,
  latitude: item.latitude as number,
  longitude: item.longitude as number,
  cropDescription: orNull(item.cropDescription),
  isIrrigated: orNull(item.isIrrigated),
  droughtMonthlyContribCents: (item.droughtMonthlyContribCents as number | undefined) ?? 0,
  excessRainMonthlyContribCents: (item.excessRainMonthlyContribCents as number | undefined) ?? 0,
  startCoverageDate: item.startCoverageDate as string,
  endOfSeasonDate: item.endOfSeasonDate as string,
  endCoverageDate: item.endCoverageDate as string,
  enablerConfig: orNull(item.enablerConfig),
  createdAt: item.createdAt as string,
  updatedAt: item.updatedAt as string,
});

const moneyOf = (item: Record<string, unknown>): MoneyRecord => ({
  id: item.id as string,
  memberId: item.memberId as string,
  enablerId: item.enablerId as string,
  amountCents: item.amountCents as number,
  createdAt: item.createdAt as string,
  createdBy: item.createdBy as string,
});

const toContribution = (item: Record<string, unknown>): Contribution => ({
  ...moneyOf(item),
  plotId: item.plotId as string,
  plotName: item.plotName as string,
  protectionType: item.protectionType as Contribution['protectionType'],
  contributionDate: item.contributionDate as string,
});

const toPayout = (item: Record<string, unknown>): Payout => ({
  ...moneyOf(item),
  plotId: item.plotId as string,
  plotName: item.plotName as string,
  assessmentId: item.assessmentId as string,
  assessmentDate: item.assessmentDate as string,
  payoutDate: item.payoutDate as string,
});

const toCashout = (item: Record<string, unknown>): Cashout => ({
  ...moneyOf(item),
  cashoutDate: item.cashoutDate as string,
});

/** The member's profile alone (strongly consistent: money rules read it). */
export const getMember = async (memberId: string): Promise<Member | undefined> => {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: memberPartition(memberId), sk: MEMBER_PROFILE },
      ConsistentRead: true,
    }),
  );
  return Item?.entityType === 'MEMBER' ? toMember(Item) : undefined;
};

/** A member with plots and money records, in one Query of the member's partition. */
export const getMemberPage = async (memberId: string): Promise<MemberPage | undefined> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': memberPartition(memberId) },
    ConsistentRead: true,
  });
  const profile = items.find((item) => item.sk === MEMBER_PROFILE);
  if (!profile) return undefined;
  const ofType = (type: string) => items.filter((item) => item.entityType === type);
  return {
    member: toMember(profile),
    plots: ofType('PLOT').map(toPlot),
    contributions: ofType('CONTRIBUTION').map(toContribution),
    payouts: ofType('PAYOUT').map(toPayout),
    cashouts: ofType('CASHOUT').map(toCashout),
  };
};

/** The member's plots alone (a contribution needs them, not the whole page). */
export const getPlots = async (memberId: string): Promise<Plot[]> => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :plots)',
      ExpressionAttributeValues: { ':pk': memberPartition(memberId), ':plots': plotSortKey('') },
      ConsistentRead: true,
    }),
  );
  return Items.map(toPlot);
};

/** The SET clauses that mark a member changed, so the list's catch-up query sees it. */
const touchMember = (memberId: string, updatedAt: string) => ({
  clause: 'updatedAt = :updatedAt, gsi1sk = :changeKey',
  values: { ':updatedAt': updatedAt, ':changeKey': memberChangeKey(updatedAt, memberId) },
});

/** An item as a failed condition returns it (ALL_OLD, not unmarshalled); undefined when it does not exist. */
type FailedItem = Record<string, { S?: string }> | undefined;
/** The code of a failed condition, fixed or read from the item as it was. */
type FailureCode = ErrorCode | ((item: FailedItem) => ErrorCode);

/**
 * A member's records are written only within the enabler the caller works for: each item of the
 * member's partition that a write changes or relies on carries the enabler in its condition, not only
 * in the read before it. The item comes back when the condition fails, to tell another enabler's
 * member (ERR_FORBIDDEN_USER) from the write's own rule.
 */
const inEnabler = (enablerId: string) => ({
  condition: 'enablerId = :enablerId',
  values: { ':enablerId': enablerId },
  ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
});

const unlessOtherEnabler =
  (enablerId: string, code: ErrorCode): FailureCode =>
  (item) =>
    item?.enablerId?.S !== undefined && item.enablerId.S !== enablerId ? 'ERR_FORBIDDEN_USER' : code;

/** Transactions that lose a race with another one on the same member are tried again this many times. */
const CONFLICT_ATTEMPTS = 4;

type CancellationReason = { Code?: string; Item?: FailedItem };

const cancellationReasons = (error: unknown): CancellationReason[] | undefined =>
  (error as Error).name === 'TransactionCanceledException'
    ? (error as { CancellationReasons?: CancellationReason[] }).CancellationReasons
    : undefined;

/** When and with what receipt (the answer to an idempotency key, data/idempotency.ts) a record is written. */
export interface WriteOptions<Written> {
  now?: Date;
  receipt?: Receipt<Written>;
}

/**
 * Runs a transaction; when a condition fails, the code of the first failing item (by position) is
 * thrown, so each rule answers its own catalogue code and nothing is half written. A transaction
 * that only collided with a concurrent one (two contributions to one member) is tried again.
 * A receipt is written last, with the records: a write whose key was taken over writes nothing.
 */
const transact = async (
  records: TransactItem[],
  recordCodes: (FailureCode | undefined)[],
  receipt?: TransactItem,
): Promise<void> => {
  const items = receipt ? [...records, receipt] : records;
  const codes = receipt ? [...recordCodes, 'ERR_IDEMPOTENCY_KEY_IN_PROGRESS' as const] : recordCodes;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons) throw error;
      const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
      const failure = failed >= 0 ? codes[failed] : undefined;
      const code = typeof failure === 'function' ? failure(reasons[failed]?.Item) : failure;
      if (code) throw new AppError(code, { cause: error });
      if (!reasons.some((reason) => reason.Code === 'TransactionConflict')) throw error;
      if (attempt >= CONFLICT_ATTEMPTS) throw new AppError('ERR_CONFLICT', { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
};

export interface NewMember extends MemberFields {
  enablerId: string;
  onboardingDate: IsoDate;
}

/** A new member's profile item, with nothing recorded yet (createMember; the demo seed adds its totals). */
export const memberItem = (fields: NewMember, id: string, updatedAt: string) => ({
  pk: memberPartition(id),
  sk: MEMBER_PROFILE,
  entityType: 'MEMBER',
  gsi1pk: membersOfEnabler(fields.enablerId),
  gsi1sk: memberChangeKey(updatedAt, id),
  id,
  ...fields,
  contributionTotalCents: 0,
  payoutTotalCents: 0,
  cashoutTotalCents: 0,
  cashoutBalanceCents: 0,
  plotCount: 0,
  createdAt: updatedAt,
  updatedAt,
});

/** The items that claim a member's number and name+village in its enabler (the duplicate rule). */
export const memberClaimItems = (
  fields: Pick<NewMember, 'enablerId' | 'number' | 'name' | 'village'>,
  id: string,
) =>
  [
    memberNumberClaim(fields.enablerId, fields.number),
    memberNameClaim(fields.enablerId, fields.name, fields.village),
  ].map((key) => ({ ...key, entityType: 'MEMBER_CLAIM', memberId: id }));

/**
 * Registers a member. The same transaction claims the member's number and name+village in the
 * enabler (ERR_DUPLICATE_MEMBER when taken) and counts the member on the enabler.
 */
export const createMember = async (
  fields: NewMember,
  { now = new Date(), receipt }: WriteOptions<Member> = {},
): Promise<Member> => {
  const id = randomUUID();
  const item = memberItem(fields, id, nowIso(now));
  const member = toMember(item);
  const claim = (claimItem: Record<string, unknown>): TransactItem => ({
    Put: { TableName: tableName(), Item: claimItem, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  await transact(
    [
      { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...memberClaimItems(fields, id).map(claim),
      {
        Update: {
          TableName: tableName(),
          Key: { pk: enablerPartition(fields.enablerId), sk: ENABLER_PROFILE },
          UpdateExpression: 'ADD memberCount :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ],
    ['ERR_CONFLICT', 'ERR_DUPLICATE_MEMBER', 'ERR_DUPLICATE_MEMBER', 'ERR_NOT_FOUND'],
    receipt?.(member),
  );
  return member;
};

export type NewPlot = Omit<Plot, 'id' | 'createdAt' | 'updatedAt'>;

/** A plot's item (createPlot; the demo seed). */
export const plotItem = (plot: NewPlot, id: string, at: string) => ({
  pk: memberPartition(plot.memberId),
  sk: plotSortKey(id),
  entityType: 'PLOT',
  gsi1pk: recordsOfEnabler(plot.enablerId, 'PLOT'),
  gsi1sk: `${plot.startCoverageDate}#${id}`,
  gsi3pk: recordById(id),
  gsi3sk: 'RECORD',
  id,
  ...plot,
  createdAt: at,
  updatedAt: at,
});

/** Adds a plot and counts it on the member, in one transaction. */
export const createPlot = async (
  plot: NewPlot,
  { now = new Date(), receipt }: WriteOptions<Plot> = {},
): Promise<Plot> => {
  const id = randomUUID();
  const at = nowIso(now);
  const item = plotItem(plot, id, at);
  const record = toPlot(item);
  const touch = touchMember(plot.memberId, at);
  const enabler = inEnabler(plot.enablerId);
  await transact(
    [
      { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(plot.memberId), sk: MEMBER_PROFILE },
          UpdateExpression: `ADD plotCount :one SET ${touch.clause}`,
          ConditionExpression: `attribute_exists(pk) AND ${enabler.condition}`,
          ExpressionAttributeValues: { ':one': 1, ...enabler.values, ...touch.values },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
    ],
    ['ERR_CONFLICT', unlessOtherEnabler(plot.enablerId, 'ERR_NOT_FOUND')],
    receipt?.(record),
  );
  return record;
};

export type PlotChanges = Pick<
  Plot,
  | 'name'
  | 'latitude'
  | 'longitude'
  | 'droughtMonthlyContribCents'
  | 'excessRainMonthlyContribCents'
  | 'cropDescription'
  | 'isIrrigated'
>;

/** Changes a plot's details and protection; its coverage dates and config version stay as created. */
export const updatePlot = async (
  member: Pick<Member, 'id' | 'enablerId'>,
  plotId: string,
  changes: PlotChanges,
  now = new Date(),
): Promise<void> => {
  const at = nowIso(now);
  const touch = touchMember(member.id, at);
  const enabler = inEnabler(member.enablerId);
  await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(member.id), sk: plotSortKey(plotId) },
          UpdateExpression:
            'SET #name = :name, latitude = :latitude, longitude = :longitude, droughtMonthlyContribCents = :drought, ' +
            'excessRainMonthlyContribCents = :excessRain, cropDescription = :crop, isIrrigated = :irrigated, updatedAt = :at',
          ConditionExpression: `attribute_exists(pk) AND ${enabler.condition}`,
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: {
            ':name': changes.name,
            ':latitude': changes.latitude,
            ':longitude': changes.longitude,
            ':drought': changes.droughtMonthlyContribCents,
            ':excessRain': changes.excessRainMonthlyContribCents,
            ':crop': changes.cropDescription,
            ':irrigated': changes.isIrrigated,
            ':at': at,
            ...enabler.values,
          },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(member.id), sk: MEMBER_PROFILE },
          UpdateExpression: `SET ${touch.clause}`,
          ConditionExpression: `attribute_exists(pk) AND ${enabler.condition}`,
          ExpressionAttributeValues: { ...touch.values, ...enabler.values },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
    ],
    [
      unlessOtherEnabler(member.enablerId, 'ERR_NOT_FOUND'),
      unlessOtherEnabler(member.enablerId, 'ERR_NOT_FOUND'),
    ],
  );
};

/** A contribution's, payout's or cashout's item (the record functions below; the demo seed). */
export const moneyItem = (
  type: 'CONTRIBUTION' | 'PAYOUT' | 'CASHOUT',
  member: Pick<Member, 'id' | 'enablerId' | 'federation'>,
  date: string,
  fields: Record<string, unknown>,
  createdBy: string,
  at: string,
) => {
  const id = randomUUID();
  return {
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
  };
};

/**
 * Records a contribution for one of the member's plots and adds it to the member's total, in one
 * transaction: the plot must exist (ERR_NO_PLOTS otherwise).
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
    {
      plotId: plot.id,
      plotName: plot.name,
      ...contribution,
    },
    createdBy,
    at,
  );
  const record = toContribution(item);
  const day = contribution.contributionDate.slice(0, 10);
  const touch = touchMember(member.id, at);
  const enabler = inEnabler(member.enablerId);
  await transact(
    [
      { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: { pk: memberPartition(member.id), sk: plotSortKey(plot.id) },
          ConditionExpression: `attribute_exists(pk) AND ${enabler.condition}`,
          ExpressionAttributeValues: enabler.values,
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(member.id), sk: MEMBER_PROFILE },
          UpdateExpression:
            'ADD contributionTotalCents :amount SET firstContributionDate = if_not_exists(firstContributionDate, :day), ' +
            `lastContributionDate = :day, ${touch.clause}`,
          ConditionExpression: `attribute_exists(pk) AND plotCount > :zero AND ${enabler.condition}`,
          ExpressionAttributeValues: {
            ':amount': contribution.amountCents,
            ':day': day,
            ':zero': 0,
            ...enabler.values,
            ...touch.values,
          },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
    ],
    [
      'ERR_CONFLICT',
      unlessOtherEnabler(member.enablerId, 'ERR_NO_PLOTS'),
      unlessOtherEnabler(member.enablerId, 'ERR_NO_PLOTS'),
    ],
    receipt?.(record),
  );
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
      { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(member.id), sk: MEMBER_PROFILE },
          UpdateExpression: `ADD cashoutBalanceCents :minus, cashoutTotalCents :amount SET ${touch.clause}`,
          ConditionExpression: `attribute_exists(pk) AND cashoutBalanceCents >= :amount AND ${enabler.condition}`,
          ExpressionAttributeValues: {
            ':amount': amountCents,
            ':minus': -amountCents,
            ...enabler.values,
            ...touch.values,
          },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
    ],
    ['ERR_CONFLICT', unlessOtherEnabler(member.enablerId, 'ERR_BALANCE_TOO_LOW')],
    receipt?.(record),
  );
  return record;
};

/**
 * Records a benefit computed by an assessment and adds it to the pending benefit. The member's
 * last payout date only moves forward (an older payout recorded late leaves it as it is).
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
  const write = (movesLastDate: boolean) =>
    transact(
      [
        { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          ConditionCheck: {
            TableName: tableName(),
            Key: { pk: memberPartition(member.id), sk: plotSortKey(plot.id) },
            ConditionExpression: `attribute_exists(pk) AND ${enabler.condition}`,
            ExpressionAttributeValues: enabler.values,
            ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: { pk: memberPartition(member.id), sk: MEMBER_PROFILE },
            UpdateExpression:
              'ADD payoutTotalCents :amount, cashoutBalanceCents :amount SET firstPayoutDate = if_not_exists(firstPayoutDate, :day), ' +
              `${movesLastDate ? 'lastPayoutDate = :day, ' : ''}${touch.clause}`,
            ConditionExpression: movesLastDate
              ? `attribute_exists(pk) AND ${enabler.condition} AND (attribute_not_exists(lastPayoutDate) OR lastPayoutDate <= :day)`
              : `attribute_exists(pk) AND ${enabler.condition}`,
            ExpressionAttributeValues: {
              ':amount': payout.amountCents,
              ':day': payout.payoutDate,
              ...enabler.values,
              ...touch.values,
            },
            ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
          },
        },
      ],
      [
        'ERR_CONFLICT',
        unlessOtherEnabler(member.enablerId, 'ERR_NOT_FOUND'),
        unlessOtherEnabler(member.enablerId, movesLastDate ? 'ERR_CONFLICT' : 'ERR_NOT_FOUND'),
      ],
    );
  try {
    await write(true);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'ERR_CONFLICT')) throw error;
    await write(false);
  }
  return toPayout(item);
};
