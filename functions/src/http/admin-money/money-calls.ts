import type { AdminListPage, CreatedIdAnswer } from '@cpbo/schemas';
import type { MoneyType } from '#domain/money-totals.ts';
import { toCents, type Cents } from '@cpbo/schemas/money.ts';
import { listMoneyRecords, namesOf, type Names } from '#data/money-pages.ts';
import { changeMoneyRecord } from '#data/money-change.ts';
import { findMoneyRecord } from '#data/records-by-id.ts';
import type { MoneyRecords, MoneyValues } from '#data/money-items.ts';
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
import { appLog } from '#data/app-log.ts';
import { memberInScope } from '../members/member-scope.ts';
import { assertSessionEnabler } from '../other-enabler.ts';

/*
 * The administrator's calls on contributions, payouts and cashouts, the same for the three kinds:
 * each works on the administrator's current enabler. A record or member of another enabler answers
 * ERR_FORBIDDEN_ADMIN with that enabler (change the view); a plot of another enabler named beside a
 * member of this one is not one of its plots (ERR_NOT_FOUND). The rules are the data layer's
 * (data/money-change.ts).
 */

/** A decimal amount of the body in cents (more than two decimals: 400). */
export const centsOf = (amount: number): Cents => {
  const value = toCents(amount);
  if (value === undefined) {
    throw new AppError('ERR_INVALID_DATA_FORMAT', { message: 'Amounts have at most two decimals.' });
  }
  return value;
};

export const isoTimeOfUnixSeconds = (seconds: number): string => new Date(seconds * 1000).toISOString();

type ListQuery = Record<string, string | undefined>;

interface MoneyCalls<Type extends MoneyType, Row> {
  type: Type;
  /** The query parameter that sorts the list ('sort:contributionDate', …). */
  sortParameter: string;
  /** The admin table's row of a record, with the names read at once for the page. */
  row: (record: MoneyRecords[Type], names: Names) => Row;
}

/** The member's and plot's current names of a record, falling back on what the record kept. */
export const ofMember = (record: { memberId: string }, names: Names) => {
  const member = names.members.get(record.memberId);
  return { memberId: record.memberId, memberName: member?.name ?? '', memberNumber: member?.number ?? '' };
};

export const plotNameOf = (record: { plotId: string; plotName: string }, names: Names): string =>
  names.plots.get(record.plotId) ?? record.plotName;

export const audited = (record: MoneyRecords[MoneyType]) => ({
  createdAt: record.createdAt,
  createdBy: record.createdBy,
  modifiedAt: record.modifiedAt,
  modifiedBy: record.modifiedBy,
});

const plotIdOf = (record: MoneyRecords[MoneyType]): string | undefined =>
  'plotId' in record ? record.plotId : undefined;

export const moneyCalls = <Type extends MoneyType, Row>({
  type,
  sortParameter,
  row,
}: MoneyCalls<Type, Row>) => {
  const rowsOf = async (enablerId: string, records: MoneyRecords[Type][]): Promise<Row[]> => {
    const names = await namesOf(
      enablerId,
      records.map((record) => ({ memberId: record.memberId, plotId: plotIdOf(record) })),
    );
    return records.map((record) => row(record, names));
  };

  const recordInScope = async (session: Session, id: string): Promise<MoneyRecords[Type]> => {
    const record = await findMoneyRecord(type, id);
    if (!record) throw new AppError('ERR_NOT_FOUND');
    await assertSessionEnabler(session, record.enablerId);
    // A record of a deleted member, until the member's deletion reaches it.
    await memberInScope(session, record.memberId);
    return record;
  };

  /** GET: one page, by cursor (see data/money-pages.ts for what a page reads). */
  const list = async ({ query, session }: SessionRequest<unknown, never, ListQuery>) => {
    // The query schema lets only the tables' sizes through (adminPageSizes).
    const pageSize = Number(query.pageSize ?? '10') as AdminListPage<Row>['pageSize'];
    const page = await listMoneyRecords({
      type,
      enablerId: session.enabler,
      pageSize,
      descending: query[sortParameter] !== 'asc',
      cursor: query.cursor,
      page: query.page === undefined ? undefined : Number(query.page),
      from: query['filter:from'],
      to: query['filter:to'],
      memberId: query['filter:memberId'],
      plotId: query['filter:plotId'],
      protectionType: query['filter:protectionType'],
    });
    const answer: AdminListPage<Row> = {
      items: await rowsOf(session.enabler, page.records),
      page: page.page,
      pageSize,
      nextCursor: page.nextCursor,
    };
    return ok(answer);
  };

  /** GET /{id} */
  const get = async ({ params, session }: SessionRequest<unknown, 'id'>) => {
    const record = await recordInScope(session, params.id);
    const [view] = await rowsOf(session.enabler, [record]);
    return ok(view);
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
      receipt: idempotency.receipt(recordCreated),
    });
    if (!record) throw new Error('A creation writes a record');
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
    await changeMoneyRecord({
      type,
      enablerId: session.enabler,
      memberId: record.memberId,
      recordId: record.id,
      values: values(record),
      by: session.email,
    });
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
    });
    await appLog.info(`${type} ${record.id} of member ${record.memberId} deleted by ${session.email}`);
    return noContent();
  };

  return { list, get, create, update, remove };
};
