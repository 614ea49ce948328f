import { beforeAll, describe, expect, it } from 'vitest';
import { readMemberPartition } from '#data/members/member-page.ts';
import { expectListAsRecordsThroughSnapshot, renameMember } from '../../testing/admin-lists.ts';
import { callApi } from '../../testing/call-api.ts';
import { givenMember } from '../../testing/member-fixtures.ts';
import { expectTotalsMatchRecords } from '../../testing/money-totals-check.ts';
import { givenAdministeredEnabler, givenSignedInUser } from '../../testing/signed-in-users.ts';
import { unixSeconds } from '../../testing/unix-seconds.ts';
import { handler as payouts } from '../admin-payouts/handler.ts';
import { handler as cashouts } from './handler.ts';

let enablerId: string;
let admin: { email: string; token: string };

beforeAll(async () => {
  ({ enablerId, admin } = await givenAdministeredEnabler());
});

/** A member with a pending benefit of `amount`. */
const memberWithBenefit = async (amount: number) => {
  const given = await givenMember(enablerId);
  const answer = await callApi(payouts, 'POST', '/admin/payouts', {
    token: admin.token,
    body: {
      memberId: given.memberId,
      plotId: given.plotIds[0],
      amount,
      assessmentId: 'A-1',
      assessmentDate: unixSeconds('2026-06-01T00:00:00Z'),
      payoutDate: unixSeconds('2026-06-02T00:00:00Z'),
    },
  });
  expect(answer.status).toBe(201);
  return given;
};

const createCashout = (memberId: string, amount: number, cashoutDate?: number) =>
  callApi(cashouts, 'POST', '/admin/cashouts', {
    token: admin.token,
    body: { memberId, amount, ...(cashoutDate === undefined ? {} : { cashoutDate }) },
  });

describe('cashouts of the administrator', () => {
  it('pays out, edits and deletes a cashout, moving the paid and pending benefit each time', async () => {
    const { memberId, member } = await memberWithBenefit(100);
    const before = Date.now();
    const created = await createCashout(memberId, 40);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    let state = await expectTotalsMatchRecords(memberId);
    expect(state.profile).toMatchObject({ cashoutTotalCents: 4000, cashoutBalanceCents: 6000 });
    const row = (await callApi(cashouts, 'GET', `/admin/cashouts/${id}`, { token: admin.token })).body;
    expect(row).toMatchObject({
      id,
      memberId,
      memberName: member.name,
      memberNumber: member.number,
      amount: 40,
    });
    // Dated today when no date is given.
    expect(Date.parse(row.cashoutDate)).toBeGreaterThanOrEqual(before - 1000);

    const edited = await callApi(cashouts, 'POST', `/admin/cashouts/${id}`, {
      token: admin.token,
      body: { amount: 100, cashoutDate: unixSeconds('2026-07-01T12:00:00Z') },
    });
    expect(edited.status).toBe(204);
    state = await expectTotalsMatchRecords(memberId);
    expect(state.profile).toMatchObject({ cashoutTotalCents: 10000, cashoutBalanceCents: 0 });
    expect(state.items.find((item) => item.id === id)).toMatchObject({
      cashoutDate: '2026-07-01T12:00:00.000Z',
      sk: `CASHOUT#2026-07-01T12:00:00.000Z#${id}`,
    });

    expect((await callApi(cashouts, 'DELETE', `/admin/cashouts/${id}`, { token: admin.token })).status).toBe(
      204,
    );
    state = await expectTotalsMatchRecords(memberId);
    expect(state.profile).toMatchObject({ cashoutTotalCents: 0, cashoutBalanceCents: 10000 });
  });

  it('refuses a cashout above the pending benefit, and an edit that would leave it below zero', async () => {
    const { memberId } = await memberWithBenefit(50);
    expect(await createCashout(memberId, 50.01)).toMatchObject({
      status: 409,
      body: { code: 'ERR_BALANCE_TOO_LOW' },
    });
    const id = (await createCashout(memberId, 30)).body.id as string;
    const before = await readMemberPartition(memberId);
    const raised = await callApi(cashouts, 'POST', `/admin/cashouts/${id}`, {
      token: admin.token,
      body: { amount: 50.01, cashoutDate: unixSeconds('2026-07-01T12:00:00Z') },
    });
    expect(raised).toMatchObject({ status: 409, body: { code: 'ERR_PENDING_BENEFIT_NEGATIVE' } });
    expect(await readMemberPartition(memberId)).toEqual(before);
  });

  it('lets 10 parallel cashouts of one benefit pay at most the benefit', async () => {
    const { memberId } = await memberWithBenefit(100);
    const answers = await Promise.all(Array.from({ length: 10 }, () => createCashout(memberId, 25)));
    const paid = answers.filter((answer) => answer.status === 201).length;
    expect(paid).toBeGreaterThanOrEqual(1);
    expect(paid).toBeLessThanOrEqual(4);
    for (const answer of answers.filter((candidate) => candidate.status !== 201)) {
      expect(['ERR_BALANCE_TOO_LOW', 'ERR_CONFLICT']).toContain(answer.body.code);
    }
    const state = await expectTotalsMatchRecords(memberId);
    expect(state.profile.cashoutBalanceCents).toBe(10000 - 2500 * paid);
  });

  it('deletes a payout and its cashout at once without ever leaving the benefit below zero', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { memberId } = await memberWithBenefit(100);
      const cashoutId = (await createCashout(memberId, 60)).body.id as string;
      const payoutId = (await readMemberPartition(memberId)).find((item) => item.entityType === 'PAYOUT')
        ?.id as string;
      const [payout, cashout] = await Promise.all([
        callApi(payouts, 'DELETE', `/admin/payouts/${payoutId}`, { token: admin.token }),
        callApi(cashouts, 'DELETE', `/admin/cashouts/${cashoutId}`, { token: admin.token }),
      ]);
      // The cashout's deletion always may go; the payout's only once no cash of it is paid.
      expect([204, 409]).toContain(payout.status);
      expect([204, 409]).toContain(cashout.status);
      await expectTotalsMatchRecords(memberId);
    }
  });
});

