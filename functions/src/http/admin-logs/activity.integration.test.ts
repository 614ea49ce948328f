import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@cpbo/schemas/activity.ts';
import { auditOfMonth, type AuditEntry } from '#data/logs/audit.ts';
import { useQueueTransport } from '#platform/queue.ts';
import { callApi } from '../../testing/call-api.ts';
import { captureMail, demoConfig, tinyImage, uniqueEmail } from '../../testing/fixtures.ts';
import { addPlotOfMember, newMemberBody, onboardMember } from '../../testing/member-requests.ts';
import { givenAdministeredEnabler, givenSignedInUser } from '../../testing/signed-in-users.ts';
import { handler as adminCashouts } from '../admin-cashouts/handler.ts';
import { handler as adminContributions } from '../admin-contributions/handler.ts';
import { handler as adminEnablers } from '../admin-enablers/handler.ts';
import { handler as adminMembers } from '../admin-members/handler.ts';
import { handler as adminPayouts } from '../admin-payouts/handler.ts';
import { handler as adminPlots } from '../admin-plots/handler.ts';
import { handler as adminUsers } from '../admin-users/handler.ts';
import { handler as members } from '../members/handler.ts';
import { handler as adminLogs } from './handler.ts';

/*
 * The audit trail (docs/decisions.md, "an audit trail that names people"): each change a person makes
 * is recorded with who made it, when, and its fields as they were and became; the Logs screen's
 * activity and a member's history read it, named.
 */

captureMail();
useQueueTransport({ send: async () => undefined });

type Signed = Awaited<ReturnType<typeof givenSignedInUser>>;
let enablerId: string;
let admin: Signed;
let agent: Signed;

beforeAll(async () => {
  ({ enablerId, admin } = await givenAdministeredEnabler());
  agent = await givenSignedInUser('USER', enablerId);
});

const month = () => new Date().toISOString().slice(0, 7);

/** The entries of a record in the trail of an enabler (null: the administration's), oldest first. */
const trailOf = async (owner: string | null, recordId: string): Promise<AuditEntry[]> =>
  (await auditOfMonth(owner, month())).filter((entry) => entry.recordId === recordId);

/** Asserts the change was recorded just now, by the user named. */
const expectMadeBy = (entry: AuditEntry | undefined, by: Signed, since: number) => {
  expect(entry?.by).toBe(by.email);
  expect(entry?.byName).toBe(by.username);
  const at = Date.parse(entry?.at ?? '');
  expect(at).toBeGreaterThanOrEqual(since);
  expect(at).toBeLessThanOrEqual(Date.now());
};

const activity = (token: string, query: Record<string, string> = {}) => {
  const to = new Date(Date.now() + 60_000);
  const from = new Date(Date.now() - 3_600_000);
  return callApi(adminLogs, 'GET', '/admin/activity', {
    token,
    query: { from: from.toISOString(), to: to.toISOString(), ...query },
  }) as Promise<{ status: number; body: { entries: ActivityEntry[]; next: string | null } }>;
};

