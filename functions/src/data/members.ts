import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { claimMoves, removalPlan } from '#domain/member-edits.ts';
import type { CoverageDates, IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { MemberSummary } from '#domain/member-list.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import { AppError } from '#platform/app-error.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { auditItem } from './audit.ts';
import { configSortKey, enablerPartition, ENABLER_PROFILE } from './enablers.ts';
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
import { memberTombstoneItem, summaryOfProfile } from './member-timeline.ts';
import { recordIdClaimPut } from './record-id-claims.ts';
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
  type FailedItem,
  type FailureCode,
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

/** What the member list shows of a member (the same mapping as the directory's reads). */
export const memberSummaryOf = (member: Member): MemberSummary => summaryOfProfile({ ...member });

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

/**
 * A new plot, with its member's federation: the plot keeps a copy, so that the dashboard's covers
 * (fed by the stream) group by federation; the aggregates worker keeps the copy equal to the member's.
 */
export type NewPlot = Omit<Plot, 'id' | 'createdAt' | 'updatedAt'> & { federation: string | null };

/** A plot's item (createPlot; the demo seed). */
export const plotItem = ({ federation, ...plot }: NewPlot, id: string, at: string) => ({
  pk: memberPartition(plot.memberId),
  sk: plotSortKey(id),
  entityType: 'PLOT',
  gsi1pk: recordsOfEnabler(plot.enablerId, 'PLOT'),
  gsi1sk: `${plot.startCoverageDate}#${id}`,
  gsi3pk: recordById(id),
  gsi3sk: 'RECORD',
  id,
  ...plot,
  ...(federation ? { federation } : {}),
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
      recordIdClaimPut(item),
    ],
    ['ERR_CONFLICT', unlessOtherEnabler(plot.enablerId, 'ERR_NOT_FOUND'), 'ERR_CONFLICT'],
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

/** The SET clause of a plot's details (PlotChanges), shared by the agent's and the administrator's edits. */
const plotDetailsUpdate = (changes: PlotChanges) => ({
  clause:
    '#name = :name, latitude = :latitude, longitude = :longitude, droughtMonthlyContribCents = :drought, ' +
    'excessRainMonthlyContribCents = :excessRain, cropDescription = :crop, isIrrigated = :irrigated',
  names: { '#name': 'name' },
  values: {
    ':name': changes.name,
    ':latitude': changes.latitude,
    ':longitude': changes.longitude,
    ':drought': changes.droughtMonthlyContribCents,
    ':excessRain': changes.excessRainMonthlyContribCents,
    ':crop': changes.cropDescription,
    ':irrigated': changes.isIrrigated,
  },
});

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
  const details = plotDetailsUpdate(changes);
  await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(member.id), sk: plotSortKey(plotId) },
          UpdateExpression: `SET ${details.clause}, updatedAt = :at`,
          ConditionExpression: `attribute_exists(pk) AND ${enabler.condition}`,
          ExpressionAttributeNames: details.names,
          ExpressionAttributeValues: {
            ...details.values,
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

/** An item of another enabler answers as if it did not exist (the administrators' calls). */
const missingOrOther =
  (enablerId: string, code: FailureCode): FailureCode =>
  (item) => {
    if (item?.enablerId?.S !== enablerId) return 'ERR_NOT_FOUND';
    return typeof code === 'function' ? code(item) : code;
  };

const claimPut = (claimItem: Record<string, unknown>): TransactItem => ({
  Put: { TableName: tableName(), Item: claimItem, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Frees a claim of the member; a claim already gone is no obstacle, another member's is (a conflict). */
const claimDelete = (key: { pk: string; sk: string }, memberId: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: { pk: key.pk, sk: key.sk },
    ConditionExpression: 'attribute_not_exists(pk) OR memberId = :memberId',
    ExpressionAttributeValues: { ':memberId': memberId },
  },
});

export type MemberChanges = MemberFields & { onboardingDate: IsoDate };

/**
 * Changes every field of a member (an administrator's edit). When the number, or the name and
 * village, compare differently, the same transaction frees the old claim and takes the new one
 * (ERR_DUPLICATE_MEMBER when another member holds it). The profile is conditioned on the values the
 * claims were worked out from, so an edit made meanwhile answers ERR_CONFLICT instead of leaving a
 * claim behind.
 */
export const updateMember = async (
  before: Member,
  changes: MemberChanges,
  now = new Date(),
): Promise<void> => {
  const at = nowIso(now);
  const touch = touchMember(before.id, at);
  const moves = claimMoves(before, changes);
  const [oldNumber, oldName] = memberClaimItems(before, before.id);
  const [newNumber, newName] = memberClaimItems({ ...changes, enablerId: before.enablerId }, before.id);
  const claimItems: TransactItem[] = [];
  const claimCodes: FailureCode[] = [];
  const move = (from: typeof oldNumber, to: typeof newNumber) => {
    if (!from || !to) return;
    claimItems.push(claimDelete(from, before.id), claimPut(to));
    claimCodes.push('ERR_CONFLICT', 'ERR_DUPLICATE_MEMBER');
  };
  if (moves.number) move(oldNumber, newNumber);
  if (moves.nameVillage) move(oldName, newName);
  await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(before.id), sk: MEMBER_PROFILE },
          UpdateExpression:
            'SET #name = :name, village = :village, #number = :number, federation = :federation, gender = :gender, ' +
            'phone = :phone, bankName = :bankName, bankBranchName = :bankBranchName, bankIFSC = :bankIFSC, ' +
            `bankAccount = :bankAccount, onboardingDate = :onboardingDate, ${touch.clause}`,
          ConditionExpression:
            'attribute_exists(pk) AND enablerId = :enablerId AND #name = :oldName AND village = :oldVillage AND #number = :oldNumber',
          ExpressionAttributeNames: { '#name': 'name', '#number': 'number' },
          ExpressionAttributeValues: {
            ':name': changes.name,
            ':village': changes.village,
            ':number': changes.number,
            ':federation': changes.federation,
            ':gender': changes.gender,
            ':phone': changes.phone,
            ':bankName': changes.bankName,
            ':bankBranchName': changes.bankBranchName,
            ':bankIFSC': changes.bankIFSC,
            ':bankAccount': changes.bankAccount,
            ':onboardingDate': changes.onboardingDate,
            ':enablerId': before.enablerId,
            ':oldName': before.name,
            ':oldVillage': before.village,
            ':oldNumber': before.number,
            ...touch.values,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      ...claimItems,
    ],
    [missingOrOther(before.enablerId, 'ERR_CONFLICT'), ...claimCodes],
  );
};

/** The member's totals as the removal found them: the profile is deleted only if they still hold. */
const totalAttributes = [
  'plotCount',
  'contributionTotalCents',
  'payoutTotalCents',
  'cashoutTotalCents',
  'cashoutBalanceCents',
] as const;

/** A number of the item a failed condition returned (not unmarshalled). */
const numberOf = (item: FailedItem, name: string): number =>
  Number((item?.[name] as { N?: string } | undefined)?.N ?? 0);

/**
 * Removes a member in one transaction: its profile, plots, contributions, payouts and cashouts, its
 * duplicate claims, the enabler's count, a tombstone for the member directories and an audit entry of
 * who removed it with its totals. Refused, writing nothing, while a benefit is pending
 * (ERR_MEMBER_HAS_PENDING_BENEFIT) or when it all does not fit in one transaction
 * (ERR_MEMBER_TOO_MANY_RECORDS). The profile's delete is conditioned on its totals and last change as
 * read: every write of a record moves one of them, so a record added meanwhile cannot be left behind
 * (ERR_CONFLICT). Answers the removal's instant (the tombstone's).
 */
export const deleteMember = async (
  enablerId: string,
  memberId: string,
  deletedBy: string,
  now = new Date(),
): Promise<string> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': memberPartition(memberId) },
    ConsistentRead: true,
  });
  const profile = items.find((item) => item.sk === MEMBER_PROFILE);
  if (!profile || profile.enablerId !== enablerId) throw new AppError('ERR_NOT_FOUND');
  const member = toMember(profile);
  const plan = removalPlan({ partitionItems: items.length, cashoutBalanceCents: member.cashoutBalanceCents });
  if (!plan.removable) throw new AppError(plan.code);
  const at = nowIso(now);
  const seen = totalAttributes.map((name, index) =>
    profile[name] === undefined ? `attribute_not_exists(${name})` : `${name} = :seen${index}`,
  );
  const seenValues = Object.fromEntries(
    totalAttributes.flatMap((name, index) =>
      profile[name] === undefined ? [] : [[`:seen${index}`, profile[name]]],
    ),
  );
  const counts = (type: string) => items.filter((item) => item.entityType === type).length;
  const records = items.filter((item) => item.sk !== MEMBER_PROFILE);
  const [numberClaim, nameClaim] = memberClaimItems(member, memberId);
  await transact(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: { pk: memberPartition(memberId), sk: MEMBER_PROFILE },
          ConditionExpression: `attribute_exists(pk) AND enablerId = :enablerId AND updatedAt = :updatedAt AND ${seen.join(' AND ')}`,
          ExpressionAttributeValues: {
            ':enablerId': enablerId,
            ':updatedAt': profile.updatedAt,
            ...seenValues,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      ...records.map((item): TransactItem => ({
        Delete: { TableName: tableName(), Key: { pk: item.pk, sk: item.sk } },
      })),
      ...[numberClaim, nameClaim].flatMap((claim) => (claim ? [claimDelete(claim, memberId)] : [])),
      { Put: { TableName: tableName(), Item: memberTombstoneItem(enablerId, memberId, at) } },
      {
        Update: {
          TableName: tableName(),
          Key: { pk: enablerPartition(enablerId), sk: ENABLER_PROFILE },
          UpdateExpression: 'ADD memberCount :minusOne',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
      auditItem({
        enablerId,
        action: 'DELETE',
        recordType: 'MEMBER',
        recordId: memberId,
        memberId,
        before: {
          name: member.name,
          village: member.village,
          number: member.number,
          plots: counts('PLOT'),
          contributions: counts('CONTRIBUTION'),
          payouts: counts('PAYOUT'),
          cashouts: counts('CASHOUT'),
          contributionTotalCents: member.contributionTotalCents,
          payoutTotalCents: member.payoutTotalCents,
          cashoutTotalCents: member.cashoutTotalCents,
          cashoutBalanceCents: member.cashoutBalanceCents,
        },
        after: null,
        by: deletedBy,
        at,
      }),
    ],
    [
      missingOrOther(enablerId, (item) =>
        numberOf(item, 'cashoutBalanceCents') > 0 ? 'ERR_MEMBER_HAS_PENDING_BENEFIT' : 'ERR_CONFLICT',
      ),
      ...records.map(() => undefined),
      'ERR_CONFLICT',
      'ERR_CONFLICT',
      undefined,
      'ERR_NOT_FOUND',
      'ERR_CONFLICT',
    ],
  );
  return at;
};

/**
 * A plot by its id alone (gsi3), then read again from the table (the index lags behind writes);
 * undefined when it does not exist or belongs to another enabler.
 */
export const getPlotOfEnabler = async (enablerId: string, plotId: string): Promise<Plot | undefined> => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :id AND gsi3sk = :record',
      ExpressionAttributeValues: { ':id': recordById(plotId), ':record': 'RECORD' },
      ProjectionExpression: 'pk, sk, entityType',
    }),
  );
  const found = Items.find((item) => item.entityType === 'PLOT');
  if (!found) return undefined;
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: { pk: found.pk, sk: found.sk }, ConsistentRead: true }),
  );
  return Item?.entityType === 'PLOT' && Item.enablerId === enablerId ? toPlot(Item) : undefined;
};

