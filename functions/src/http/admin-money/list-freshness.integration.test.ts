import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeMoneyRecord } from '#data/money/money-change.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { renameMember, renamePlot } from '../../testing/admin-lists.ts';
import { callApi } from '../../testing/call-api.ts';
import { givenMember } from '../../testing/member-fixtures.ts';
import { givenContribution } from '../../testing/money-fixtures.ts';
import { givenAdministeredEnabler } from '../../testing/signed-in-users.ts';
import { unixSeconds } from '../../testing/unix-seconds.ts';
import { handler as contributions } from '../admin-contributions/handler.ts';
import { handler as payouts } from '../admin-payouts/handler.ts';
import { handler as members } from '../members/handler.ts';

/*
 * Issue 27's freshness: a record created, edited or deleted shows in its list within 2 s, the writer
 * sees their own write at once, and a renamed member or plot shows its new name in every row.
 */

const FRESH_WITHIN_MS = 2000;

type Row = { id: string; amount: number; memberName: string; plotName: string };

const listOf = async (token: string) => {
  const answer = await callApi(contributions, 'GET', '/admin/contributions', {
    token,
    query: { pageSize: '25' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { items: Row[]; count: number; totalAmount: number };
};

/** Reads the list until `shows` holds of it; answers how long that took. */
const timeUntil = async (token: string, shows: (list: Awaited<ReturnType<typeof listOf>>) => boolean) => {
  const started = Date.now();
  while (!shows(await listOf(token))) {
    if (Date.now() - started > 2 * FRESH_WITHIN_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
};

/** The index the lists catch up from lags: its reads since an instant find nothing yet. */
const lagChangeTimeline = () => {
  const send = dynamo().send.bind(dynamo());
  vi.spyOn(dynamo(), 'send').mockImplementation(((command: unknown) =>
    command instanceof QueryCommand && command.input.KeyConditionExpression?.includes('gsi1sk >= :since')
      ? Promise.resolve({ Items: [] })
      : send(command as never)) as typeof send);
};

afterEach(() => vi.restoreAllMocks());

describe('the administrators’ lists', () => {
  it('show the writer’s own creation, edit and deletion at once, before the change timeline has them', async () => {
    const { enablerId, admin } = await givenAdministeredEnabler();
    const { plotIds } = await givenMember(enablerId);
    expect((await listOf(admin.token)).count).toBe(0);

    lagChangeTimeline();

    const created = await callApi(contributions, 'POST', '/admin/contributions', {
      token: admin.token,
      body: {
        plotId: plotIds[0],
        amount: 12.5,
        protectionType: 'DROUGHT',
        contributionDate: unixSeconds('2026-03-05T10:00:00Z'),
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(await listOf(admin.token)).toMatchObject({
      count: 1,
      totalAmount: 12.5,
      items: [{ id, amount: 12.5 }],
    });

    const edited = await callApi(contributions, 'POST', `/admin/contributions/${id}`, {
      token: admin.token,
      body: {
        plotId: plotIds[0],
        amount: 20,
        protectionType: 'DROUGHT',
        contributionDate: unixSeconds('2026-03-05T10:00:00Z'),
      },
    });
    expect(edited.status).toBe(204);
    expect(await listOf(admin.token)).toMatchObject({
      count: 1,
      totalAmount: 20,
      items: [{ id, amount: 20 }],
    });

    expect(
      (await callApi(contributions, 'DELETE', `/admin/contributions/${id}`, { token: admin.token })).status,
    ).toBe(204);
    expect(await listOf(admin.token)).toMatchObject({ count: 0, totalAmount: 0, items: [] });
  });

  it('show another function’s creation, edit and deletion within 2 s, and a rename in every row', async () => {
    const { enablerId, admin } = await givenAdministeredEnabler();
    const { memberId, plotIds } = await givenMember(enablerId, 1, 'Awa Diop');
    const [plotId] = plotIds as [string];
    for (const cents of [500, 700, 900]) await givenContribution(memberId, cents, { plotId });
    expect((await listOf(admin.token)).count).toBe(3);

    // The field app records a contribution, another instance edits one and deletes one.
    const added = await givenContribution(memberId, 1100, { plotId });
    expect(
      await timeUntil(admin.token, (list) => list.items.some((row) => row.id === added.id)),
    ).toBeLessThanOrEqual(FRESH_WITHIN_MS);
    const [first, second] = (await listOf(admin.token)).items as [Row, Row];
    await changeMoneyRecord({
      type: 'CONTRIBUTION',
      enablerId,
      memberId,
      recordId: first.id,
      values: {
        plotId,
        amountCents: 4200,
        protectionType: 'DROUGHT',
        contributionDate: '2026-03-05T10:00:00.000Z',
      },
      by: 'another@example.org',
    });
    await changeMoneyRecord({
      type: 'CONTRIBUTION',
      enablerId,
      memberId,
      recordId: second.id,
      values: null,
      by: 'another@example.org',
    });
    expect(
      await timeUntil(
        admin.token,
        (list) =>
          list.count === 3 &&
          list.items.some((row) => row.id === first.id && row.amount === 42) &&
          !list.items.some((row) => row.id === second.id),
      ),
    ).toBeLessThanOrEqual(FRESH_WITHIN_MS);

    // Renamed through their own functions: every row shows the new names.
    await renameMember(admin.token, memberId, 'Awa Diop-Sow', 'N-7');
    await renamePlot(admin.token, plotId, 'Baobab field');
    expect(
      await timeUntil(admin.token, (list) =>
        list.items.every((row) => row.memberName === 'Awa Diop-Sow' && row.plotName === 'Baobab field'),
      ),
    ).toBeLessThanOrEqual(FRESH_WITHIN_MS);
  });

  it("move the member list's pending benefits and contributions at once with an administrator's payout, edit and deletion", async () => {
    const { enablerId, admin } = await givenAdministeredEnabler();
    const { memberId, plotIds } = await givenMember(enablerId);
    const row = async () => {
      const answer = await callApi(members, 'GET', '/members', {
        token: admin.token,
        query: { pageSize: '10' },
      });
      return (answer.body.members as { id: string; pendingBenefits: number }[]).find(
        (member) => member.id === memberId,
      );
    };
    expect((await row())?.pendingBenefits).toBe(0);
    lagChangeTimeline();
    const payout = {
      plotId: plotIds[0],
      amount: 40,
      assessmentId: 'A-FRESH',
      assessmentDate: unixSeconds('2026-06-01T00:00:00Z'),
      payoutDate: unixSeconds('2026-06-02T00:00:00Z'),
    };
    const created = await callApi(payouts, 'POST', '/admin/payouts', {
      token: admin.token,
      body: { memberId, ...payout },
    });
    expect(created.status).toBe(201);
    expect((await row())?.pendingBenefits).toBe(40);
    const path = `/admin/payouts/${created.body.id as string}`;
    expect(
      (await callApi(payouts, 'POST', path, { token: admin.token, body: { ...payout, amount: 25 } })).status,
    ).toBe(204);
    expect((await row())?.pendingBenefits).toBe(25);
    expect((await callApi(payouts, 'DELETE', path, { token: admin.token })).status).toBe(204);
    expect((await row())?.pendingBenefits).toBe(0);
  });
});
