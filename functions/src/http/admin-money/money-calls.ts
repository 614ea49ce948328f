import type { AdminMoneyPage, CreatedIdAnswer } from '@cpbo/schemas';
import type { AdminList } from '@cpbo/schemas/admin-list-query.ts';
import type { MoneyType } from '#domain/money-totals.ts';
import type { ListedRecord, RecordEntries } from '#domain/lists/record-list.ts';
import { fromCents } from '@cpbo/schemas/money.ts';
import { namesOf } from '#data/members/record-names.ts';
import { applyListChanges } from '#data/lists/list-changes.ts';
import { recordDirectory } from '#data/lists/record-directory.ts';
import { entryOf } from '#data/lists/record-timeline.ts';
import { changeMoneyRecord } from '#data/money/money-change.ts';
import { findMoneyRecord } from '#data/members/records-by-id.ts';
import type { MoneyRecords, MoneyValues } from '#data/money/money-items.ts';
import type { Session } from '#platform/access-token.ts';
import { AppError } from '#platform/app-error.ts';
import {
  created,
  noContent,
  ok,
  type IdempotentRequest,
  type SessionRequest,
} from '#http/middleware/api-types.ts';
import { countEvent } from '#platform/metrics.ts';
import { appLog } from '#data/logs/app-log.ts';
import { listQueryOf, type ListParameters } from './list-query.ts';
import { nowIso } from '#data/table/table.ts';
import { memberInScope } from '../members/member-scope.ts';
import { assertSessionEnabler } from '../other-enabler.ts';

/*
 * The administrator's calls on contributions, payouts and cashouts, the same for the three kinds:
 * each works on the administrator's current enabler. A record or member of another enabler answers
 * ERR_FORBIDDEN_ADMIN with that enabler (change the view); a plot of another enabler named beside a
 * member of this one is not one of its plots (ERR_NOT_FOUND). The rules are the data layer's
 * (data/money/money-change.ts).
 */

export const isoTimeOfUnixSeconds = (seconds: number): string => new Date(seconds * 1000).toISOString();

/** The list of each kind of money record. */
type MoneyList = Exclude<AdminList, 'plots'>;
const listOf = {
  CONTRIBUTION: 'contributions',
  PAYOUT: 'payouts',
  CASHOUT: 'cashouts',
} as const satisfies Record<MoneyType, MoneyList>;
type ListOf<Type extends MoneyType> = (typeof listOf)[Type];

interface MoneyCalls<Type extends MoneyType, Row> {
  type: Type;
  /** The admin table's row of a record, with its member's and plot's current names. */
  row: (record: ListedRecord<ListOf<Type>>) => Row;
  /** What a record read alone answers beside its row (a payout: the run that wrote it). */
  detail?: (record: MoneyRecords[Type]) => object;
}

/** The member's current name and number of a listed record. */
export const ofMember = (record: { memberId: string; memberName: string; memberNumber: string }) => ({
  memberId: record.memberId,
  memberName: record.memberName,
  memberNumber: record.memberNumber,
});

export const audited = (
  record: Pick<MoneyRecords[MoneyType], 'createdAt' | 'createdBy' | 'modifiedAt' | 'modifiedBy'>,
) => ({
  createdAt: record.createdAt,
  createdBy: record.createdBy,
  modifiedAt: record.modifiedAt,
  modifiedBy: record.modifiedBy,
});

