import { expect } from 'vitest';
import {
  adminListSortFields,
  defaultAdminListSort,
  type AdminList,
  type AdminListFilterValues,
} from '@cpbo/schemas/admin-list-query.ts';
import { fromCents } from '@cpbo/schemas/money.ts';
import { foldText } from '@cpbo/schemas/text.ts';
import { MEMBER_PROFILE } from '#data/members/member-keys.ts';
import { readMemberPartition } from '#data/members/member-page.ts';
import {
  forgetRecordDirectories,
  NAMES_CATCH_UP_MS,
  refreshRecordSnapshot,
} from '#data/lists/record-directory.ts';
import { handler as adminMembers } from '../http/admin-members/handler.ts';
import { handler as adminPlots } from '../http/admin-plots/handler.ts';
import { callApi } from './call-api.ts';

/*
 * The oracle of the administrators' lists: what a list must answer, worked out from the records as
 * the members' partitions hold them (read consistently, not through the lists' timelines), with each
 * member's and plot's current name. Sorts compare as the spec's tables do: names without case or
 * accents, numbers and assessment ids as people read them, amounts as numbers; ties fall back on the
 * list's date, then the id.
 */

type Handler = Parameters<typeof callApi>[0];
type Row = Record<string, unknown> & { id: string };

const entityTypes: Record<AdminList, string> = {
  plots: 'PLOT',
  contributions: 'CONTRIBUTION',
  payouts: 'PAYOUT',
  cashouts: 'CASHOUT',
};

const dateFields: Record<AdminList, string> = {
  plots: 'startCoverageDate',
  contributions: 'contributionDate',
  payouts: 'payoutDate',
  cashouts: 'cashoutDate',
};

/** The rows a list must hold for these members: their records, with the current names, amounts in units. */
export const rowsOfRecords = async (list: AdminList, memberIds: readonly string[]): Promise<Row[]> => {
  const rows: Row[] = [];
  for (const memberId of memberIds) {
    const items = await readMemberPartition(memberId);
    const profile = items.find((item) => item.sk === MEMBER_PROFILE && item.entityType === 'MEMBER');
    if (!profile) continue;
    const plotNames = new Map(
      items
        .filter((item) => item.entityType === 'PLOT')
        .map((item) => [item.id as string, item.name as string]),
    );
    for (const item of items.filter((candidate) => candidate.entityType === entityTypes[list]))
      rows.push({
        ...item,
        id: item.id as string,
        memberName: profile.name,
        memberNumber: profile.number,
        ...(typeof item.plotId === 'string' ? { plotName: plotNames.get(item.plotId) ?? item.plotName } : {}),
        ...(typeof item.amountCents === 'number' ? { amount: fromCents(item.amountCents) } : {}),
        ...(typeof item.droughtMonthlyContribCents === 'number'
          ? { droughtMonthlyContrib: fromCents(item.droughtMonthlyContribCents) }
          : {}),
      });
  }
  return rows;
};

const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Irrigation not known, then no, then yes. */
const irrigationRank = (irrigated: unknown) => (typeof irrigated === 'boolean' ? Number(irrigated) : -1);

/** How the oracle compares a sort field's values. */
const comparisons: Record<string, (a: unknown, b: unknown) => number> = {
  memberName: (a, b) => compareText(foldText(a as string), foldText(b as string)),
  plotName: (a, b) => compareText(foldText(a as string), foldText(b as string)),
  name: (a, b) => compareText(foldText(a as string), foldText(b as string)),
  memberNumber: (a, b) => natural.compare(a as string, b as string),
  assessmentId: (a, b) => natural.compare(a as string, b as string),
  amount: (a, b) => (a as number) - (b as number),
  latitude: (a, b) => (a as number) - (b as number),
  droughtMonthlyContrib: (a, b) => (a as number) - (b as number),
  cropDescription: (a, b) =>
    compareText(foldText((a as string | null) ?? ''), foldText((b as string | null) ?? '')),
  isIrrigated: (a, b) => irrigationRank(a) - irrigationRank(b),
};

/** The rows in a list's order: the field, then the list's date, then the id; descending is the reverse. */
export const sortedRows = (
  list: AdminList,
  rows: readonly Row[],
  field: string,
  direction: 'asc' | 'desc',
) => {
  const date = dateFields[list];
  const compare = comparisons[field] ?? ((a: unknown, b: unknown) => compareText(a as string, b as string));
  const ascending = [...rows].sort(
    (a, b) =>
      compare(a[field], b[field]) ||
      (field === date ? 0 : compareText(a[date] as string, b[date] as string)) ||
      compareText(a.id, b.id),
  );
  return direction === 'asc' ? ascending : ascending.reverse();
};

