import { memberDatesAfter, refusalOf } from '#domain/money-changes.ts';
import type { MoneyType } from '#domain/money-totals.ts';
import { AppError } from '#platform/app-error.ts';
import { withRetries, type RetryPolicy } from '#platform/retry.ts';
import { MEMBER_PROFILE } from '../members/member-keys.ts';
import {
  dateField,
  figuresOf,
  moneyItem,
  toMoneyRecord,
  type MoneyRecords,
  type MoneyValues,
} from './money-items.ts';
import { datesAsComputed, moneyTransaction } from './money-transaction.ts';
import { nowIso, transact, type FailedItem } from '../table/table.ts';
import type { Receipt } from '../table/transaction-items.ts';
import { claimOfPayout } from './benefit-claims.ts';
import { readMemberPartition } from '../members/member-page.ts';

/** A member's profile, plots and money records as one consistent Query of its partition reads them. */
interface MemberMoney {
  profile: Record<string, unknown>;
  plots: Map<string, Record<string, unknown>>;
  records: Record<string, unknown>[];
}

const readMemberMoney = async (memberId: string): Promise<MemberMoney | undefined> => {
  const items = await readMemberPartition(memberId);
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

/** A change whose member moved meanwhile (ERR_CONFLICT) is tried again from a fresh read. */
const MEMBER_MOVED: RetryPolicy = {
  attempts: 8,
  stepMs: 10,
  jitterMs: 40,
  retryable: (error) => error instanceof AppError && error.code === 'ERR_CONFLICT',
};

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
  /** The user's name, for the audit trail. */
  byName?: string | null;
  now?: Date;
  receipt?: Receipt<MoneyRecords[Type]>;
  /**
   * The reversal run making the change: only it may delete the payouts of the run it reverses (a
   * payout a run wrote changes only through a run, ERR_PAYOUT_OF_RUN otherwise).
   */
  reversing?: string;
  /** A payout whose campaign the caller records apart (createMoneyRecord's). */
  campaignApart?: true;
}

const moneyVersionOf = (item: FailedItem): number | undefined =>
  item?.moneyVersion?.N === undefined ? undefined : Number(item.moneyVersion.N);

const tryChange = async <Type extends MoneyType>({
  type,
  enablerId,
  memberId,
  recordId,
  values,
  by,
  byName = null,
  now = new Date(),
  receipt,
  reversing,
  campaignApart,
}: MoneyChange<Type>): Promise<MoneyRecords[Type] | undefined> => {
  const read = await readMemberMoney(memberId);
  if (!read || read.profile.enablerId !== enablerId) throw new AppError('ERR_NOT_FOUND');
  const before =
    recordId === undefined
      ? null
      : read.records.find((item) => item.id === recordId && item.entityType === type);
  if (before === undefined) throw new AppError('ERR_NOT_FOUND');
  const runId = before?.runId;
  if (typeof runId === 'string' && !(reversing === runId && values === null))
    throw new AppError('ERR_PAYOUT_OF_RUN', { details: { runId } });
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
  const dates = memberDatesAfter(
    read.records.map(figuresOf),
    (after ?? before)?.id as string,
    after && figuresOf(after),
  );
  const version = read.profile.moneyVersion as number | undefined;
  const claim = before ? await claimOfPayout(before) : undefined;
  const written = after ? (toMoneyRecord[type](after) as MoneyRecords[Type]) : undefined;
  const { items, codes } = moneyTransaction(
    [
      {
        enablerId,
        memberId,
        before,
        after,
        by,
        byName,
        at,
        claimHeld: claim !== undefined && claim.payoutId === before?.id,
        ...(campaignApart && { campaignApart }),
      },
    ],
    {
      dates: datesAsComputed(dates),
      // The dates and the pending benefit hold only for the member's money as read.
      conditions: [version === undefined ? 'attribute_not_exists(moneyVersion)' : 'moneyVersion = :version'],
      values: version === undefined ? {} : { ':version': version },
      failure: (item) => {
        if (!item || item.enablerId?.S !== enablerId) return 'ERR_NOT_FOUND';
        if (moneyVersionOf(item) !== version) return 'ERR_CONFLICT';
        return refusalOf(beforeFigures);
      },
    },
    // A plot gone since the record was written (only possible for data older than the plot counts)
    // keeps no figures to take back; one deleted since the read is a conflict.
    { moves: (id) => read.plots.has(id), failure: 'ERR_CONFLICT' },
  );
  await transact(items, codes, written && receipt ? receipt(written) : undefined);
  return written;
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
export const changeMoneyRecord = <Type extends MoneyType>(
  change: MoneyChange<Type>,
): Promise<MoneyRecords[Type] | undefined> => withRetries(MEMBER_MOVED, () => tryChange(change));
