import { beforeAll, describe, expect, it } from 'vitest';
import { auditOfMonth } from '#data/logs/audit.ts';
import { listCampaigns } from '#data/enablers/campaigns.ts';
import { readMemberPartition } from '#data/members/member-page.ts';
import { callApi } from '../../testing/call-api.ts';
import { forbiddenAdminAnswer } from '../../testing/fixtures.ts';
import { givenMember } from '../../testing/member-fixtures.ts';
import { givenAdministeredEnabler } from '../../testing/signed-in-users.ts';
import { unixSeconds } from '../../testing/unix-seconds.ts';
import { handler as cashouts } from '../admin-cashouts/handler.ts';
import { handler as contributions } from '../admin-contributions/handler.ts';
import { handler as payouts } from '../admin-payouts/handler.ts';
import { routes } from '../routes.ts';

const handlers = { contributions, payouts, cashouts };
type Kind = keyof typeof handlers;

describe('tenant scoping of the admin money calls', () => {
  let victim: Awaited<ReturnType<typeof givenAdministeredEnabler>>;
  let intruder: Awaited<ReturnType<typeof givenAdministeredEnabler>>;
  let member: Awaited<ReturnType<typeof givenMember>>;
  let own: Awaited<ReturnType<typeof givenMember>>;
  const ids = {} as Record<Kind, string>;
  const ownIds = {} as Record<Kind, string>;

  const contributionBody = (plotId: string) => ({
    plotId,
    amount: 10,
    contributionDate: unixSeconds('2026-03-01T10:00:00Z'),
  });
  const payoutBody = (plotId: string) => ({
    plotId,
    amount: 50,
    assessmentId: 'A-1',
    assessmentDate: unixSeconds('2026-06-01T00:00:00Z'),
    payoutDate: unixSeconds('2026-06-01T00:00:00Z'),
  });

  const recordAll = async (token: string, given: Awaited<ReturnType<typeof givenMember>>) => {
    const plotId = given.plotIds[0] as string;
    const made = {} as Record<Kind, string>;
    const answers = [
      ['contributions', { ...contributionBody(plotId) }],
      ['payouts', { memberId: given.memberId, ...payoutBody(plotId) }],
      ['cashouts', { memberId: given.memberId, amount: 20 }],
    ] as const;
    for (const [kind, body] of answers) {
      const answer = await callApi(handlers[kind], 'POST', `/admin/${kind}`, { token, body });
      expect(answer.status).toBe(201);
      made[kind] = answer.body.id as string;
    }
    return made;
  };

  beforeAll(async () => {
    victim = await givenAdministeredEnabler();
    intruder = await givenAdministeredEnabler();
    member = await givenMember(victim.enablerId);
    own = await givenMember(intruder.enablerId);
    Object.assign(ids, await recordAll(victim.admin.token, member));
    Object.assign(ownIds, await recordAll(intruder.admin.token, own));
  });

  it('answers another enabler’s records and members with the switch to it, and writes nothing', async () => {
    const before = {
      partition: await readMemberPartition(member.memberId),
      own: await readMemberPartition(own.memberId),
      audit: await auditOfMonth(victim.enablerId, new Date().toISOString().slice(0, 7)),
      campaigns: await listCampaigns(victim.enablerId),
    };
    const victimPlot = member.plotIds[0] as string;
    const token = intruder.admin.token;
    const called = new Set<string>();
    const call = async (kind: Kind, method: string, path: string, options: Record<string, unknown> = {}) => {
      called.add(`${method} ${path.replace(/\/admin\/(\w+)\/[^/?]+$/, '/admin/$1/{id}')}`);
      return callApi(handlers[kind], method, path, { token, ...options });
    };
    const notFound = { status: 404, body: { code: 'ERR_NOT_FOUND' } };
    const forbidden = forbiddenAdminAnswer({ id: victim.enablerId, name: victim.enablerName });

    for (const kind of Object.keys(handlers) as Kind[]) {
      const id = ids[kind];
      expect(await call(kind, 'GET', `/admin/${kind}/${id}`), `GET ${kind}`).toMatchObject(forbidden);
      expect(await call(kind, 'DELETE', `/admin/${kind}/${id}`), `DELETE ${kind}`).toMatchObject(forbidden);
      const body =
        kind === 'contributions'
          ? contributionBody(victimPlot)
          : kind === 'payouts'
            ? payoutBody(victimPlot)
            : { amount: 1, cashoutDate: unixSeconds('2026-07-01T00:00:00Z') };
      expect(await call(kind, 'POST', `/admin/${kind}/${id}`, { body }), `edit ${kind}`).toMatchObject(
        forbidden,
      );
      // Lists: the other enabler's member or plot holds nothing here; the enabler's own list shows only its own.
      const filters = [
        { 'filter:memberId': member.memberId },
        ...(kind === 'cashouts' ? [] : [{ 'filter:plotId': victimPlot }]),
      ];
      for (const query of filters) {
        const listed = await call(kind, 'GET', `/admin/${kind}`, { query });
        expect(listed, `list ${kind} ${JSON.stringify(query)}`).toMatchObject({
          status: 200,
          body: { items: [] },
        });
      }
      const all = await call(kind, 'GET', `/admin/${kind}`, { query: { pageSize: '500' } });
      expect(all.body.items.map((row: { id: string }) => row.id)).toEqual([ownIds[kind]]);
    }
    const creations = [
      ['contributions', contributionBody(victimPlot), forbidden],
      ['payouts', { memberId: member.memberId, ...payoutBody(victimPlot) }, forbidden],
      // The intruder's own member with the victim's plot: not one of the member's plots.
      ['payouts', { memberId: own.memberId, ...payoutBody(victimPlot) }, notFound],
      ['cashouts', { memberId: member.memberId, amount: 1 }, forbidden],
    ] as const;
    for (const [kind, body, expected] of creations) {
      expect(await call(kind, 'POST', `/admin/${kind}`, { body }), `create ${kind}`).toMatchObject(expected);
    }
    // Moving one's own record to another enabler's plot.
    for (const kind of ['contributions', 'payouts'] as const) {
      const body = kind === 'contributions' ? contributionBody(victimPlot) : payoutBody(victimPlot);
      expect(await call(kind, 'POST', `/admin/${kind}/${ownIds[kind]}`, { body })).toMatchObject(notFound);
    }

    expect(await readMemberPartition(member.memberId)).toEqual(before.partition);
    expect(await readMemberPartition(own.memberId)).toEqual(before.own);
    expect(await auditOfMonth(victim.enablerId, new Date().toISOString().slice(0, 7))).toEqual(before.audit);
    expect(await listCampaigns(victim.enablerId)).toEqual(before.campaigns);

    // Every call of the three resources was tried.
    const moneyRoutes = routes
      .filter((route) => ['admin-contributions', 'admin-payouts', 'admin-cashouts'].includes(route.resource))
      .map((route) => `${route.method} ${route.path}`);
    expect([...called].sort()).toEqual(moneyRoutes.sort());
  });
});
