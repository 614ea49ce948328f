import type { ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import { refusalOf } from '#domain/money-changes.ts';
import type { MoneyType } from '#domain/money-totals.ts';
import { AppError } from '#platform/app-error.ts';
import type { Member } from './member-items.ts';
import { changeMoneyRecord } from './money-change.ts';
import { dateField, moneyItem, toMoneyRecord, type MoneyRecords, type MoneyValues } from './money-items.ts';
import { datesAppended, moneyTransaction, pendingBenefitOf } from './money-transaction.ts';
import type { Plot } from './plot-items.ts';
import { nowIso, transact, unlessOtherEnabler } from './table.ts';
import type { WriteOptions } from './transaction-items.ts';

/** A new contribution, payout or cashout of a member, with the plot of a contribution or payout. */
export type NewMoneyRecord<Type extends MoneyType> = WriteOptions<MoneyRecords[Type]> & {
  type: Type;
  member: Pick<Member, 'id' | 'enablerId' | 'federation'>;
  /** The record's plot (its name is kept on the record); null for a cashout. */
  plot: Type extends 'CASHOUT' ? null : Pick<Plot, 'id' | 'name'>;
  values: Omit<MoneyValues[Type], 'plotId'>;
  /** The e-mail of the user (or the job) recording it. */
  by: string;
  /** The user's name, for the audit trail. */
  byName?: string | null;
  /** A payout whose campaign the caller records apart, once for many payouts (a benefit run's). */
  campaignApart?: true;
};

/** What the field side answers when the member or the plot is gone (the member page's codes). */
const goneCodes: Record<MoneyType, ErrorCode> = {
  CONTRIBUTION: 'ERR_NO_PLOTS',
  PAYOUT: 'ERR_NOT_FOUND',
  CASHOUT: 'ERR_NOT_FOUND',
};

/**
 * Records a new contribution, payout or cashout of a member (the agent's calls, the benefit run)
 * without reading anything first: one transaction of data/money-transaction.ts, on the condition
 * that the record falls at or after the member's dates of its kind (then its dates follow without a
 * read) and that the pending benefit covers a cashout (ERR_BALANCE_TOO_LOW). The plot must exist
 * (ERR_NO_PLOTS for a contribution, ERR_NOT_FOUND for a payout), in the member's enabler
 * (ERR_FORBIDDEN_USER otherwise). A record dated before the member's latest of its kind (an
 * administrator's record dated later, an older payout recorded late) is written by
 * changeMoneyRecord, which computes the dates from the member's records.
 */
export const createMoneyRecord = async <Type extends MoneyType>({
  type,
  member,
  plot,
  values,
  by,
  byName = null,
  now = new Date(),
  receipt,
  campaignApart,
}: NewMoneyRecord<Type>): Promise<MoneyRecords[Type]> => {
  const at = nowIso(now);
  const placed = plot as Pick<Plot, 'id' | 'name'> | null;
  const fields: Record<string, unknown> = {
    ...values,
    ...(placed && { plotId: placed.id, plotName: placed.name }),
  };
  const after = moneyItem(type, member, fields[dateField[type]] as string, fields, by, at);
  const record = toMoneyRecord[type](after) as MoneyRecords[Type];
  const gone = goneCodes[type];
  const { items, codes } = moneyTransaction(
    {
      enablerId: member.enablerId,
      memberId: member.id,
      before: null,
      after,
      by,
      byName,
      at,
      ...(campaignApart && { campaignApart }),
    },
    {
      dates: datesAppended(after),
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
  try {
    await transact(items, codes, receipt?.(record));
    return record;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'ERR_CONFLICT')) throw error;
    const written = await changeMoneyRecord({
      type,
      enablerId: member.enablerId,
      memberId: member.id,
      values: { ...values, ...(placed && { plotId: placed.id }) } as MoneyValues[Type],
      by,
      byName,
      now,
      receipt,
      campaignApart,
    });
    return written as MoneyRecords[Type];
  }
};