describe('the audit trail of members and plots', () => {
  it("records an agent's new member and plot, and an administrator's edit of the bank details, before and after", async () => {
    const since = Date.now();
    const memberId = await onboardMember(agent.token, { phone: '+221 77 000 00 09' });
    const plotId = await addPlotOfMember(agent.token, memberId, { droughtMonthlyContrib: 1500 });
    const [registered] = await trailOf(enablerId, memberId);
    expectMadeBy(registered, agent, since);
    expect(registered).toMatchObject({
      action: 'CREATE',
      recordType: 'MEMBER',
      memberId,
      before: null,
      after: { village: 'Fissel', phone: '+221 77 000 00 09', bankAccount: null },
    });
    const [planted] = await trailOf(enablerId, plotId);
    expectMadeBy(planted, agent, since);
    expect(planted).toMatchObject({
      action: 'CREATE',
      recordType: 'PLOT',
      memberId,
      label: 'North field',
      after: { name: 'North field', droughtMonthlyContribCents: 150000, configVersion: 1 },
    });

    const edited = Date.now();
    const body = { ...newMemberBody(), bankName: 'CBAO', bankAccount: 'SN-001', phone: '+221 77 000 00 09' };
    const edit = await callApi(adminMembers, 'POST', `/admin/members/${memberId}`, {
      token: admin.token,
      body: { ...body, name: registered?.after?.name, number: registered?.after?.number },
    });
    expect(edit.status).toBe(204);
    const changed = (await trailOf(enablerId, memberId)).at(-1);
    expectMadeBy(changed, admin, edited);
    // Only what changed: the bank details, from none.
    expect(changed).toMatchObject({
      action: 'UPDATE',
      before: { bankName: null, bankAccount: null },
      after: { bankName: 'CBAO', bankAccount: 'SN-001' },
    });
    expect(Object.keys(changed?.after ?? {}).sort()).toEqual(['bankAccount', 'bankName']);

    // The agent's change of the plot's protection, and the administrator's of its coverage.
    const protectedAt = Date.now();
    const protection = await callApi(members, 'POST', `/members/${memberId}/plots/${plotId}`, {
      token: agent.token,
      body: { name: 'North field', latitude: 14.2, longitude: -16.3, droughtMonthlyContrib: 2000 },
    });
    expect(protection.status).toBe(200);
    const raised = (await trailOf(enablerId, plotId)).at(-1);
    expectMadeBy(raised, agent, protectedAt);
    expect(raised).toMatchObject({
      action: 'UPDATE',
      before: { droughtMonthlyContribCents: 150000 },
      after: { droughtMonthlyContribCents: 200000 },
    });
    const moved = await callApi(adminPlots, 'POST', `/admin/plots/${plotId}`, {
      token: admin.token,
      body: { name: 'South field', latitude: 14.2, longitude: -16.3, startCoverageDate: 1767225600 },
    });
    expect(moved.status).toBe(204);
    const renamed = (await trailOf(enablerId, plotId)).at(-1);
    expect(renamed).toMatchObject({
      action: 'UPDATE',
      by: admin.email,
      before: { name: 'North field' },
      after: { name: 'South field', startCoverageDate: '2026-01-01' },
    });
    const removed = await callApi(adminPlots, 'DELETE', `/admin/plots/${plotId}`, { token: admin.token });
    expect(removed.status).toBe(204);
    expect((await trailOf(enablerId, plotId)).at(-1)).toMatchObject({
      action: 'DELETE',
      by: admin.email,
      before: { name: 'South field', droughtMonthlyContribCents: 200000 },
      after: null,
    });

    // The member's history holds them all, newest first, named.
    const history = await callApi(adminMembers, 'GET', `/admin/members/${memberId}/history`, {
      token: admin.token,
    });
    expect(history.status).toBe(200);
    const entries = history.body.entries as ActivityEntry[];
    expect(entries.map((entry) => [entry.recordType, entry.action])).toEqual([
      ['PLOT', 'DELETE'],
      ['PLOT', 'UPDATE'],
      ['PLOT', 'UPDATE'],
      ['MEMBER', 'UPDATE'],
      ['PLOT', 'CREATE'],
      ['MEMBER', 'CREATE'],
    ]);
    expect(new Set(entries.map((entry) => entry.memberName))).toEqual(new Set([registered?.after?.name]));
    expect(entries.map((entry) => entry.byName)).toContain(agent.username);
  });

  it('writes no trail and nothing else for an edit of a member changed since it was read', async () => {
    const memberId = await onboardMember(agent.token);
    const [registered] = await trailOf(enablerId, memberId);
    const body = { ...newMemberBody(), name: registered?.after?.name, number: registered?.after?.number };
    const [first, second] = await Promise.all(
      ['SN-1', 'SN-2'].map((bankAccount) =>
        callApi(adminMembers, 'POST', `/admin/members/${memberId}`, {
          token: admin.token,
          body: { ...body, bankAccount },
        }),
      ),
    );
    // One after the other, each is recorded from what the other left; at once, the second one read is
    // refused (ERR_CONFLICT): never an edit without its entry, nor an entry of a value never held.
    const passed = [first, second].filter((answer) => answer?.status === 204).length;
    expect([first?.status, second?.status].every((status) => status === 204 || status === 409)).toBe(true);
    const updates = (await trailOf(enablerId, memberId)).filter((entry) => entry.action === 'UPDATE');
    expect(updates).toHaveLength(passed);
    expect(updates[0]?.before?.bankAccount).toBeNull();
    if (updates[1]) expect(updates[1].before?.bankAccount).toBe(updates[0]?.after?.bankAccount);
  });
});

