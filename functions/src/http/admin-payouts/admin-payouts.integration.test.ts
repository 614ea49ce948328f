import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditOfMonth } from '#data/logs/audit.ts';
import { listCampaigns } from '#data/enablers/campaigns.ts';
import { IDEMPOTENCY_KEY_HEADER } from '#http/middleware/idempotency.ts';
import { readMemberPartition } from '#data/members/member-page.ts';
import { expectListAsRecordsThroughSnapshot, renameMember, renamePlot } from '../../testing/admin-lists.ts';
import { callApi } from '../../testing/call-api.ts';
import { givenMember } from '../../testing/member-fixtures.ts';
import { expectTotalsMatchRecords } from '../../testing/money-totals-check.ts';
import { givenAdministeredEnabler, givenSignedInUser } from '../../testing/signed-in-users.ts';
import { unixSecondsOfDay } from '../../testing/unix-seconds.ts';
import { handler as cashouts } from '../admin-cashouts/handler.ts';
import { handler as members } from '../members/handler.ts';
import { handler as payouts } from './handler.ts';

let enablerId: string;
let admin: { email: string; token: string };

beforeAll(async () => {
  ({ enablerId, admin } = await givenAdministeredEnabler());
});

const payoutBody = (memberId: string, plotId: string, fields: Record<string, unknown> = {}) => ({
  memberId,
  plotId,
  amount: 90,
  assessmentId: 'A-2026-1',
  assessmentDate: unixSecondsOfDay('2026-09-30'),
  payoutDate: unixSecondsOfDay('2026-10-01'),
  ...fields,
});

