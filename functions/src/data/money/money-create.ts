import type { ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import { MAX_TRANSACTION_ITEMS } from '#domain/member-edits.ts';
import { refusalOf } from '#domain/money-changes.ts';
import type { MoneyType } from '#domain/money-totals.ts';
import { AppError } from '#platform/app-error.ts';
import type { Member } from '../members/member-items.ts';
import { changeMoneyRecord } from './money-change.ts';
import { dateField, moneyItem, toMoneyRecord, type MoneyRecords, type MoneyValues } from './money-items.ts';
import { datesAppended, moneyTransaction, pendingBenefitOf } from './money-transaction.ts';
import type { Plot } from '../members/plot-items.ts';
import { nowIso, transact, unlessOtherEnabler } from '../table/table.ts';
import type { WriteOptions } from '../table/transaction-items.ts';

/** A new contribution, payout or cashout of a member, with the plot of a contribution or payout. */
export type NewMoneyRecord<Type extends MoneyType> = WriteOptions<MoneyRecords[Type]> &
  NewRecordsOfMember<Type> & {
    /** The record's plot (its name is kept on the record); null for a cashout. */
    plot: PlotOf<Type>;
    values: Omit<MoneyValues[Type], 'plotId'>;
  };

type PlotOf<Type extends MoneyType> = Type extends 'CASHOUT' ? null : Pick<Plot, 'id' | 'name'>;

interface NewRecordsOfMember<Type extends MoneyType> {
  type: Type;
  member: Pick<Member, 'id' | 'enablerId' | 'federation'>;
  /** The e-mail of the user (or the job) recording it. */
  by: string;
  /** The user's name, for the audit trail. */
  byName?: string | null;
  /** A payout whose campaign the caller records apart, once for many payouts (a benefit run's). */
  campaignApart?: true;
}

/** New records of one kind of one member, written together (a benefit run's payouts to a member). */
export type NewMoneyRecords<Type extends MoneyType> = NewRecordsOfMember<Type> & {
  records: { plot: PlotOf<Type>; values: Omit<MoneyValues[Type], 'plotId'> }[];
};

/** What the field side answers when the member or the plot is gone (the member page's codes). */
const goneCodes: Record<MoneyType, ErrorCode> = {
  CONTRIBUTION: 'ERR_NO_PLOTS',
  PAYOUT: 'ERR_NOT_FOUND',
  CASHOUT: 'ERR_NOT_FOUND',
};

/** The items of new records of a member (created now), and the transaction that writes them. */
const creation = <Type extends MoneyType>(
  { type, member, by, byName = null, campaignApart, records }: NewMoneyRecords<Type>,
  at: string,
) => {
  const afters = records.map(({ plot, values }) => {
    const placed = plot as Pick<Plot, 'id' | 'name'> | null;
    const fields: Record<string, unknown> = {
      ...values,
      ...(placed && { plotId: placed.id, plotName: placed.name }),
    };
    return moneyItem(type, member, fields[dateField[type]] as string, fields, by, at);
  });
  const gone = goneCodes[type];
  const transaction = moneyTransaction(
    afters.map((after) => ({
      enablerId: member.enablerId,
      memberId: member.id,
      before: null,
      after,
      by,
      byName,
      at,
      ...(campaignApart && { campaignApart }),
    })),
    {
      dates: datesAppended(afters),
      conditions: [],
      values: {},
      failure: (item, needed) => {
        if (item?.enablerId?.S !== undefined && item.enablerId.S !== member.enablerId)
          return 'ERR_FORBIDDEN_USER';
        if (needed !== undefined && pendingBenefitOf(item) < needed) return refusalOf(null);
        if (!item) return gone;
        // Only the dates held it back: the full change computes them.
        return 'ERR_CONFLICT';
      },
    },
    { moves: () => true, failure: unlessOtherEnabler(member.enablerId, gone) },
  );
  return { records: afters.map((after) => toMoneyRecord[type](after) as MoneyRecords[Type]), transaction };
};

/**
 * Records a new contribution, payout or cashout of a member (the agent's calls, the benefit run)
 * without reading anything first: one transaction of data/money/money-transaction.ts, on the condition
 * that the record falls at or after the member's dates of its kind (then its dates follow without a
 * read) and that the pending benefit covers a cashout (ERR_BALANCE_TOO_LOW). The plot must exist
 * (ERR_NO_PLOTS for a contribution, ERR_NOT_FOUND for a payout), in the member's enabler
 * (ERR_FORBIDDEN_USER otherwise). A record dated before the member's latest of its kind (an
 * administrator's record dated later, an older payout recorded late) is written by
 * changeMoneyRecord, which computes the dates from the member's records.
 */
export const createMoneyRecord = async <Type extends MoneyType>({
  plot,
  values,
  now = new Date(),
  receipt,
  ...ofMember
}: NewMoneyRecord<Type>): Promise<MoneyRecords[Type]> => {
  const { records, transaction } = creation({ ...ofMember, records: [{ plot, values }] }, nowIso(now));
  const record = records[0] as MoneyRecords[Type];
  try {
    await transact(transaction.items, transaction.codes, receipt?.(record));
    return record;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'ERR_CONFLICT')) throw error;
    const placed = plot as Pick<Plot, 'id' | 'name'> | null;
    const written = await changeMoneyRecord({
      type: ofMember.type,
      enablerId: ofMember.member.enablerId,
      memberId: ofMember.member.id,
      values: { ...values, ...(placed && { plotId: placed.id }) } as MoneyValues[Type],
      by: ofMember.by,
      byName: ofMember.byName ?? null,
      now,
      receipt,
      campaignApart: ofMember.campaignApart,
    });
    return written as MoneyRecords[Type];
  }
};

/**
 * Records new records of one kind of one or more members in one transaction, all or none (a benefit
 * run's payouts: a few members' plots paid by one write, not one write a plot), on createMoneyRecord's
 * conditions. Throws createMoneyRecord's codes; the caller may then record them member by member, or
 * one by one, to learn which one was refused. At most MAX_RECORDS_TOGETHER records in all.
 */
export const createMoneyRecordsOfMembers = async <Type extends MoneyType>(
  members: NewMoneyRecords<Type>[],
  now = new Date(),
): Promise<MoneyRecords[Type][]> => {
  const count = members.reduce((records, member) => records + member.records.length, 0);
  if (members.some((member) => member.records.length === 0) || count === 0 || count > MAX_RECORDS_TOGETHER)
    throw new Error(`From 1 to ${MAX_RECORDS_TOGETHER} records are written together, at least one a member`);
  if (new Set(members.map((member) => member.member.id)).size !== members.length)
    throw new Error("A member's records are written together in one group");
  const at = nowIso(now);
  const made = members.map((member) => creation(member, at));
  const items = made.flatMap(({ transaction }) => transaction.items);
  if (items.length > MAX_TRANSACTION_ITEMS)
    throw new Error(`${items.length} items do not fit in one transaction`);
  await transact(
    items,
    made.flatMap(({ transaction }) => transaction.codes),
  );
  return made.flatMap(({ records }) => records);
};

/**
 * Records written in one transaction at most: five items each (a payout's), and its member's update
 * (sixteen members' at most), within DynamoDB's hundred.
 */
export const MAX_RECORDS_TOGETHER = 16;