describe('the audit trail of money records', () => {
  it('records payouts and cashouts created, edited and deleted, with who, when and the amounts before and after', async () => {
    const memberId = await onboardMember(agent.token);
    const plotId = await addPlotOfMember(agent.token, memberId);
    const day = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 1000);
    const since = Date.now();
    const payout = await callApi(adminPayouts, 'POST', '/admin/payouts', {
      token: admin.token,
      body: {
        memberId,
        plotId,
        amount: 90,
        assessmentId: 'A-AUDIT',
        assessmentDate: day('2026-09-30'),
        payoutDate: day('2026-10-01'),
      },
    });
    expect(payout.status).toBe(201);
    const payoutId = payout.body.id as string;
    const payoutPath = `/admin/payouts/${payoutId}`;
    expect(
      (
        await callApi(adminPayouts, 'POST', payoutPath, {
          token: admin.token,
          body: {
            plotId,
            amount: 120.5,
            assessmentId: 'A-AUDIT',
            assessmentDate: day('2026-09-30'),
            payoutDate: day('2026-10-02'),
          },
        })
      ).status,
    ).toBe(204);
    const cashout = await callApi(adminCashouts, 'POST', '/admin/cashouts', {
      token: admin.token,
      body: { memberId, amount: 40, cashoutDate: day('2026-10-05') },
    });
    expect(cashout.status).toBe(201);
    const cashoutPath = `/admin/cashouts/${cashout.body.id as string}`;
    expect(
      (
        await callApi(adminCashouts, 'POST', cashoutPath, {
          token: admin.token,
          body: { amount: 60, cashoutDate: day('2026-10-05') },
        })
      ).status,
    ).toBe(204);
    expect((await callApi(adminCashouts, 'DELETE', cashoutPath, { token: admin.token })).status).toBe(204);
    expect((await callApi(adminPayouts, 'DELETE', payoutPath, { token: admin.token })).status).toBe(204);

    const payouts = await trailOf(enablerId, payoutId);
    const cashouts = await trailOf(enablerId, cashout.body.id as string);
    for (const entry of [...payouts, ...cashouts]) expectMadeBy(entry, admin, since);
    expect(
      payouts.map(({ action, recordType, memberId: of, before, after }) => ({
        action,
        recordType,
        of,
        before,
        after,
      })),
    ).toEqual([
      {
        action: 'CREATE',
        recordType: 'PAYOUT',
        of: memberId,
        before: null,
        after: expect.objectContaining({ amountCents: 9000, payoutDate: '2026-10-01', plotId }),
      },
      {
        action: 'UPDATE',
        recordType: 'PAYOUT',
        of: memberId,
        before: expect.objectContaining({ amountCents: 9000, payoutDate: '2026-10-01' }),
        after: expect.objectContaining({ amountCents: 12050, payoutDate: '2026-10-02' }),
      },
      {
        action: 'DELETE',
        recordType: 'PAYOUT',
        of: memberId,
        before: expect.objectContaining({ amountCents: 12050 }),
        after: null,
      },
    ]);
    expect(
      cashouts.map(({ action, recordType, before, after }) => ({ action, recordType, before, after })),
    ).toEqual([
      {
        action: 'CREATE',
        recordType: 'CASHOUT',
        before: null,
        after: expect.objectContaining({ amountCents: 4000 }),
      },
      {
        action: 'UPDATE',
        recordType: 'CASHOUT',
        before: expect.objectContaining({ amountCents: 4000 }),
        after: expect.objectContaining({ amountCents: 6000 }),
      },
      {
        action: 'DELETE',
        recordType: 'CASHOUT',
        before: expect.objectContaining({ amountCents: 6000 }),
        after: null,
      },
    ]);
    // The member's history names them, newest first.
    const history = await callApi(adminMembers, 'GET', `/admin/members/${memberId}/history`, {
      token: admin.token,
      query: { pageSize: '10' },
    });
    expect(
      (history.body.entries as ActivityEntry[])
        .slice(0, 3)
        .map((entry) => [entry.recordType, entry.action, entry.byName]),
    ).toEqual([
      ['PAYOUT', 'DELETE', admin.username],
      ['CASHOUT', 'DELETE', admin.username],
      ['CASHOUT', 'UPDATE', admin.username],
    ]);
  });
});