const createPayout = async (memberId: string, plotId: string, fields: Record<string, unknown> = {}) => {
  const answer = await callApi(payouts, 'POST', '/admin/payouts', {
    token: admin.token,
    body: payoutBody(memberId, plotId, fields),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
};

describe('payouts of the administrator', () => {
  it('moves the member’s and the plot’s totals on create, edit and delete, and audits each change', async () => {
    const { memberId, plotIds } = await givenMember(enablerId, 2);
    const [north, south] = plotIds as [string, string];
    const id = await createPayout(memberId, north);
    let state = await expectTotalsMatchRecords(memberId);
    expect(state.profile).toMatchObject({
      payoutTotalCents: 9000,
      cashoutBalanceCents: 9000,
      firstPayoutDate: '2026-10-01',
      lastPayoutDate: '2026-10-01',
    });
    const read = await callApi(payouts, 'GET', `/admin/payouts/${id}`, { token: admin.token });
    expect(read.body).toMatchObject({
      id,
      memberId,
      plotId: north,
      plotName: 'Field 1',
      amount: 90,
      assessmentId: 'A-2026-1',
      assessmentDate: '2026-09-30',
      payoutDate: '2026-10-01',
      createdBy: admin.email,
      modifiedAt: null,
      modifiedBy: null,
    });
    expect(read.body.memberNumber).toMatch(/^N-/);

    // Another amount, another plot and another date: the record moves, same id.
    const edited = await callApi(payouts, 'POST', `/admin/payouts/${id}`, {
      token: admin.token,
      body: {
        ...payoutBody(memberId, south, { amount: 120.5, payoutDate: unixSecondsOfDay('2026-11-02') }),
        memberId: undefined,
      },
    });
    expect(edited.status).toBe(204);
    state = await expectTotalsMatchRecords(memberId);
    expect(state.profile).toMatchObject({
      payoutTotalCents: 12050,
      cashoutBalanceCents: 12050,
      lastPayoutDate: '2026-11-02',
    });
    expect(state.plots.find((plot) => plot.id === north)).toMatchObject({
      payoutCount: 0,
      payoutTotalCents: 0,
    });
    expect(state.plots.find((plot) => plot.id === south)).toMatchObject({
      payoutCount: 1,
      payoutTotalCents: 12050,
    });
    const stored = state.items.filter((item) => item.entityType === 'PAYOUT');
    expect(stored).toHaveLength(1);
    // A new date moves the record in its member's partition; the change moves it in its list's timeline.
    expect(stored[0]).toMatchObject({ id, sk: `PAYOUT#2026-11-02#${id}` });
    expect(stored[0]?.gsi1sk).toBe(`${stored[0]?.modifiedAt as string}#${id}`);
    const after = await callApi(payouts, 'GET', `/admin/payouts/${id}`, { token: admin.token });
    expect(after.body).toMatchObject({
      plotName: 'Field 2',
      modifiedBy: admin.email,
      createdBy: admin.email,
    });

    expect((await callApi(payouts, 'DELETE', `/admin/payouts/${id}`, { token: admin.token })).status).toBe(
      204,
    );
    state = await expectTotalsMatchRecords(memberId);
    expect(state.profile).toMatchObject({ payoutTotalCents: 0, cashoutBalanceCents: 0 });
    expect(state.profile.firstPayoutDate).toBeUndefined();
    expect((await callApi(payouts, 'GET', `/admin/payouts/${id}`, { token: admin.token })).status).toBe(404);

    const month = new Date().toISOString().slice(0, 7);
    const trail = (await auditOfMonth(enablerId, month)).filter((entry) => entry.recordId === id);
    expect(trail.map((entry) => entry.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    expect(trail[1]).toMatchObject({
      recordType: 'PAYOUT',
      memberId,
      by: admin.email,
      before: { amountCents: 9000, payoutDate: '2026-10-01', plotId: north },
      after: { amountCents: 12050, payoutDate: '2026-11-02', plotId: south },
    });
    expect(trail[2]?.after).toBeNull();
  });

  it('creates the campaign of the assessment, and moves its date with a later payout of it', async () => {
    const { memberId, plotIds } = await givenMember(enablerId, 2);
    const assessmentId = `A-${randomUUID().slice(0, 8)}`;
    await createPayout(memberId, plotIds[0] as string, {
      assessmentId,
      assessmentDate: unixSecondsOfDay('2026-08-15'),
    });
    expect((await listCampaigns(enablerId)).find((campaign) => campaign.id === assessmentId)).toEqual({
      id: assessmentId,
      name: assessmentId,
      reportingDate: '2026-08-15',
    });
    await createPayout(memberId, plotIds[1] as string, {
      assessmentId,
      assessmentDate: unixSecondsOfDay('2026-08-20'),
    });
    const campaigns = (await listCampaigns(enablerId)).filter((campaign) => campaign.id === assessmentId);
    expect(campaigns).toEqual([{ id: assessmentId, name: assessmentId, reportingDate: '2026-08-20' }]);
  });

  it('refuses a second payout of one assessment and plot, created or moved there, naming the first, writing nothing', async () => {
    const { memberId, plotIds } = await givenMember(enablerId, 2);
    const [north, south] = plotIds as [string, string];
    const assessmentId = `A-${randomUUID().slice(0, 8)}`;
    const first = await createPayout(memberId, north, { assessmentId });
    const other = await createPayout(memberId, south, { assessmentId });
    const before = await readMemberPartition(memberId);
    const taken = {
      status: 409,
      body: { code: 'ERR_PLOT_PAID_FOR_ASSESSMENT', details: { payoutId: first, runId: null } },
    };
    expect(
      await callApi(payouts, 'POST', '/admin/payouts', {
        token: admin.token,
        body: payoutBody(memberId, north, { assessmentId }),
      }),
    ).toMatchObject(taken);
    const { memberId: _, ...moved } = payoutBody(memberId, north, { assessmentId });
    expect(
      await callApi(payouts, 'POST', `/admin/payouts/${other}`, { token: admin.token, body: moved }),
    ).toMatchObject(taken);
    expect(await readMemberPartition(memberId)).toEqual(before);
  });

  it('refuses to delete or lower a payout already paid out, writing nothing', async () => {
    const { memberId, plotIds } = await givenMember(enablerId);
    const id = await createPayout(memberId, plotIds[0] as string, { amount: 100 });
    const cashout = await callApi(cashouts, 'POST', '/admin/cashouts', {
      token: admin.token,
      body: { memberId, amount: 60 },
    });
    expect(cashout.status).toBe(201);
    const before = await readMemberPartition(memberId);

    const removed = await callApi(payouts, 'DELETE', `/admin/payouts/${id}`, { token: admin.token });
    expect(removed).toMatchObject({ status: 409, body: { code: 'ERR_PENDING_BENEFIT_NEGATIVE' } });
    const lowered = await callApi(payouts, 'POST', `/admin/payouts/${id}`, {
      token: admin.token,
      body: { ...payoutBody(memberId, plotIds[0] as string, { amount: 59.99 }), memberId: undefined },
    });
    expect(lowered).toMatchObject({ status: 409, body: { code: 'ERR_PENDING_BENEFIT_NEGATIVE' } });
    expect(await readMemberPartition(memberId)).toEqual(before);

    // Down to what was paid out is allowed; then the cashout goes and the payout can go too.
    const toPaid = await callApi(payouts, 'POST', `/admin/payouts/${id}`, {
      token: admin.token,
      body: { ...payoutBody(memberId, plotIds[0] as string, { amount: 60 }), memberId: undefined },
    });
    expect(toPaid.status).toBe(204);
    expect((await expectTotalsMatchRecords(memberId)).profile.cashoutBalanceCents).toBe(0);
    expect(
      (
        await callApi(cashouts, 'DELETE', `/admin/cashouts/${cashout.body.id as string}`, {
          token: admin.token,
        })
      ).status,
    ).toBe(204);
    expect((await callApi(payouts, 'DELETE', `/admin/payouts/${id}`, { token: admin.token })).status).toBe(
      204,
    );
    await expectTotalsMatchRecords(memberId);
  });

  it('refuses a plot of another member, an unknown member and more than two decimals', async () => {
    const { memberId } = await givenMember(enablerId);
    const other = await givenMember(enablerId);
    const before = await readMemberPartition(memberId);
    const cases = [
      [payoutBody(memberId, other.plotIds[0] as string), 404, 'ERR_NOT_FOUND'],
      [payoutBody(randomUUID(), other.plotIds[0] as string), 404, 'ERR_NOT_FOUND'],
      [
        payoutBody(other.memberId, other.plotIds[0] as string, { amount: 1.234 }),
        400,
        'ERR_INVALID_DATA_FORMAT',
      ],
      [payoutBody(other.memberId, other.plotIds[0] as string, { amount: 0 }), 400, 'ERR_INVALID_DATA_FORMAT'],
      [
        payoutBody(other.memberId, other.plotIds[0] as string, { assessmentId: ' ' }),
        400,
        'ERR_INVALID_DATA_FORMAT',
      ],
    ] as const;
    for (const [body, status, code] of cases) {
      const answer = await callApi(payouts, 'POST', '/admin/payouts', { token: admin.token, body });
      expect(answer, JSON.stringify(body)).toMatchObject({ status, body: { code } });
    }
    expect(await readMemberPartition(memberId)).toEqual(before);
    await expectTotalsMatchRecords(other.memberId);
    expect(
      (await readMemberPartition(other.memberId)).filter((item) => item.entityType === 'PAYOUT'),
    ).toEqual([]);
  });

  it('records a repeated creation once with one Idempotency-Key', async () => {
    const { memberId, plotIds } = await givenMember(enablerId);
    const key = randomUUID();
    const send = () =>
      callApi(payouts, 'POST', '/admin/payouts', {
        token: admin.token,
        body: payoutBody(memberId, plotIds[0] as string),
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      });
    const [first, second] = [await send(), await send()];
    expect(first.status).toBe(201);
    expect(second).toMatchObject({ status: 201, body: first.body });
    expect((await expectTotalsMatchRecords(memberId)).profile.payoutTotalCents).toBe(9000);
  });

  it('shows the payouts on the member page with the member’s name and number and the plot’s current name', async () => {
    const { memberId, member, plotIds } = await givenMember(enablerId);
    await createPayout(memberId, plotIds[0] as string);
    const agent = await givenSignedInUser('USER', enablerId);
    const page = await callApi(members, 'GET', `/members/${memberId}`, { token: agent.token });
    expect(page.body.payouts[0]).toMatchObject({
      memberId,
      memberName: member.name,
      memberNumber: member.number,
      plotName: 'Field 1',
    });
  });
});

describe('the payout list', () => {
  it('sorts every column, reaches any page, and counts and totals the records, after creates, edits, deletes and renames', async () => {
    const { enablerId: listEnabler, admin: listAdmin } = await givenAdministeredEnabler();
    const other = await givenSignedInUser('ADMIN', listEnabler);
    const members = [
      await givenMember(listEnabler, 2, 'Ndèye Fall'),
      await givenMember(listEnabler, 1, 'cheikh Gueye'),
      await givenMember(listEnabler, 2, 'Khady Faye'),
    ];
    const memberIds = members.map((member) => member.memberId);
    const created: { id: string; memberId: string; plotIds: string[] }[] = [];
    for (let index = 0; index < 30; index += 1) {
      const member = members[index % members.length] as (typeof members)[number];
      const answer = await callApi(payouts, 'POST', '/admin/payouts', {
        token: index % 4 === 0 ? other.token : listAdmin.token,
        body: payoutBody(member.memberId, member.plotIds[index % member.plotIds.length] as string, {
          amount: 10 + ((index * 13) % 29) + (index % 3) / 2,
          // One payout per assessment and plot: the index makes each pair its own.
          assessmentId: `A-${(index * 7) % 12}-${index}`,
          assessmentDate: unixSecondsOfDay(`2026-0${1 + (index % 8)}-2${index % 8}`),
          payoutDate: unixSecondsOfDay(`2026-0${2 + (Math.floor(index / 2) % 8)}-0${1 + (index % 9)}`),
        }),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      created.push({ id: answer.body.id, memberId: member.memberId, plotIds: member.plotIds });
    }
    for (const [index, { id, memberId, plotIds }] of created.slice(0, 5).entries()) {
      const { memberId: _, ...body } = payoutBody(memberId, plotIds.at(-1) as string, {
        amount: 70 + index,
        assessmentId: `B-${index}`,
        payoutDate: unixSecondsOfDay(`2025-11-1${index}`),
      });
      const answer = await callApi(payouts, 'POST', `/admin/payouts/${id}`, { token: listAdmin.token, body });
      expect(answer.status).toBe(204);
    }
    for (const { id } of created.slice(26)) {
      const answer = await callApi(payouts, 'DELETE', `/admin/payouts/${id}`, { token: listAdmin.token });
      expect(answer.status).toBe(204);
    }
    const renamed = members[0] as (typeof members)[number];
    await renameMember(listAdmin.token, renamed.memberId, 'Ababacar Sy', 'P-3');
    await renamePlot(listAdmin.token, renamed.plotIds[1] as string, 'Mango grove');
    const filters = [
      { memberId: renamed.memberId },
      { plotId: renamed.plotIds[1] as string },
      { from: '2026-03-01', to: '2026-06-30' },
    ];
    const check = { handler: payouts, list: 'payouts' as const, token: listAdmin.token, memberIds, filters };
    const rows = await expectListAsRecordsThroughSnapshot(listEnabler, check, () =>
      renamePlot(listAdmin.token, (members[2] as (typeof members)[number]).plotIds[0] as string, 'Zebu park'),
    );
    expect(rows).toHaveLength(26);
  });
});
