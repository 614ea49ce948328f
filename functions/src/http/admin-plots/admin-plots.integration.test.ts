import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMonths } from '@cpbo/schemas/coverage-dates.ts';
import { addConfig } from '#data/enablers.ts';
import { memberPartition, plotSortKey } from '#data/member-keys.ts';
import { getMember } from '#data/members.ts';
import { memberItem } from '#data/member-items.ts';
import { plotItem } from '#data/plot-items.ts';
import { tableName } from '#data/table.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { callApi } from '../../testing/call-api.ts';
import { demoConfig, forbiddenAdminAnswer, givenEnabler } from '../../testing/fixtures.ts';
import { newMemberFields, newPlotFields } from '../../testing/member-fixtures.ts';
import { addMemberAsAdmin } from '../../testing/member-requests.ts';
import { givenSignedInUser } from '../../testing/signed-in-users.ts';
import { writeItems } from '../../testing/table-items.ts';
import { unixSecondsOfDay } from '../../testing/unix-seconds.ts';
import { handler as adminPlots } from './handler.ts';

let enablerId: string;
let admin: string;
let otherEnablerId: string;
let otherEnablerName: string;
const otherEnablers = () => forbiddenAdminAnswer({ id: otherEnablerId, name: otherEnablerName });
let otherAdmin: string;

const plotBody = (memberId: string, fields: Record<string, unknown> = {}) => ({
  memberId,
  name: 'North field',
  latitude: 14.2,
  longitude: -16.3,
  startCoverageDate: unixSecondsOfDay('2026-01-31'),
  ...fields,
});

const addPlot = async (memberId: string, fields: Record<string, unknown> = {}, token = admin) => {
  const answer = await callApi(adminPlots, 'POST', '/admin/plots', {
    token,
    body: plotBody(memberId, fields),
  });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
};

/** The plot's item and its member's profile, as stored. */
const stateOf = async (memberId: string, plotId: string) => {
  const get = async (sk: string) =>
    (
      await dynamo().send(
        new GetCommand({
          TableName: tableName(),
          Key: { pk: memberPartition(memberId), sk },
          ConsistentRead: true,
        }),
      )
    ).Item;
  return { plot: await get(plotSortKey(plotId)), member: await get('PROFILE') };
};

const list = (query: Record<string, string>, token = admin) =>
  callApi(adminPlots, 'GET', '/admin/plots', { token, query });

beforeAll(async () => {
  enablerId = (await givenEnabler()).id;
  admin = (await givenSignedInUser('ADMIN', enablerId)).token;
  ({ id: otherEnablerId, name: otherEnablerName } = await givenEnabler());
  otherAdmin = (await givenSignedInUser('ADMIN', otherEnablerId)).token;
});

afterEach(() => vi.restoreAllMocks());

