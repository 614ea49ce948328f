import { randomUUID } from 'node:crypto';
import { BatchGetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MEMBER_PROFILE, memberPartition } from '#data/member-keys.ts';
import { MAX_QUERIES_PER_PAGE } from '#data/money-pages.ts';
import { moneyItem } from '#data/money-items.ts';
import { tableName } from '#data/table.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { readMemberPartition } from '#data/member-page.ts';
import { callApi } from '../../testing/call-api.ts';
import { givenMember } from '../../testing/member-fixtures.ts';
import { expectTotalsMatchRecords } from '../../testing/money-totals-check.ts';
import { givenAdministeredEnabler } from '../../testing/signed-in-users.ts';
import { writeItems } from '../../testing/table-items.ts';
import { unixSeconds } from '../../testing/unix-seconds.ts';
import { handler as contributions } from './handler.ts';

let enablerId: string;
let admin: { email: string; token: string };

beforeAll(async () => {
  ({ enablerId, admin } = await givenAdministeredEnabler());
});

afterEach(() => {
  vi.restoreAllMocks();
});

const contributionBody = (plotId: string, fields: Record<string, unknown> = {}) => ({
  plotId,
  amount: 15,
  protectionType: 'DROUGHT',
  contributionDate: unixSeconds('2026-03-05T10:00:00Z'),
  ...fields,
});