export type AdminPlotChanges = PlotChanges &
  CoverageDates & { enablerConfig: { version: number; _id: string } };

/**
 * An administrator's edit of a plot: every field, its coverage dates (a new start moves it in the
 * enabler's plot list) and the config version it is under, which must exist in the enabler
 * (ERR_INVALID_DATA_FORMAT otherwise, checked in the same transaction).
 */
export const adminUpdatePlot = async (
  plot: Pick<Plot, 'id' | 'memberId' | 'enablerId'>,
  changes: AdminPlotChanges,
  now = new Date(),
): Promise<void> => {
  const at = nowIso(now);
  const touch = touchMember(plot.memberId, at);
  const enabler = inEnabler(plot.enablerId);
  const details = plotDetailsUpdate(changes);
  await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(plot.memberId), sk: plotSortKey(plot.id) },
          UpdateExpression:
            `SET ${details.clause}, startCoverageDate = :start, endOfSeasonDate = :endOfSeason, ` +
            'endCoverageDate = :endCoverage, enablerConfig = :config, gsi1sk = :listKey, updatedAt = :at',
          ConditionExpression: `attribute_exists(pk) AND ${enabler.condition}`,
          ExpressionAttributeNames: details.names,
          ExpressionAttributeValues: {
            ...details.values,
            ':start': changes.startCoverageDate,
            ':endOfSeason': changes.endOfSeasonDate,
            ':endCoverage': changes.endCoverageDate,
            ':config': changes.enablerConfig,
            ':listKey': `${changes.startCoverageDate}#${plot.id}`,
            ':at': at,
            ...enabler.values,
          },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: { pk: enablerPartition(plot.enablerId), sk: configSortKey(changes.enablerConfig.version) },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(plot.memberId), sk: MEMBER_PROFILE },
          UpdateExpression: `SET ${touch.clause}`,
          ConditionExpression: `attribute_exists(pk) AND ${enabler.condition}`,
          ExpressionAttributeValues: { ...touch.values, ...enabler.values },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
    ],
    [
      missingOrOther(plot.enablerId, 'ERR_CONFLICT'),
      'ERR_INVALID_DATA_FORMAT',
      missingOrOther(plot.enablerId, 'ERR_CONFLICT'),
    ],
  );
};