describe('the audit trail of accounts, enablers and configs', () => {
  it('records a user created, made an administrator, deactivated, sent to renewal and deleted, with who and before and after', async () => {
    const since = Date.now();
    const email = uniqueEmail('new');
    const created = await callApi(adminUsers, 'POST', '/admin/users', {
      token: admin.token,
      body: { email, username: 'Mame Diarra', role: 'USER' },
    });
    expect(created.status).toBe(201);
    // An agent's account is its enabler's.
    const [agentCreated] = await trailOf(enablerId, email);
    expectMadeBy(agentCreated, admin, since);
    expect(agentCreated).toMatchObject({
      action: 'CREATE',
      recordType: 'USER',
      label: 'Mame Diarra',
      before: null,
      after: { username: 'Mame Diarra', role: 'USER', active: true, defaultFederation: null },
    });
    const path = `/admin/users/${encodeURIComponent(email)}`;
    expect(
      (await callApi(adminUsers, 'POST', path, { token: admin.token, body: { role: 'ADMIN' } })).status,
    ).toBe(200);
    // Made an administrator, the account is the administration's.
    const [promoted] = await trailOf(null, email);
    expectMadeBy(promoted, admin, since);
    expect(promoted).toMatchObject({ action: 'UPDATE', before: { role: 'USER' }, after: { role: 'ADMIN' } });
    expect(
      (await callApi(adminUsers, 'POST', path, { token: admin.token, body: { active: false } })).status,
    ).toBe(200);
    expect(
      (
        await callApi(adminUsers, 'POST', '/admin/users/forcePasswordRenew', {
          token: admin.token,
          body: { email },
        })
      ).status,
    ).toBe(204);
    expect((await callApi(adminUsers, 'DELETE', path, { token: admin.token })).status).toBe(204);
    expect(
      (await trailOf(null, email)).map(({ action, before, after }) => ({ action, before, after })),
    ).toEqual([
      { action: 'UPDATE', before: { role: 'USER' }, after: { role: 'ADMIN' } },
      { action: 'UPDATE', before: { active: true }, after: { active: false } },
      { action: 'UPDATE', before: { blocked: null }, after: { blocked: 'RENEWAL_FORCED' } },
      {
        action: 'DELETE',
        before: { username: 'Mame Diarra', role: 'ADMIN', active: false, defaultFederation: null },
        after: null,
      },
    ]);
  });

  it('records an enabler created, renamed with a new logo, given two configs and deleted', async () => {
    const since = Date.now();
    const created = await callApi(adminEnablers, 'POST', '/admin/enablers', {
      token: admin.token,
      body: { name: 'Audited enabler', logo: tinyImage, banner: tinyImage },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const otherImage = `${tinyImage.slice(0, -4)}AAAA`;
    const renamed = await callApi(adminEnablers, 'POST', `/admin/enablers/${id}`, {
      token: admin.token,
      body: { name: 'Renamed enabler', logo: otherImage, banner: tinyImage },
    });
    expect(renamed.status).toBe(200);
    for (const factor of [0.1, 0.125])
      expect(
        (
          await callApi(adminEnablers, 'POST', `/admin/enablers/${id}/configs`, {
            token: admin.token,
            body: { ...demoConfig, maxCompensationFactor: factor },
          })
        ).status,
      ).toBe(201);
    expect(
      (await callApi(adminEnablers, 'DELETE', `/admin/enablers/${id}`, { token: admin.token })).status,
    ).toBe(204);
    const trail = await trailOf(null, id);
    for (const entry of trail) expectMadeBy(entry, admin, since);
    expect(
      trail.map(({ action, recordType, before, after }) => ({ action, recordType, before, after })),
    ).toEqual([
      {
        action: 'CREATE',
        recordType: 'ENABLER',
        before: null,
        after: {
          name: 'Audited enabler',
          logo: expect.stringMatching(/^sha256:/),
          banner: expect.stringMatching(/^sha256:/),
        },
      },
      {
        action: 'UPDATE',
        recordType: 'ENABLER',
        before: { name: 'Audited enabler', logo: trail[0]?.after?.logo },
        after: { name: 'Renamed enabler', logo: expect.not.stringMatching(String(trail[0]?.after?.logo)) },
      },
      {
        action: 'CREATE',
        recordType: 'CONFIG',
        before: null,
        after: expect.objectContaining({
          version: 1,
          currency: 'XOF',
          maxCompensationFactor: 0.1,
          benefitFactorsByMonth: '0.5, 1',
        }),
      },
      {
        action: 'UPDATE',
        recordType: 'CONFIG',
        before: { version: 1, maxCompensationFactor: 0.1 },
        after: { version: 2, maxCompensationFactor: 0.125 },
      },
      {
        action: 'DELETE',
        recordType: 'ENABLER',
        before: { name: 'Renamed enabler', logo: trail[1]?.after?.logo, banner: trail[0]?.after?.banner },
        after: null,
      },
    ]);
  });
});

describe('GET /admin/activity', () => {
  it("names who, the member and the enabler, filters by kind, pages by cursor, and never shows another enabler's changes", async () => {
    const own = await givenAdministeredEnabler();
    const ownAgent = await givenSignedInUser('USER', own.enablerId);
    const other = await givenAdministeredEnabler();
    const hidden = await onboardMember((await givenSignedInUser('USER', other.enablerId)).token);
    const memberIds: string[] = [];
    for (let index = 0; index < 3; index += 1) memberIds.push(await onboardMember(ownAgent.token));
    const plotId = await addPlotOfMember(ownAgent.token, memberIds[0] as string);
    const contribution = await callApi(adminContributions, 'POST', '/admin/contributions', {
      token: own.admin.token,
      body: {
        plotId,
        amount: 10,
        contributionDate: Math.floor(Date.now() / 1000),
        protectionType: 'DROUGHT',
      },
    });
    expect(contribution.status).toBe(201);

    const all = await activity(own.admin.token, { pageSize: '100' });
    expect(all.status).toBe(200);
    const ofOwn = all.body.entries.filter((entry) => entry.enablerId === own.enablerId);
    expect(ofOwn.map((entry) => [entry.recordType, entry.action])).toEqual([
      ['CONTRIBUTION', 'CREATE'],
      ['PLOT', 'CREATE'],
      ['MEMBER', 'CREATE'],
      ['MEMBER', 'CREATE'],
      ['MEMBER', 'CREATE'],
    ]);
    const [recorded] = ofOwn;
    expect(recorded).toMatchObject({
      by: own.admin.email,
      byName: own.admin.username,
      memberId: memberIds[0],
      memberName: expect.stringMatching(/^Awa Diop /),
      memberNumber: expect.stringMatching(/^N-/),
      enablerName: own.enablerName,
      label: 'North field',
      after: { amountCents: 1000 },
    });
    expect(JSON.stringify(all.body)).not.toContain(hidden);

    // An edit of the contribution's amount: before and after, named.
    const contributionId = contribution.body.id as string;
    const edited = await callApi(adminContributions, 'POST', `/admin/contributions/${contributionId}`, {
      token: own.admin.token,
      body: {
        plotId,
        amount: 25,
        contributionDate: Math.floor(Date.now() / 1000),
        protectionType: 'DROUGHT',
      },
    });
    expect(edited.status).toBe(204);
    const [change] = (await activity(own.admin.token, { kind: 'money', pageSize: '10' })).body.entries;
    expect(change).toMatchObject({
      action: 'UPDATE',
      recordId: contributionId,
      byName: own.admin.username,
      before: { amountCents: 1000 },
      after: { amountCents: 2500 },
    });

    const money = await activity(own.admin.token, { kind: 'money', pageSize: '10' });
    expect(money.body.entries.map((entry) => [entry.recordType, entry.action])).toEqual([
      ['CONTRIBUTION', 'UPDATE'],
      ['CONTRIBUTION', 'CREATE'],
    ]);

    // Two pages of 10 meet where the first ended.
    for (let index = 0; index < 8; index += 1) await onboardMember(ownAgent.token);
    const first = await activity(own.admin.token, { kind: 'members', pageSize: '10' });
    expect(first.body.entries).toHaveLength(10);
    expect(first.body.next).not.toBeNull();
    const second = await activity(own.admin.token, {
      kind: 'members',
      pageSize: '10',
      before: first.body.next as string,
    });
    const keys = (page: { entries: ActivityEntry[] }) =>
      page.entries.map((entry) => `${entry.at}|${entry.recordId}|${entry.action}`);
    expect(second.body.entries.length).toBeGreaterThanOrEqual(2);
    expect(keys(second.body).some((key) => keys(first.body).includes(key))).toBe(false);
    expect((second.body.entries[0]?.at ?? '') <= (first.body.entries.at(-1)?.at ?? '')).toBe(true);
  });

  it('refuses a range that ends before it starts or spans more than a quarter, and a user', async () => {
    const now = Date.now();
    const query = (from: number, to: number) => ({
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
    });
    const backwards = await callApi(adminLogs, 'GET', '/admin/activity', {
      token: admin.token,
      query: query(now, now - 1),
    });
    expect(backwards).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
    const long = await callApi(adminLogs, 'GET', '/admin/activity', {
      token: admin.token,
      query: query(now - 93 * 86_400_000, now),
    });
    expect(long.status).toBe(400);
    expect(
      (await callApi(adminLogs, 'GET', '/admin/activity', { token: agent.token, query: query(now - 1, now) }))
        .status,
    ).toBe(403);
  });
});