const create = async (plotId: string, fields: Record<string, unknown> = {}, token = admin.token) => {
  const answer = await callApi(contributions, 'POST', '/admin/contributions', {
    token,
    body: contributionBody(plotId, fields),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
};

describe('contributions of the administrator', () => {
  it('moves the member’s and the plot’s totals and dates on create, edit and delete', async () => {
    const { memberId, plotIds } = await givenMember(enablerId, 2);
    const [north, south] = plotIds as [string, string];
    const first = await create(north, { contributionDate: unixSeconds('2026-01-10T08:00:00Z') });
    const middle = await create(north, { amount: 20, contributionDate: unixSeconds('2026-02-10T08:00:00Z') });
    const last = await create(south, {
      amount: 30.25,
      contributionDate: unixSeconds('2026-03-10T08:00:00Z'),
    });
    let state = await expectTotalsMatchRecords(memberId);
    expect(state.profile).toMatchObject({
      contributionTotalCents: 6525,
      firstContributionDate: '2026-01-10',
      lastContributionDate: '2026-03-10',
    });

    // Deleting the first moves the first date to the next one.
    expect(
      (await callApi(contributions, 'DELETE', `/admin/contributions/${first}`, { token: admin.token }))
        .status,
    ).toBe(204);
    state = await expectTotalsMatchRecords(memberId);
    expect(state.profile).toMatchObject({
      contributionTotalCents: 5025,
      firstContributionDate: '2026-02-10',
    });

    // Moving the last one earlier than the middle one moves the last date back; the plot and type change too.
    const edited = await callApi(contributions, 'POST', `/admin/contributions/${last}`, {
      token: admin.token,
      body: contributionBody(north, {
        amount: 5,
        protectionType: 'EXCESS_RAIN',
        contributionDate: unixSeconds('2026-02-01T00:00:00Z'),
      }),
    });
    expect(edited.status).toBe(204);
    state = await expectTotalsMatchRecords(memberId);
    expect(state.profile).toMatchObject({
      contributionTotalCents: 2500,
      firstContributionDate: '2026-02-01',
      lastContributionDate: '2026-02-10',
    });
    expect(state.plots.find((plot) => plot.id === south)).toMatchObject({ contributionCount: 0 });
    expect(state.plots.find((plot) => plot.id === north)).toMatchObject({
      contributionCount: 2,
      contributionTotalCents: 2500,
    });
    const row = await callApi(contributions, 'GET', `/admin/contributions/${last}`, { token: admin.token });
    expect(row.body).toMatchObject({
      id: last,
      plotId: north,
      plotName: 'Field 1',
      protectionType: 'EXCESS_RAIN',
      amount: 5,
      contributionDate: '2026-02-01T00:00:00.000Z',
      modifiedBy: admin.email,
    });

    for (const id of [middle, last]) {
      await callApi(contributions, 'DELETE', `/admin/contributions/${id}`, { token: admin.token });
    }
    state = await expectTotalsMatchRecords(memberId);
    expect(state.profile.contributionTotalCents).toBe(0);
    expect(state.profile.firstContributionDate).toBeUndefined();
    expect(state.profile.lastContributionDate).toBeUndefined();
  });

  it('refuses a plot that does not exist and a deleted record, writing nothing', async () => {
    const { memberId, plotIds } = await givenMember(enablerId);
    const id = await create(plotIds[0] as string);
    const before = await readMemberPartition(memberId);
    expect(
      await callApi(contributions, 'POST', '/admin/contributions', {
        token: admin.token,
        body: contributionBody(randomUUID()),
      }),
    ).toMatchObject({ status: 404, body: { code: 'ERR_NOT_FOUND' } });
    const moved = await callApi(contributions, 'POST', `/admin/contributions/${id}`, {
      token: admin.token,
      body: contributionBody((await givenMember(enablerId)).plotIds[0] as string),
    });
    expect(moved).toMatchObject({ status: 404, body: { code: 'ERR_NOT_FOUND' } });
    expect(await readMemberPartition(memberId)).toEqual(before);
    await callApi(contributions, 'DELETE', `/admin/contributions/${id}`, { token: admin.token });
    for (const method of ['GET', 'DELETE'] as const) {
      expect(
        (await callApi(contributions, method, `/admin/contributions/${id}`, { token: admin.token })).status,
      ).toBe(404);
    }
  });

  it('keeps every cent through 10 parallel edits and 10 parallel deletes of one member’s contributions', async () => {
    const { memberId, plotIds } = await givenMember(enablerId, 2);
    const ids: string[] = [];
    for (let day = 1; day <= 20; day += 1) {
      ids.push(
        await create(plotIds[day % 2] as string, {
          amount: day,
          contributionDate: unixSeconds(`2026-04-${String(day).padStart(2, '0')}T09:00:00Z`),
        }),
      );
    }
    const answers = await Promise.all([
      ...ids.slice(0, 10).map((id, index) =>
        callApi(contributions, 'POST', `/admin/contributions/${id}`, {
          token: admin.token,
          body: contributionBody(plotIds[index % 2 === 0 ? 1 : 0] as string, {
            amount: 100 + index,
            contributionDate: unixSeconds(`2026-05-${String(index + 1).padStart(2, '0')}T09:00:00Z`),
          }),
        }),
      ),
      ...ids
        .slice(10)
        .map((id) => callApi(contributions, 'DELETE', `/admin/contributions/${id}`, { token: admin.token })),
    ]);
    // Each change either went through or was refused as a conflict, never half done.
    for (const answer of answers) {
      expect([204, 409]).toContain(answer.status);
      if (answer.status === 409) expect(answer.body.code).toBe('ERR_CONFLICT');
    }
    const state = await expectTotalsMatchRecords(memberId);
    const succeeded = answers.filter((answer) => answer.status === 204).length;
    expect(succeeded).toBeGreaterThanOrEqual(10);
    expect(state.records.length).toBe(
      20 - answers.slice(10).filter((answer) => answer.status === 204).length,
    );
  });
});

describe('the contribution list', () => {
  const RECORDS = 3000;
  let listEnabler: string;
  let listAdmin: { email: string; token: string };
  const members: { memberId: string; name: string; number: string; plotIds: string[] }[] = [];
  const written: { id: string; memberId: string; plotId: string; date: string; type: string }[] = [];

  beforeAll(async () => {
    ({ enablerId: listEnabler, admin: listAdmin } = await givenAdministeredEnabler());
    for (let index = 0; index < 12; index += 1) {
      const given = await givenMember(listEnabler, 2);
      members.push({
        memberId: given.memberId,
        name: given.member.name,
        number: given.member.number,
        plotIds: given.plotIds,
      });
    }
    const items: Record<string, unknown>[] = [];
    const start = Date.parse('2024-01-01T00:00:00Z');
    for (let index = 0; index < RECORDS; index += 1) {
      const member = members[index % members.length] as (typeof members)[number];
      const plotId = member.plotIds[index % 2] as string;
      // Several records share each instant: the order falls back on the id.
      const date = new Date(start + Math.floor(index / 3) * 7_200_000 + (index % 7) * 60_000).toISOString();
      const protectionType = index % 3 === 0 ? 'EXCESS_RAIN' : 'DROUGHT';
      const item = moneyItem(
        'CONTRIBUTION',
        { id: member.memberId, enablerId: listEnabler, federation: null },
        date,
        { plotId, plotName: 'Old name', amountCents: 100 + index, protectionType, contributionDate: date },
        'seed',
        date,
      );
      items.push(item);
      written.push({ id: item.id, memberId: member.memberId, plotId, date, type: protectionType });
    }
    await writeItems(items);
  }, 120_000);

  // The index's order: the sort key's characters by code point.
  const byDateThenId = (a: { date: string; id: string }, b: { date: string; id: string }) => {
    const [left, right] = [`${a.date}#${a.id}`, `${b.date}#${b.id}`];
    return left < right ? -1 : left > right ? 1 : 0;
  };

  /** Follows the cursors from the first page to the last, counting the list's reads of each page. */
  const followAll = async (query: Record<string, string>) => {
    const send = vi.spyOn(dynamo(), 'send');
    const rows: Record<string, unknown>[] = [];
    const pages: { rows: number; queries: number; scanned: number; namesRead: number }[] = [];
    let cursor: string | undefined;
    do {
      send.mockClear();
      const answer = await callApi(contributions, 'GET', '/admin/contributions', {
        token: listAdmin.token,
        query: { ...query, ...(cursor ? { cursor } : {}) },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      let queries = 0;
      let scanned = 0;
      let namesRead = 0;
      for (const [index, [command]] of send.mock.calls.entries()) {
        const output = (await send.mock.results[index]?.value) as { ScannedCount?: number } | undefined;
        if (command instanceof QueryCommand && command.input.KeyConditionExpression?.includes('BETWEEN')) {
          queries += 1;
          scanned += output?.ScannedCount ?? 0;
        }
        if (command instanceof BatchGetCommand) {
          namesRead += Object.values(command.input.RequestItems ?? {}).reduce(
            (sum, request) => sum + (request.Keys?.length ?? 0),
            0,
          );
        }
      }
      pages.push({ rows: answer.body.items.length, queries, scanned, namesRead });
      rows.push(...answer.body.items);
      cursor = answer.body.nextCursor ?? undefined;
    } while (cursor);
    send.mockRestore();
    return { rows, pages };
  };

  it('visits every record once, newest first by default, with bounded reads per page', async () => {
    const { rows, pages } = await followAll({ pageSize: '500' });
    expect(rows.map((row) => row.id)).toEqual(
      [...written]
        .sort(byDateThenId)
        .reverse()
        .map((record) => record.id),
    );
    // No empty page after the last full one: a page reads one item more than it shows.
    expect(pages.length).toBe(Math.ceil(RECORDS / 500));
    expect(pages.map((page) => page.rows)).toEqual(pages.map(() => 500));
    for (const page of pages) {
      expect(page.queries).toBeLessThanOrEqual(MAX_QUERIES_PER_PAGE);
      expect(page.scanned).toBeLessThanOrEqual(500 + 1);
      expect(page.namesRead).toBeLessThanOrEqual(2 * 500);
    }
  });

  it('sorts oldest first on asking, and joins the current names of members and plots', async () => {
    const member = members[0] as (typeof members)[number];
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: memberPartition(member.memberId), sk: MEMBER_PROFILE },
        UpdateExpression: 'SET #name = :name',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': 'Renamed member' },
      }),
    );
    const { rows } = await followAll({ pageSize: '500', 'sort:contributionDate': 'asc' });
    expect(rows.map((row) => row.id)).toEqual([...written].sort(byDateThenId).map((record) => record.id));
    const ofMember = rows.filter((row) => row.memberId === member.memberId);
    expect(ofMember.length).toBe(RECORDS / members.length);
    for (const row of ofMember) {
      expect(row).toMatchObject({ memberName: 'Renamed member', memberNumber: member.number });
      expect(row.plotName).toMatch(/^Field [12]$/);
    }
  });

  it('filters by protection type with fewer rows per page but never more reads, and by date range', async () => {
    const { rows, pages } = await followAll({ pageSize: '25', 'filter:protectionType': 'EXCESS_RAIN' });
    expect(rows.map((row) => row.id).sort()).toEqual(
      written
        .filter((record) => record.type === 'EXCESS_RAIN')
        .map((record) => record.id)
        .sort(),
    );
    for (const page of pages) {
      expect(page.rows).toBeLessThanOrEqual(25);
      expect(page.queries).toBeLessThanOrEqual(MAX_QUERIES_PER_PAGE);
      // Each follow-up query reads only what the page still lacks, and one more.
      expect(page.scanned).toBeLessThanOrEqual(MAX_QUERIES_PER_PAGE * (25 + 1));
    }

    const from = '2024-02-01';
    const to = '2024-02-10';
    const ranged = await followAll({ pageSize: '25', 'filter:from': from, 'filter:to': to });
    const expected = written.filter(
      (record) => record.date.slice(0, 10) >= from && record.date.slice(0, 10) <= to,
    );
    expect(expected.length).toBeGreaterThan(100);
    expect(ranged.rows.map((row) => row.id)).toEqual(
      expected
        .sort(byDateThenId)
        .reverse()
        .map((r) => r.id),
    );
  });

  it('filters by member and by plot, read from the member’s partition', async () => {
    const member = members[3] as (typeof members)[number];
    const ofMember = await followAll({ pageSize: '25', 'filter:memberId': member.memberId });
    expect(ofMember.rows.map((row) => row.id)).toEqual(
      written
        .filter((record) => record.memberId === member.memberId)
        .sort(byDateThenId)
        .reverse()
        .map((record) => record.id),
    );
    const plotId = member.plotIds[1] as string;
    const ofPlot = await followAll({
      pageSize: '25',
      'filter:plotId': plotId,
      'sort:contributionDate': 'asc',
    });
    expect(ofPlot.rows.map((row) => row.id)).toEqual(
      written
        .filter((record) => record.plotId === plotId)
        .sort(byDateThenId)
        .map((record) => record.id),
    );
    for (const page of ofPlot.pages) expect(page.queries).toBeLessThanOrEqual(MAX_QUERIES_PER_PAGE);
    // A plot of another member than the one asked holds nothing here.
    const mismatch = await followAll({
      'filter:memberId': (members[4] as (typeof members)[number]).memberId,
      'filter:plotId': plotId,
    });
    expect(mismatch.rows).toEqual([]);
    // Such an empty list still has one page only: page 2 without a cursor is refused like anywhere.
    const beyond = await callApi(contributions, 'GET', '/admin/contributions', {
      token: listAdmin.token,
      query: {
        'filter:memberId': (members[4] as (typeof members)[number]).memberId,
        'filter:plotId': plotId,
        page: '2',
      },
    });
    expect(beyond).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
  });

  it('answers 400 ERR_INVALID_DATA_FORMAT, never 500, to a cursor it did not give for this list', async () => {
    const first = await callApi(contributions, 'GET', '/admin/contributions', {
      token: listAdmin.token,
      query: { pageSize: '5' },
    });
    const cursor = first.body.nextCursor as string;
    expect(first.body.page).toBe(1);
    // The page a cursor leads to is its own: the answer says it, and asking for it is allowed.
    const second = await callApi(contributions, 'GET', '/admin/contributions', {
      token: listAdmin.token,
      query: { pageSize: '5', page: '2', cursor },
    });
    expect(second).toMatchObject({ status: 200, body: { page: 2 } });
    const state = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
    const other = await givenAdministeredEnabler();
    const cases: [string, Record<string, string>, string][] = [
      ['not base64 JSON', {}, 'bm90LWpzb24'],
      ['JSON but not a cursor', {}, encode([1, 2])],
      ['another sort', { 'sort:contributionDate': 'asc' }, cursor],
      ['another filter', { 'filter:protectionType': 'DROUGHT' }, cursor],
      ['another partition', { 'filter:memberId': (members[0] as (typeof members)[number]).memberId }, cursor],
      [
        'a key of another partition',
        {},
        encode({ ...state, k: { ...state.k, gsi1pk: `ENABLER#${other.enablerId}#CONTRIB` } }),
      ],
      ['a key out of the range', { 'filter:to': '2024-01-02' }, cursor],
      ['a key with other attributes', {}, encode({ ...state, k: { ...state.k, extra: 'x' } })],
      ['a key that is not text', {}, encode({ ...state, k: { ...state.k, gsi1sk: 5 } })],
      ['a key DynamoDB refuses', {}, encode({ ...state, k: { ...state.k, sk: '' } })],
      ['a page other than the cursor’s', { page: '3' }, cursor],
      ['a page without its cursor', { page: '2' }, ''],
    ];
    for (const [what, query, given] of cases) {
      const answer = await callApi(contributions, 'GET', '/admin/contributions', {
        token: listAdmin.token,
        query: { pageSize: '5', ...query, ...(given ? { cursor: given } : {}) },
      });
      expect(answer, what).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
    }
    // Another enabler's administrator cannot follow this enabler's cursor.
    const foreign = await callApi(contributions, 'GET', '/admin/contributions', {
      token: other.admin.token,
      query: { pageSize: '5', cursor },
    });
    expect(foreign).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
    const tooLong = await callApi(contributions, 'GET', '/admin/contributions', {
      token: listAdmin.token,
      query: { cursor: 'A'.repeat(2000) },
    });
    expect(tooLong).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
  });
});