/** The rows a list's filters let through. */
export const filteredRows = (list: AdminList, rows: readonly Row[], filters: AdminListFilterValues) =>
  rows.filter((row) => {
    const day = (row[dateFields[list]] as string).slice(0, 10);
    return (
      (filters.memberId === undefined || row.memberId === filters.memberId) &&
      (filters.plotId === undefined || row.plotId === filters.plotId) &&
      (filters.from === undefined || day >= filters.from) &&
      (filters.to === undefined || day <= filters.to) &&
      (filters.protectionType === undefined || row.protectionType === filters.protectionType)
    );
  });

const filterParameters = (filters: AdminListFilterValues) =>
  Object.fromEntries(Object.entries(filters).map(([name, value]) => [`filter:${name}`, value as string]));

/** Every page of a query, one by its number after the other: the rows in order, and each page's count and total. */
export const readEveryPage = async (
  handler: Handler,
  list: AdminList,
  token: string,
  query: Record<string, string>,
  pageSize = 25,
) => {
  const rows: Row[] = [];
  const answers: Record<string, unknown>[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await callApi(handler, 'GET', `/admin/${list}`, {
      token,
      query: { ...query, page: String(page), pageSize: String(pageSize) },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    answers.push(answer.body);
    rows.push(...answer.body.items);
    if (page * pageSize >= answer.body.count) return { rows, answers };
  }
};

interface ListCheck {
  handler: Handler;
  list: AdminList;
  token: string;
  memberIds: readonly string[];
  filters?: AdminListFilterValues[];
}

/**
 * Checks a list against the members' records: every sort field in both directions, page by page,
 * and each filter given, with the count and (for money) the total of every answer.
 */
export const expectListAsRecords = async ({ handler, list, token, memberIds, filters = [] }: ListCheck) => {
  // A rename made through another function shows once the list has read its names again.
  await new Promise((resolve) => setTimeout(resolve, NAMES_CATCH_UP_MS));
  const rows = await rowsOfRecords(list, memberIds);
  const total = (of: readonly Row[]) => of.reduce((sum, row) => sum + ((row.amountCents as number) ?? 0), 0);
  const expectAnswers = (answers: Record<string, unknown>[], expected: readonly Row[], what: string) => {
    for (const answer of answers) {
      expect(answer.count, `${what}: count`).toBe(expected.length);
      if (list !== 'plots') expect(answer.totalAmount, `${what}: total`).toBe(fromCents(total(expected)));
    }
  };
  for (const field of adminListSortFields[list])
    for (const direction of ['asc', 'desc'] as const) {
      const what = `${list} by ${field} ${direction}`;
      const read = await readEveryPage(handler, list, token, { [`sort:${field}`]: direction });
      const expected = sortedRows(list, rows, field, direction);
      expect(
        read.rows.map((row) => row.id),
        what,
      ).toEqual(expected.map((row) => row.id));
      expect(
        read.rows.map((row) => [row.memberName, row.memberNumber, row.plotName, row.amount]),
        `${what}: names and amounts`,
      ).toEqual(expected.map((row) => [row.memberName, row.memberNumber, row.plotName, row.amount]));
      expectAnswers(read.answers, expected, what);
    }
  const { field, direction } = defaultAdminListSort(list);
  for (const filter of filters) {
    const what = `${list} filtered by ${JSON.stringify(filter)}`;
    const read = await readEveryPage(handler, list, token, filterParameters(filter), 10);
    const expected = sortedRows(list, filteredRows(list, rows, filter), field, direction);
    expect(
      read.rows.map((row) => row.id),
      what,
    ).toEqual(expected.map((row) => row.id));
    expectAnswers(read.answers, expected, what);
  }
  return rows;
};

/**
 * Checks a list against the records (expectListAsRecords), then takes its snapshot, makes the later
 * changes, and checks the list of a new instance, which starts from the snapshot and catches up with
 * them. Answers the rows of the first check.
 */
export const expectListAsRecordsThroughSnapshot = async (
  enablerId: string,
  check: ListCheck,
  laterChanges: () => Promise<void>,
) => {
  const rows = await expectListAsRecords(check);
  await refreshRecordSnapshot(check.list, enablerId);
  await laterChanges();
  forgetRecordDirectories();
  await expectListAsRecords(check);
  return rows;
};

/** An administrator renames a member (name and number), as the member form does. */
export const renameMember = async (token: string, memberId: string, name: string, number: string) => {
  const answer = await callApi(adminMembers, 'POST', `/admin/members/${memberId}`, {
    token,
    body: { name, number, village: 'Fissel' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(204);
};

/** An administrator renames a plot (its other fields as the fixtures make them). */
export const renamePlot = async (token: string, plotId: string, name: string) => {
  const answer = await callApi(adminPlots, 'POST', `/admin/plots/${plotId}`, {
    token,
    body: {
      name,
      latitude: 14,
      longitude: -16,
      startCoverageDate: Date.parse('2026-01-01T00:00:00Z') / 1000,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(204);
};
