import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readMemberPartition } from '#data/members/member-page.ts';
import { expectListAsRecordsThroughSnapshot, renameMember, renamePlot } from '../../testing/admin-lists.ts';
import { callApi } from '../../testing/call-api.ts';
import { givenMember } from '../../testing/member-fixtures.ts';
import { expectTotalsMatchRecords } from '../../testing/money-totals-check.ts';
import { givenAdministeredEnabler, givenSignedInUser } from '../../testing/signed-in-users.ts';
import { unixSeconds } from '../../testing/unix-seconds.ts';
import { handler as contributions } from './handler.ts';

let enablerId: string;
let admin: { email: string; token: string };

beforeAll(async () => {
  ({ enablerId, admin } = await givenAdministeredEnabler());
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
  it('sorts every column, reaches any page, and counts and totals the records, after creates, edits, deletes and renames', async () => {
    const { enablerId: listEnabler, admin: listAdmin } = await givenAdministeredEnabler();
    const other = await givenSignedInUser('ADMIN', listEnabler);
    const members = [
      await givenMember(listEnabler, 2, 'Élodie Sarr'),
      await givenMember(listEnabler, 2, 'awa Diop'),
      await givenMember(listEnabler, 1, 'Moussa Ba'),
    ];
    const memberIds = members.map((member) => member.memberId);
    const created: { id: string; plotIds: string[] }[] = [];
    for (let index = 0; index < 36; index += 1) {
      const member = members[index % members.length] as (typeof members)[number];
      const id = await create(
        member.plotIds[index % member.plotIds.length] as string,
        {
          amount: 5 + ((index * 7) % 23) + (index % 2) / 4,
          protectionType: index % 4 === 0 ? 'EXCESS_RAIN' : 'DROUGHT',
          // Two records share each instant: the order falls back on the id.
          contributionDate: unixSeconds(`2026-0${1 + (Math.floor(index / 2) % 9)}-1${index % 10}T10:00:00Z`),
        },
        index % 5 === 0 ? other.token : listAdmin.token,
      );
      created.push({ id, plotIds: member.plotIds });
    }
    for (const [index, { id, plotIds }] of created.slice(0, 6).entries()) {
      const answer = await callApi(contributions, 'POST', `/admin/contributions/${id}`, {
        token: listAdmin.token,
        body: contributionBody(plotIds.at(-1) as string, {
          amount: 40 + index,
          contributionDate: unixSeconds(`2025-12-0${1 + index}T08:00:00Z`),
        }),
      });
      expect(answer.status).toBe(204);
    }
    for (const { id } of created.slice(30)) {
      const answer = await callApi(contributions, 'DELETE', `/admin/contributions/${id}`, {
        token: listAdmin.token,
      });
      expect(answer.status).toBe(204);
    }
    const renamed = members[2] as (typeof members)[number];
    await renameMember(listAdmin.token, renamed.memberId, 'Aïssatou Ndiaye', 'N-2');
    await renameMember(
      listAdmin.token,
      (members[0] as (typeof members)[number]).memberId,
      'Zoë Fall',
      'N-10',
    );
    await renamePlot(listAdmin.token, renamed.plotIds[0] as string, 'Baobab field');
    const filters = [
      { memberId: renamed.memberId },
      { plotId: (members[1] as (typeof members)[number]).plotIds[1] as string },
      { from: '2026-02-11', to: '2026-05-13' },
      { protectionType: 'EXCESS_RAIN' as const },
      { memberId: (members[0] as (typeof members)[number]).memberId, from: '2026-03-01' },
    ];
    const check = {
      handler: contributions,
      list: 'contributions' as const,
      token: listAdmin.token,
      memberIds,
      filters,
    };
    // A new instance starts from the snapshot and catches up with what came after it.
    const rows = await expectListAsRecordsThroughSnapshot(listEnabler, check, async () => {
      const later = members[1] as (typeof members)[number];
      await create(later.plotIds[0] as string, { amount: 1000 }, listAdmin.token);
      await renameMember(listAdmin.token, later.memberId, 'Awa Diop-Sow', 'N-1');
    });
    expect(rows).toHaveLength(30);
    expect(rows.filter((row) => row.memberName === 'Aïssatou Ndiaye')).toHaveLength(10);
  });

  it('reaches a page by its number alone, and answers an empty page past the end with the count', async () => {
    const { enablerId: listEnabler, admin: listAdmin } = await givenAdministeredEnabler();
    const { plotIds } = await givenMember(listEnabler);
    for (let index = 0; index < 12; index += 1)
      await create(plotIds[0] as string, { amount: index + 1 }, listAdmin.token);
    const page = (number: string) =>
      callApi(contributions, 'GET', '/admin/contributions', {
        token: listAdmin.token,
        query: { page: number, pageSize: '5', 'sort:amount': 'asc' },
      });
    expect((await page('3')).body).toMatchObject({ page: 3, pageSize: 5, count: 12, totalAmount: 78 });
    expect((await page('3')).body.items.map((row: { amount: number }) => row.amount)).toEqual([11, 12]);
    expect((await page('4')).body).toMatchObject({ items: [], page: 4, count: 12, totalAmount: 78 });
  });

  it('refuses two sorts at once, and lists nothing for a member or plot of another enabler', async () => {
    const two = await callApi(contributions, 'GET', '/admin/contributions', {
      token: admin.token,
      query: { 'sort:amount': 'asc', 'sort:memberName': 'desc' },
    });
    expect(two).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
    const elsewhere = await givenAdministeredEnabler();
    const foreign = await givenMember(elsewhere.enablerId);
    await create(foreign.plotIds[0] as string, {}, elsewhere.admin.token);
    for (const filter of <Record<string, string>[]>[
      { 'filter:memberId': foreign.memberId },
      { 'filter:plotId': foreign.plotIds[0] as string },
    ]) {
      const answer = await callApi(contributions, 'GET', '/admin/contributions', {
        token: admin.token,
        query: filter,
      });
      expect(answer.body).toMatchObject({ items: [], count: 0, totalAmount: 0 });
    }
  });
});
