import { randomUUID } from 'node:crypto';
import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import type { Cents } from '@cpbo/schemas/money.ts';
import type { MoneyFigures, MoneyType } from '#domain/money-totals.ts';
import type { Member } from '../members/member-items.ts';
import {
  changeKey,
  memberPartition,
  moneySortKey,
  recordById,
  recordsOfEnabler,
} from '../members/member-keys.ts';
import { readItem } from '../table/item-values.ts';

/*
 * Money records of a member's partition: contributions, payouts (benefits) and cashouts (paid
 * benefits), their items in the table and the records as the API sees them.
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
  /** The benefit run that wrote it (only a run changes it then); null when recorded by hand or imported. */
  runId: string | null;
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
  PAYOUT: Pick<Payout, 'plotId' | 'amountCents' | 'assessmentId' | 'assessmentDate' | 'payoutDate'> &
    Partial<Pick<Payout, 'runId'>>;
  CASHOUT: Pick<Cashout, 'amountCents' | 'cashoutDate'>;
}

/** The attribute holding each kind's date (its sort key's date). */
export const dateField = {
  CONTRIBUTION: 'contributionDate',
  PAYOUT: 'payoutDate',
  CASHOUT: 'cashoutDate',
} as const satisfies Record<MoneyType, string>;

// A record's modifier is stored once it is edited; a plot, on the records of a plot.
const orNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const moneyOf = (item: Record<string, unknown>): MoneyRecord => ({
  ...readItem(item, {
    text: ['id', 'memberId', 'enablerId', 'createdAt', 'createdBy'],
    number: ['amountCents'],
  }),
  modifiedAt: orNull(item.modifiedAt),
  modifiedBy: orNull(item.modifiedBy),
});

export const toContribution = (item: Record<string, unknown>): Contribution => ({
  ...moneyOf(item),
  ...readItem(item, { text: ['plotId', 'plotName', 'contributionDate'] }),
  protectionType: item.protectionType as Contribution['protectionType'],
});

export const toPayout = (item: Record<string, unknown>): Payout => ({
  ...moneyOf(item),
  ...readItem(item, { text: ['plotId', 'plotName', 'assessmentId', 'assessmentDate', 'payoutDate'] }),
  runId: orNull(item.runId),
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

/** A contribution's, payout's or cashout's item (the money transaction's writers, the import, the demo data). */
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
  // In its list's change timeline, under its creation (a change's transaction moves it: money-transaction.ts).
  gsi1pk: recordsOfEnabler(member.enablerId, type),
  gsi1sk: changeKey(at, id),
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
