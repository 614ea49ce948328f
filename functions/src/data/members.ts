import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CoverageDates, IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { MemberSummary } from '#domain/member-list.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { enablerPartition, ENABLER_PROFILE } from './enablers.ts';
import type { TransactItem } from './idempotency.ts';
import {
  MEMBER_PROFILE,
  memberChangeKey,
  memberNameClaim,
  memberNumberClaim,
  memberPartition,
  membersOfEnabler,
  plotSortKey,
  recordById,
  recordsOfEnabler,
  touchMember,
} from './member-keys.ts';
import {
  toCashout,
  toContribution,
  toPayout,
  type Cashout,
  type Contribution,
  type Payout,
} from './money-records.ts';
import {
  inEnabler,
  nowIso,
  queryAll,
  tableName,
  transact,
  unlessOtherEnabler,
  type WriteOptions,
} from './table.ts';

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

export const toPlot = (item: Record<string, unknown>): Plot => ({
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