export const moneyCalls = <Type extends MoneyType, Row>({ type, row, detail }: MoneyCalls<Type, Row>) => {
  const list: ListOf<Type> = listOf[type];

  /** A record read from the table, listed with its member's and plot's current names. */
  const listedOf = async (enablerId: string, record: MoneyRecords[Type]): Promise<Row> => {
    const plotId = 'plotId' in record ? record.plotId : undefined;
    const names = await namesOf(enablerId, [{ memberId: record.memberId, plotId }]);
    const member = names.members.get(record.memberId);
    const entry = entryOf[list](record as unknown as Record<string, unknown>);
    return row({
      ...entry,
      memberName: member?.name ?? '',
      memberNumber: member?.number ?? '',
      ...(plotId === undefined
        ? {}
        : { plotName: names.plots.get(plotId) ?? (record as { plotName: string }).plotName }),
    } as ListedRecord<ListOf<Type>>);
  };

  const recordInScope = async (session: Session, id: string): Promise<MoneyRecords[Type]> => {
    const record = await findMoneyRecord(type, id);
    if (!record) throw new AppError('ERR_NOT_FOUND');
    await assertSessionEnabler(session, record.enablerId);
    // A record of a deleted member, until the member's deletion reaches it.
    await memberInScope(session, record.memberId);
    return record;
  };

  /** Read-your-writes: the record as written, and its member's totals, in this instance's lists at once. */
  const remember = (enablerId: string, record: MoneyRecords[Type]) =>
    applyListChanges({
      enablerId,
      member: { id: record.memberId },
      record: {
        list,
        entry: entryOf[list](record as unknown as Record<string, unknown>) as RecordEntries[ListOf<Type>],
      },
    });

  /** GET: any page of the enabler's records, sorted on any column, filtered, with the count and total. */
  const list_ = async ({ query, session }: SessionRequest<unknown, never, ListParameters>) => {
    const listQuery = listQueryOf(list, query);
    const index = await recordDirectory(list, session.enabler, listQuery.sort.field);
    const page = index.list(listQuery);
    const answer: AdminMoneyPage<Row> = {
      items: page.records.map(row),
      page: page.page,
      // The query schema lets only the tables' sizes through (adminPageSizes).
      pageSize: page.pageSize as AdminMoneyPage<Row>['pageSize'],
      count: page.count,
      totalAmount: fromCents(page.totalCents),
    };
    return ok(answer);
  };

  /** GET /{id} */
  const get = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
    const record = await recordInScope(session, params.id);
    return ok({ ...(await listedOf(session.enabler, record)), ...detail?.(record) });
  };

  const recordCreated = (record: MoneyRecords[Type]) => created({ id: record.id } satisfies CreatedIdAnswer);

  /** POST: creates the record for a member of the enabler; the key (Idempotency-Key) makes a repeat harmless. */
  const create = async (
    { session, idempotency }: IdempotentRequest<unknown>,
    memberId: string,
    values: MoneyValues[Type],
  ) => {
    await memberInScope(session, memberId);
    const record = await changeMoneyRecord({
      type,
      enablerId: session.enabler,
      memberId,
      values,
      by: session.email,
      byName: session.username,
      receipt: idempotency.receipt(recordCreated),
    });
    if (!record) throw new Error('A creation writes a record');
    await remember(session.enabler, record);
    if (type === 'CONTRIBUTION') countEvent('Contributions');
    if (type === 'CASHOUT') countEvent('Cashouts');
    return recordCreated(record);
  };

  /** POST /{id}: changes the record; values are built from the record as it is. */
  const update = async (
    { params, session }: SessionRequest<unknown, 'id'>,
    values: (record: MoneyRecords[Type]) => MoneyValues[Type],
  ) => {
    const record = await recordInScope(session, params.id);
    const changed = await changeMoneyRecord({
      type,
      enablerId: session.enabler,
      memberId: record.memberId,
      recordId: record.id,
      values: values(record),
      by: session.email,
      byName: session.username,
    });
    if (changed) await remember(session.enabler, changed);
    return noContent();
  };

  /** DELETE /{id} */
  const remove = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
    const record = await recordInScope(session, params.id);
    await changeMoneyRecord({
      type,
      enablerId: session.enabler,
      memberId: record.memberId,
      recordId: record.id,
      values: null,
      by: session.email,
      byName: session.username,
    });
    // At or after the tombstone's instant: no copy of the record read later brings it back.
    await applyListChanges({
      enablerId: session.enabler,
      member: { id: record.memberId },
      record: { list, removed: record.id, at: nowIso() },
    });
    await appLog.info(`${type} ${record.id} of member ${record.memberId} deleted by ${session.email}`);
    return noContent();
  };

  return { list: list_, get, create, update, remove };
};