describe('POST /admin/plots', () => {
  it('computes the ends from the latest config, keeps its version, and counts the plot on the member', async () => {
    const memberId = await addMemberAsAdmin(admin);
    const plotId = await addPlot(memberId, { droughtMonthlyContrib: 12.5, cropDescription: ' Millet ' });
    const { plot, member } = await stateOf(memberId, plotId);
    expect(plot).toMatchObject({
      startCoverageDate: '2026-01-31',
      endOfSeasonDate: addMonths('2026-01-31', demoConfig.lengthOfSeasonInMonth),
      endCoverageDate: addMonths('2026-01-31', demoConfig.lengthOfCoverageInMonth),
      enablerConfig: { version: 1 },
      droughtMonthlyContribCents: 1250,
      cropDescription: 'Millet',
      gsi1sk: `2026-01-31#${plotId}`,
    });
    expect(member?.plotCount).toBe(1);
  });

  it('keeps the ends it is given, and refuses an end before the start', async () => {
    const memberId = await addMemberAsAdmin(admin);
    const plotId = await addPlot(memberId, {
      endOfSeasonDate: unixSecondsOfDay('2026-03-01'),
      endCoverageDate: unixSecondsOfDay('2026-12-31'),
    });
    expect((await stateOf(memberId, plotId)).plot).toMatchObject({
      endOfSeasonDate: '2026-03-01',
      endCoverageDate: '2026-12-31',
    });
    const refused = await callApi(adminPlots, 'POST', '/admin/plots', {
      token: admin,
      body: plotBody(memberId, { endCoverageDate: unixSecondsOfDay('2026-01-30') }),
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
    expect((await getMember(memberId))?.plotCount).toBe(1);
  });

  it('refuses missing fields and more than two decimals', async () => {
    const memberId = await addMemberAsAdmin(admin);
    for (const body of [
      { memberId, name: 'No start', latitude: 1, longitude: 1 },
      plotBody(memberId, { latitude: 91 }),
      plotBody(memberId, { droughtMonthlyContrib: 1.234 }),
    ]) {
      const answer = await callApi(adminPlots, 'POST', '/admin/plots', { token: admin, body });
      expect(answer).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
    }
    expect((await getMember(memberId))?.plotCount).toBe(0);
  });

  it('answers ERR_FORBIDDEN_ADMIN with the enabler for another enabler’s member, writing nothing', async () => {
    const theirs = await addMemberAsAdmin(otherAdmin);
    const answer = await callApi(adminPlots, 'POST', '/admin/plots', {
      token: admin,
      body: plotBody(theirs),
    });
    expect(answer).toMatchObject(otherEnablers());
    expect((await getMember(theirs))?.plotCount).toBe(0);
  });
});

describe('POST /admin/plots/{id}', () => {
  it('changes every field and the dates; a new start moves the plot in the list', async () => {
    const memberId = await addMemberAsAdmin(admin);
    const plotId = await addPlot(memberId);
    const answer = await callApi(adminPlots, 'POST', `/admin/plots/${plotId}`, {
      token: admin,
      body: {
        name: 'South field',
        latitude: 12,
        longitude: -15,
        startCoverageDate: unixSecondsOfDay('2026-05-10'),
        endCoverageDate: unixSecondsOfDay('2026-12-01'),
        droughtMonthlyContrib: 3,
        excessRainMonthlyContrib: 1,
        cropDescription: 'Maize',
        isIrrigated: true,
      },
    });
    expect(answer.status).toBe(204);
    expect((await stateOf(memberId, plotId)).plot).toMatchObject({
      name: 'South field',
      startCoverageDate: '2026-05-10',
      endOfSeasonDate: addMonths('2026-05-10', demoConfig.lengthOfSeasonInMonth),
      endCoverageDate: '2026-12-01',
      droughtMonthlyContribCents: 300,
      excessRainMonthlyContribCents: 100,
      isIrrigated: true,
      gsi1sk: `2026-05-10#${plotId}`,
    });
    const page = await list({ 'filter:memberId': memberId });
    expect(page.body.items).toMatchObject([
      { id: plotId, startCoverageDate: '2026-05-10', name: 'South field' },
    ]);
  });

  it('puts the plot under another config version that exists, and refuses one that does not', async () => {
    const enabler = await givenEnabler();
    const token = (await givenSignedInUser('ADMIN', enabler.id)).token;
    const memberId = await addMemberAsAdmin(token);
    await addConfig(
      enabler.id,
      { ...demoConfig, lengthOfSeasonInMonth: 2, lengthOfCoverageInMonth: 3 },
      'test',
    );
    const plotId = await addPlot(memberId, {}, token);
    expect((await stateOf(memberId, plotId)).plot?.enablerConfig.version).toBe(2);
    const body = {
      name: 'North',
      latitude: 1,
      longitude: 1,
      startCoverageDate: unixSecondsOfDay('2026-02-01'),
    };
    const toFirst = await callApi(adminPlots, 'POST', `/admin/plots/${plotId}`, {
      token,
      body: { ...body, enablerConfig: { version: 1 } },
    });
    expect(toFirst.status).toBe(204);
    const before = await stateOf(memberId, plotId);
    expect(before.plot).toMatchObject({
      enablerConfig: { version: 1 },
      endOfSeasonDate: addMonths('2026-02-01', demoConfig.lengthOfSeasonInMonth),
    });
    for (const enablerConfig of [{ version: 3 }, { version: 1, _id: 'not-its-id' }]) {
      const refused = await callApi(adminPlots, 'POST', `/admin/plots/${plotId}`, {
        token,
        body: { ...body, name: 'Changed', enablerConfig },
      });
      expect(refused).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
    }
    expect(await stateOf(memberId, plotId)).toEqual(before);
  });

  it('answers another enabler’s plot with the switch to it and none as not found, writing nothing', async () => {
    const theirMember = await addMemberAsAdmin(otherAdmin);
    const theirs = await addPlot(theirMember, {}, otherAdmin);
    const before = await stateOf(theirMember, theirs);
    for (const [id, expected] of [
      [theirs, otherEnablers()],
      [randomUUID(), { status: 404, body: { code: 'ERR_NOT_FOUND' } }],
    ] as const) {
      const answer = await callApi(adminPlots, 'POST', `/admin/plots/${id}`, {
        token: admin,
        body: {
          name: 'Mine now',
          latitude: 1,
          longitude: 1,
          startCoverageDate: unixSecondsOfDay('2026-01-01'),
        },
      });
      expect(answer).toMatchObject(expected);
    }
    expect(await stateOf(theirMember, theirs)).toEqual(before);
  });
});

describe('DELETE /admin/plots/{id}', () => {
  const setCounts = (memberId: string, plotId: string, counts: Record<string, number>) =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: memberPartition(memberId), sk: plotSortKey(plotId) },
        UpdateExpression: `SET ${Object.keys(counts)
          .map((name) => `${name} = :${name}`)
          .join(', ')}`,
        ExpressionAttributeValues: Object.fromEntries(
          Object.entries(counts).map(([name, n]) => [`:${name}`, n]),
        ),
      }),
    );

  it('is refused while the plot has contributions or payouts, writing nothing', async () => {
    const memberId = await addMemberAsAdmin(admin);
    const plotId = await addPlot(memberId);
    for (const counts of [
      { contributionCount: 1, payoutCount: 0 },
      { contributionCount: 0, payoutCount: 2 },
    ]) {
      await setCounts(memberId, plotId, counts);
      const before = await stateOf(memberId, plotId);
      const answer = await callApi(adminPlots, 'DELETE', `/admin/plots/${plotId}`, { token: admin });
      expect(answer).toMatchObject({ status: 409, body: { code: 'ERR_PLOT_HAS_RECORDS' } });
      expect(await stateOf(memberId, plotId)).toEqual(before);
    }
    await setCounts(memberId, plotId, { contributionCount: 0, payoutCount: 0 });
    expect((await callApi(adminPlots, 'DELETE', `/admin/plots/${plotId}`, { token: admin })).status).toBe(
      204,
    );
  });

  it('deletes a plot without records and counts it down on the member, once', async () => {
    const memberId = await addMemberAsAdmin(admin);
    const plotId = await addPlot(memberId);
    await addPlot(memberId);
    const answers = await Promise.all(
      [1, 2, 3].map(() => callApi(adminPlots, 'DELETE', `/admin/plots/${plotId}`, { token: admin })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 404, 404]);
    const { plot, member } = await stateOf(memberId, plotId);
    expect(plot).toBeUndefined();
    expect(member?.plotCount).toBe(1);
  });

  it('answers ERR_FORBIDDEN_ADMIN with the enabler for another enabler’s plot, writing nothing', async () => {
    const theirMember = await addMemberAsAdmin(otherAdmin);
    const theirs = await addPlot(theirMember, {}, otherAdmin);
    const before = await stateOf(theirMember, theirs);
    const answer = await callApi(adminPlots, 'DELETE', `/admin/plots/${theirs}`, { token: admin });
    expect(answer).toMatchObject(otherEnablers());
    expect(await stateOf(theirMember, theirs)).toEqual(before);
  });
});

