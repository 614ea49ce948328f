import { randomUUID } from 'node:crypto';
import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import { AppError } from '#platform/app-error.ts';
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
import { inEnabler, nowIso, tableName, transact, unlessOtherEnabler, type WriteOptions } from './table.ts';

/*
 * Money records of a member's partition: contributions, payouts (benefits) and cashouts (paid
 * benefits). Each write moves the member's totals in the same transaction as the record.
 */

export interface MoneyRecord {
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

const moneyOf = (item: Record<string, unknown>): MoneyRecord => ({
  id: item.id as string,
  memberId: item.memberId as string,
  enablerId: item.enablerId as string,
  amountCents: item.amountCents as number,
  createdAt: item.createdAt as string,
  createdBy: item.createdBy as string,
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
