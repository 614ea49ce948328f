import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '@cpbo/schemas/coverage-dates.ts';
import { addConfig } from '#data/enablers/enablers.ts';
import { memberPartition, plotSortKey } from '#data/members/member-keys.ts';
import { getMember } from '#data/members/members.ts';
import { tableName } from '#data/table/table.ts';
import { dynamo } from '#platform/aws-clients.ts';
import {
  expectListAsRecordsThroughSnapshot,
  readEveryPage,
  renameMember,
  renamePlot,
} from '../../testing/admin-lists.ts';
import { callApi } from '../../testing/call-api.ts';
import { demoConfig, forbiddenAdminAnswer, givenEnabler } from '../../testing/fixtures.ts';
import { addMemberAsAdmin } from '../../testing/member-requests.ts';
import { givenSignedInUser } from '../../testing/signed-in-users.ts';
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
    });
    // In the enabler's plot timeline under its creation.
    expect(plot?.gsi1sk).toBe(`${plot?.updatedAt as string}#${plotId}`);
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
  it('changes every field and the dates, and moves the plot in its list’s change timeline', async () => {
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
      gsi1sk: expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z#${plotId}$`)),
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
  it('sorts every column, reaches any page, and counts the plots, after creates, edits, deletes and renames', async () => {
    const listEnabler = (await givenEnabler()).id;
    const listAdmin = (await givenSignedInUser('ADMIN', listEnabler)).token;
    const memberIds = [
      await addMemberAsAdmin(listAdmin),
      await addMemberAsAdmin(listAdmin),
      await addMemberAsAdmin(listAdmin),
    ];
    const names = ['Élan field', 'north field', 'Baobab', 'Zone 2', 'zone 10', 'Ña field'];
    const crops = ['Millet', 'maïs', undefined, 'Maize', 'millet'];
    const irrigation = [true, undefined, false, null];
    const plotIds: string[] = [];
    for (let index = 0; index < 24; index += 1)
      plotIds.push(
        await addPlot(
          memberIds[index % 3] as string,
          {
            name: names[index % names.length],
            latitude: 10 + ((index * 7) % 11),
            droughtMonthlyContrib: (index * 3) % 7,
            startCoverageDate: unixSecondsOfDay(`2026-0${1 + (index % 9)}-1${index % 4}`),
            cropDescription: crops[index % crops.length],
            isIrrigated: irrigation[index % irrigation.length],
          },
          listAdmin,
        ),
      );
    for (const [index, plotId] of plotIds.slice(0, 4).entries()) {
      const answer = await callApi(adminPlots, 'POST', `/admin/plots/${plotId}`, {
        token: listAdmin,
        body: {
          name: `Moved ${index}`,
          latitude: -5,
          longitude: 2,
          startCoverageDate: unixSecondsOfDay('2025-11-02'),
        },
      });
      expect(answer.status).toBe(204);
    }
    for (const plotId of plotIds.slice(20)) {
      const answer = await callApi(adminPlots, 'DELETE', `/admin/plots/${plotId}`, { token: listAdmin });
      expect(answer.status).toBe(204);
    }
    await renameMember(listAdmin, memberIds[1] as string, 'Ousmane Sène', 'M-7');
    await renamePlot(listAdmin, plotIds[5] as string, 'Renamed field');
    const filters = [{ memberId: memberIds[1] as string }, { from: '2026-03-01', to: '2026-06-30' }];
    const check = { handler: adminPlots, list: 'plots' as const, token: listAdmin, memberIds, filters };
    // A new instance starts from the snapshot and catches up with what came after it.
    const rows = await expectListAsRecordsThroughSnapshot(listEnabler, check, async () => {
      await addPlot(memberIds[0] as string, { name: 'Late field' }, listAdmin);
      await renameMember(listAdmin, memberIds[0] as string, 'Awa Ba', 'M-70');
    });
    expect(rows).toHaveLength(20);
  });

  it('answers the page sizes of the admin tables, any page by its number, and refuses another size or day', async () => {
    const memberId = await addMemberAsAdmin(admin);
    for (let index = 0; index < 7; index += 1)
      await addPlot(memberId, { startCoverageDate: unixSecondsOfDay(`2026-02-0${index + 1}`) });
    const third = await list({ pageSize: '5', page: '2', 'filter:memberId': memberId });
    expect(third.body).toMatchObject({ page: 2, pageSize: 5, count: 7 });
    expect(third.body.items.map((row: { startCoverageDate: string }) => row.startCoverageDate)).toEqual([
      '2026-02-02',
      '2026-02-01',
    ]);
    expect((await list({ pageSize: '7' })).status).toBe(400);
    expect((await list({ 'filter:from': '2024-02-30' })).status).toBe(400);
    expect((await list({ 'sort:name': 'asc', 'sort:latitude': 'asc' })).status).toBe(400);
  });

  it('shows only the administrator’s current enabler', async () => {
    const theirs = await addMemberAsAdmin(otherAdmin);
    await addPlot(theirs, {}, otherAdmin);
    expect(await list({ pageSize: '500', 'filter:memberId': theirs })).toMatchObject({
      status: 200,
      body: { items: [], count: 0 },
    });
    const ours = await readEveryPage(adminPlots, 'plots', admin, {}, 500);
    expect(ours.rows.some((row) => row.memberId === theirs)).toBe(false);
  });
});