describe('GET /admin/plots', () => {
  const PLOTS = 3000;
  const MEMBERS = 300;
  let bigEnabler: string;
  let bigAdmin: string;
  /** Every plot of the enabler, in (start, id) order. */
  let expected: { id: string; start: string; memberId: string }[];
  const memberIndex = new Map<string, number>();

  beforeAll(async () => {
    bigEnabler = (await givenEnabler()).id;
    bigAdmin = (await givenSignedInUser('ADMIN', bigEnabler)).token;
    const at = new Date().toISOString();
    const memberIds = Array.from({ length: MEMBERS }, () => randomUUID());
    memberIds.forEach((id, index) => memberIndex.set(id, index));
    const items: Record<string, unknown>[] = memberIds.map((id, index) =>
      memberItem(newMemberFields(bigEnabler, { name: `Member ${index}`, number: `M-${index}` }), id, at),
    );
    expected = Array.from({ length: PLOTS }, (_, index) => {
      // Many plots share a day, so the order within a day (by id) is exercised too.
      const start = new Date(Date.UTC(2024, 0, 1) + (index % 400) * 86_400_000).toISOString().slice(0, 10);
      return { id: randomUUID(), start, memberId: memberIds[index % MEMBERS] as string };
    });
    for (const plot of expected)
      items.push(
        plotItem(
          newPlotFields(
            { id: plot.memberId, enablerId: bigEnabler },
            {
              name: `Plot ${plot.id.slice(0, 4)}`,
              startCoverageDate: plot.start,
              endOfSeasonDate: plot.start,
              endCoverageDate: plot.start,
            },
          ),
          plot.id,
          at,
        ),
      );
    await writeItems(items);
    expected.sort((a, b) => (`${a.start}#${a.id}` < `${b.start}#${b.id}` ? -1 : 1));
  }, 120_000);

  /** Follows the cursors from the first page; answers every row and the commands sent per page. */
  const everyPage = async (query: Record<string, string>, token = bigAdmin) => {
    const rows: {
      id: string;
      startCoverageDate: string;
      memberId: string;
      memberName: string;
      memberNumber: string;
    }[] = [];
    const commandsPerPage: string[][] = [];
    let cursor: string | null = null;
    let page = 1;
    do {
      const send = vi.spyOn(dynamo(), 'send');
      const answer = await list({ ...query, ...(cursor ? { cursor, page: String(page) } : {}) }, token);
      commandsPerPage.push(send.mock.calls.map(([command]) => command.constructor.name));
      send.mockRestore();
      expect(answer.status).toBe(200);
      expect(answer.body.page).toBe(page);
      rows.push(...answer.body.items);
      cursor = answer.body.nextCursor;
      page += 1;
    } while (cursor);
    return { rows, commandsPerPage };
  };

  it('pages through a few thousand plots in both orders, each page one Query and a BatchGet per 100 members', async () => {
    const ascending = await everyPage({ pageSize: '500', 'sort:startCoverageDate': 'asc' });
    expect(ascending.rows.map((row) => row.id)).toEqual(expected.map((plot) => plot.id));
    expect(ascending.commandsPerPage).toHaveLength(PLOTS / 500);
    for (const commands of ascending.commandsPerPage) {
      // The session read, one Query of the plots, and the member names: 300 members, 100 per BatchGet.
      expect(commands.filter((name) => name === 'QueryCommand')).toHaveLength(1);
      expect(commands.filter((name) => name === 'BatchGetCommand').length).toBeLessThanOrEqual(3);
      expect(commands.length).toBeLessThanOrEqual(5);
    }
    const descending = await everyPage({ pageSize: '500', 'sort:startCoverageDate': 'desc' });
    expect(descending.rows.map((row) => row.id)).toEqual(expected.map((plot) => plot.id).reverse());
    for (const row of ascending.rows)
      expect(row, row.id).toMatchObject({
        memberName: `Member ${memberIndex.get(row.memberId)}`,
        memberNumber: `M-${memberIndex.get(row.memberId)}`,
      });
  }, 120_000);

  it('answers the page sizes of the admin tables, newest start first by default, without an empty last page', async () => {
    const five = await list({ pageSize: '5' }, bigAdmin);
    expect(five.body).toMatchObject({ page: 1, pageSize: 5 });
    expect(five.body.items.map((row: { id: string }) => row.id)).toEqual(
      expected
        .slice(-5)
        .reverse()
        .map((plot) => plot.id),
    );
    const small = await everyPage({ pageSize: '25', 'filter:from': '2024-01-01', 'filter:to': '2024-01-05' });
    const inDays = expected.filter((plot) => plot.start <= '2024-01-05');
    expect(small.rows.map((row) => row.id)).toEqual(inDays.map((plot) => plot.id).reverse());
    expect(small.commandsPerPage).toHaveLength(Math.ceil(inDays.length / 25));
    expect((await list({ pageSize: '7' }, bigAdmin)).status).toBe(400);
  });

  it('filters by start date and by member', async () => {
    const { rows } = await everyPage({
      pageSize: '500',
      'sort:startCoverageDate': 'asc',
      'filter:from': '2024-06-01',
    });
    expect(rows.map((row) => row.id)).toEqual(
      expected.filter((plot) => plot.start >= '2024-06-01').map((plot) => plot.id),
    );
    const memberId = expected[0]?.memberId as string;
    const ofMember = await everyPage({
      pageSize: '5',
      'sort:startCoverageDate': 'asc',
      'filter:memberId': memberId,
    });
    expect(ofMember.rows.map((row) => row.id)).toEqual(
      expected.filter((plot) => plot.memberId === memberId).map((plot) => plot.id),
    );
    expect(ofMember.commandsPerPage.length).toBe(2);
    expect((await list({ 'filter:from': '2024-02-30' }, bigAdmin)).status).toBe(400);
  });

  it('shows only the administrator’s current enabler', async () => {
    const theirs = await list({ pageSize: '500', 'filter:memberId': expected[0]?.memberId as string }, admin);
    expect(theirs).toMatchObject({ status: 200, body: { items: [], nextCursor: null } });
    const { rows } = await everyPage({ pageSize: '500' }, admin);
    expect(rows.some((row) => expected.some((plot) => plot.id === row.id))).toBe(false);
  });

  it('refuses tampered, foreign and mismatched cursors with ERR_INVALID_DATA_FORMAT', async () => {
    const first = await list({ pageSize: '5', 'sort:startCoverageDate': 'asc' }, bigAdmin);
    const cursor = first.body.nextCursor as string;
    expect((await list({ pageSize: '5', 'sort:startCoverageDate': 'asc', cursor }, bigAdmin)).status).toBe(
      200,
    );
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const refused: Record<string, string>[] = [
      { cursor: 'garbage' },
      { cursor: `${cursor}x` },
      { cursor: cursor.slice(0, -4) },
      { cursor, 'sort:startCoverageDate': 'desc' },
      { cursor, 'filter:from': '2024-01-02' },
      { cursor, page: '3' },
      { cursor: encode({ ...decoded, k: { ...decoded.k, gsi1pk: `ENABLER#${enablerId}#PLOT` } }) },
      { cursor: encode({ ...decoded, k: { ...decoded.k, sk: 'PROFILE' } }) },
      { cursor: encode({ ...decoded, k: { gsi1pk: decoded.k.gsi1pk, gsi1sk: decoded.k.gsi1sk } }) },
      { page: '2' },
    ];
    for (const query of refused) {
      const answer = await list({ pageSize: '5', 'sort:startCoverageDate': 'asc', ...query }, bigAdmin);
      expect(answer, JSON.stringify(query)).toMatchObject({
        status: 400,
        body: { code: 'ERR_INVALID_DATA_FORMAT' },
      });
    }
    // Another enabler's administrator cannot read on from this enabler's cursor.
    const foreign = await list({ pageSize: '5', 'sort:startCoverageDate': 'asc', cursor }, admin);
    expect(foreign).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
  });
});