describe('the cashout list', () => {
  it('sorts every column, reaches any page, and counts and totals the records, after creates, edits, deletes and renames', async () => {
    const { enablerId: listEnabler, admin: listAdmin } = await givenAdministeredEnabler();
    const other = await givenSignedInUser('ADMIN', listEnabler);
    const members = [
      await givenMember(listEnabler, 1, 'Mamadou Diouf'),
      await givenMember(listEnabler, 1, 'ibrahima Cissé'),
      await givenMember(listEnabler, 1, 'Fatou Sarr'),
    ];
    const memberIds = members.map((member) => member.memberId);
    for (const member of members) {
      const answer = await callApi(payouts, 'POST', '/admin/payouts', {
        token: listAdmin.token,
        body: {
          memberId: member.memberId,
          plotId: member.plotIds[0],
          amount: 10_000,
          assessmentId: 'A-1',
          assessmentDate: unixSeconds('2026-01-01T00:00:00Z'),
          payoutDate: unixSeconds('2026-01-02T00:00:00Z'),
        },
      });
      expect(answer.status).toBe(201);
    }
    const ids: string[] = [];
    for (let index = 0; index < 27; index += 1) {
      const answer = await callApi(cashouts, 'POST', '/admin/cashouts', {
        token: index % 3 === 0 ? other.token : listAdmin.token,
        body: {
          memberId: (members[index % members.length] as (typeof members)[number]).memberId,
          amount: 5 + ((index * 11) % 17) + (index % 4) / 4,
          cashoutDate: unixSeconds(`2026-0${2 + (Math.floor(index / 2) % 7)}-1${index % 10}T09:00:00Z`),
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      ids.push(answer.body.id);
    }
    for (const [index, id] of ids.slice(0, 4).entries()) {
      const answer = await callApi(cashouts, 'POST', `/admin/cashouts/${id}`, {
        token: listAdmin.token,
        body: { amount: 50 + index, cashoutDate: unixSeconds(`2026-10-0${1 + index}T12:00:00Z`) },
      });
      expect(answer.status).toBe(204);
    }
    for (const id of ids.slice(24)) {
      const answer = await callApi(cashouts, 'DELETE', `/admin/cashouts/${id}`, { token: listAdmin.token });
      expect(answer.status).toBe(204);
    }
    await renameMember(
      listAdmin.token,
      (members[1] as (typeof members)[number]).memberId,
      'Aminata Kane',
      'C-1',
    );
    const filters = [
      { memberId: (members[2] as (typeof members)[number]).memberId },
      { from: '2026-03-01', to: '2026-05-31' },
    ];
    const check = {
      handler: cashouts,
      list: 'cashouts' as const,
      token: listAdmin.token,
      memberIds,
      filters,
    };
    const rows = await expectListAsRecordsThroughSnapshot(listEnabler, check, () =>
      renameMember(listAdmin.token, (members[0] as (typeof members)[number]).memberId, 'Zeynab Ly', 'C-20'),
    );
    expect(rows).toHaveLength(24);
  });
});