/**
 * Deletes a plot and uncounts it on its member, in one transaction, unless contributions or payouts
 * were recorded on it (contributionCount, payoutCount: ERR_PLOT_HAS_RECORDS). The counts are a
 * condition of the delete itself, so a record written at the same moment cannot slip in between.
 */
export const deletePlot = async (
  plot: Pick<Plot, 'id' | 'memberId' | 'enablerId'>,
  now = new Date(),
): Promise<void> => {
  const at = nowIso(now);
  const touch = touchMember(plot.memberId, at);
  const enabler = inEnabler(plot.enablerId);
  await transact(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: { pk: memberPartition(plot.memberId), sk: plotSortKey(plot.id) },
          ConditionExpression:
            `attribute_exists(pk) AND ${enabler.condition} AND ` +
            '(attribute_not_exists(contributionCount) OR contributionCount <= :zero) AND ' +
            '(attribute_not_exists(payoutCount) OR payoutCount <= :zero)',
          ExpressionAttributeValues: { ':zero': 0, ...enabler.values },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(plot.memberId), sk: MEMBER_PROFILE },
          UpdateExpression: `ADD plotCount :minusOne SET ${touch.clause}`,
          ConditionExpression: `attribute_exists(pk) AND ${enabler.condition} AND plotCount > :zero`,
          ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0, ...enabler.values, ...touch.values },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
    ],
    [missingOrOther(plot.enablerId, 'ERR_PLOT_HAS_RECORDS'), missingOrOther(plot.enablerId, 'ERR_CONFLICT')],
  );
};
