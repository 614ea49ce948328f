import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths, isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { createMember, getMember } from '#data/members/members.ts';
import { allMembersOf } from '#data/lists/member-timeline.ts';
import { callApi } from '../../testing/call-api.ts';
import { demoConfig, givenEnabler } from '../../testing/fixtures.ts';
import { newMemberFields } from '../../testing/member-fixtures.ts';
import { addPlotOfMember, newMemberBody, onboardMember } from '../../testing/member-requests.ts';
import { givenPayout } from '../../testing/money-fixtures.ts';
import { givenSignedInUser } from '../../testing/signed-in-users.ts';
import { handler as members } from './handler.ts';

let enablerId: string;
let agent: string;

beforeAll(async () => {
  enablerId = (await givenEnabler()).id;
  agent = (await givenSignedInUser('USER', enablerId)).token;
});

describe('onboarding', () => {
  it('registers a member dated today, in the agent’s enabler', async () => {
    const id = await onboardMember(agent, {
      federation: 'Kaolack',
      gender: true,
      phone: '+221 77 000 00 00',
    });
    const { body } = await callApi(members, 'GET', `/members/${id}`, { token: agent });
    expect(body).toMatchObject({
      id,
      village: 'Fissel',
      federation: 'Kaolack',
      gender: true,
      onboardingDate: isoDateOf(new Date()),
      contributionTotal: 0,
      cashoutBalance: 0,
      plots: [],
    });
  });

  it('refuses a duplicate number or name and village within the enabler, naming what matched and whom, not across enablers', async () => {
    const first = newMemberBody();
    const created = await callApi(members, 'POST', '/members', { token: agent, body: first });
    expect(created.status).toBe(201);
    const firstId = created.body.id as string;
    const sameNumber = await callApi(members, 'POST', '/members', {
      token: agent,
      body: { ...newMemberBody(), number: ` ${first.number} ` },
    });
    expect(sameNumber).toMatchObject({
      status: 409,
      body: { code: 'ERR_DUPLICATE_MEMBER', details: { matches: [{ claim: 'number', memberId: firstId }] } },
    });
    const sameName = await callApi(members, 'POST', '/members', {
      token: agent,
      body: { ...newMemberBody(), name: first.name.toUpperCase(), village: 'fissel' },
    });
    expect(sameName.body).toMatchObject({
      code: 'ERR_DUPLICATE_MEMBER',
      details: { matches: [{ claim: 'nameVillage', memberId: firstId }] },
    });
    // Both rules, held by two members: each is named with its own.
    const second = newMemberBody();
    const secondId = (await callApi(members, 'POST', '/members', { token: agent, body: second })).body
      .id as string;
    const both = await callApi(members, 'POST', '/members', {
      token: agent,
      body: { ...newMemberBody(), number: first.number, name: second.name, village: second.village },
    });
    expect(both.body.details).toEqual({
      matches: [
        { claim: 'number', memberId: firstId },
        { claim: 'nameVillage', memberId: secondId },
      ],
    });
    const otherEnabler = (await givenSignedInUser('USER', (await givenEnabler()).id)).token;
    expect((await callApi(members, 'POST', '/members', { token: otherEnabler, body: first })).status).toBe(
      201,
    );
  });

  it('refuses missing required fields and unknown ones, writing nothing', async () => {
    const missing = await callApi(members, 'POST', '/members', {
      token: agent,
      body: { name: 'No village', number: 'X-1' },
    });
    expect(missing).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
    const unknown = await callApi(members, 'POST', '/members', {
      token: agent,
      body: { ...newMemberBody(), enablerId: 'other' },
    });
    expect(unknown.status).toBe(400);
  });
});

describe('plots', () => {
  it('take their coverage dates from the latest config and keep its version', async () => {
    const memberId = await onboardMember(agent);
    const start = Date.UTC(2026, 0, 31) / 1000;
    const plotId = await addPlotOfMember(agent, memberId, { startCoverageDate: start });
    const { body } = await callApi(members, 'GET', `/members/${memberId}/plots/${plotId}`, { token: agent });
    expect(body).toMatchObject({
      name: 'North field',
      startCoverageDate: '2026-01-31',
      endOfSeasonDate: addMonths('2026-01-31', demoConfig.lengthOfSeasonInMonth),
      endCoverageDate: addMonths('2026-01-31', demoConfig.lengthOfCoverageInMonth),
      droughtMonthlyContrib: 1500,
      excessRainMonthlyContrib: 0,
      enablerConfig: { version: 1 },
    });
  });

  it('start today by default and can change their protection', async () => {
    const memberId = await onboardMember(agent);
    const plotId = await addPlotOfMember(agent, memberId);
    const changed = await callApi(members, 'POST', `/members/${memberId}/plots/${plotId}`, {
      token: agent,
      body: { name: 'South field', latitude: 10, longitude: 10, droughtMonthlyContrib: 2000 },
    });
    expect(changed.body).toMatchObject({
      name: 'South field',
      droughtMonthlyContrib: 2000,
      startCoverageDate: isoDateOf(new Date()),
    });
    const described = await callApi(members, 'POST', `/members/${memberId}/plots/${plotId}`, {
      token: agent,
      body: {
        name: 'South field',
        latitude: 10,
        longitude: 10,
        droughtMonthlyContrib: 2000,
        cropDescription: 'Millet',
        isIrrigated: true,
      },
    });
    expect(described.body).toMatchObject({ cropDescription: 'Millet', isIrrigated: true });
    const protectionOnly = await callApi(members, 'POST', `/members/${memberId}/plots/${plotId}`, {
      token: agent,
      body: { name: 'South field', latitude: 10, longitude: 10, droughtMonthlyContrib: 2500 },
    });
    expect(protectionOnly.body).toMatchObject({
      droughtMonthlyContrib: 2500,
      cropDescription: 'Millet',
      isIrrigated: true,
    });
  });

  it('cannot be added without a config', async () => {
    const bare = await givenEnabler({ withConfig: false });
    const token = (await givenSignedInUser('USER', bare.id)).token;
    const memberId = await onboardMember(token);
    const answer = await callApi(members, 'POST', `/members/${memberId}/plots`, {
      token,
      body: { name: 'Field', latitude: 10, longitude: 10 },
    });
    expect(answer.body.code).toBe('ERR_ENABLER_NO_CONFIG');
  });
});

describe('money', () => {
  it('needs a plot before a contribution', async () => {
    const memberId = await onboardMember(agent);
    const answer = await callApi(members, 'POST', `/members/${memberId}/contribute`, {
      token: agent,
      body: { amount: 100 },
    });
    expect(answer).toMatchObject({ status: 409, body: { code: 'ERR_NO_PLOTS' } });
    expect((await getMember(memberId))?.contributionTotalCents).toBe(0);
  });

  it('adds contributions exactly: a thousand of 0.1 make 100', async () => {
    const memberId = await onboardMember(agent);
    await addPlotOfMember(agent, memberId);
    for (let batch = 0; batch < 20; batch += 1) {
      await Promise.all(
        Array.from({ length: 50 }, () =>
          callApi(members, 'POST', `/members/${memberId}/contribute`, {
            token: agent,
            body: { amount: 0.1 },
          }),
        ),
      );
    }
    const { body } = await callApi(members, 'GET', `/members/${memberId}`, { token: agent });
    expect(body.contributionTotal).toBe(100);
    expect(body.contributions).toHaveLength(1000);
  }, 120_000);

  it('refuses amounts with more than two decimals', async () => {
    const memberId = await onboardMember(agent);
    await addPlotOfMember(agent, memberId);
    const answer = await callApi(members, 'POST', `/members/${memberId}/contribute`, {
      token: agent,
      body: { amount: 1.005 },
    });
    expect(answer.body.code).toBe('ERR_INVALID_DATA_FORMAT');
  });

  it('pays out part of the pending benefit, never more than it', async () => {
    const memberId = await onboardMember(agent);
    const plotId = await addPlotOfMember(agent, memberId);
    await givenPayout(memberId, 10_000, { plotId: plotId });
    const cashout = (amount: number) =>
      callApi(members, 'POST', `/members/${memberId}/cashouts`, { token: agent, body: { amount } });
    expect((await cashout(40)).status).toBe(201);
    expect(await cashout(60.01)).toMatchObject({ status: 409, body: { code: 'ERR_BALANCE_TOO_LOW' } });
    expect((await cashout(60)).status).toBe(201);
    const { body } = await callApi(members, 'GET', `/members/${memberId}`, { token: agent });
    expect(body).toMatchObject({ payoutTotal: 100, cashoutTotal: 100, cashoutBalance: 0 });
    expect(body.cashouts.map((c: { amount: number }) => c.amount).sort()).toEqual([40, 60]);
  });

  it('lets 50 simultaneous cashouts take no more than the balance', async () => {
    const memberId = await onboardMember(agent);
    const plotId = await addPlotOfMember(agent, memberId);
    await givenPayout(memberId, 100_000, { plotId: plotId });
    const amounts = Array.from({ length: 50 }, (_, index) => 10 + (index % 7) * 5);
    const answers = await Promise.all(
      amounts.map((amount) =>
        callApi(members, 'POST', `/members/${memberId}/cashouts`, { token: agent, body: { amount } }),
      ),
    );
    const accepted = amounts.filter((_, index) => answers[index]?.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    for (const answer of refused) expect(['ERR_BALANCE_TOO_LOW', 'ERR_CONFLICT']).toContain(answer.body.code);
    const paid = accepted.reduce((sum, amount) => sum + amount * 100, 0);
    const member = await getMember(memberId);
    expect(member?.cashoutBalanceCents).toBe(100_000 - paid);
    expect(member?.cashoutBalanceCents).toBeGreaterThanOrEqual(0);
    expect(member?.cashoutTotalCents).toBe(paid);
    expect(paid).toBeLessThanOrEqual(100_000);
    expect(accepted.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('the member list', () => {
  it('shows a new member at once, with totals after a contribution', async () => {
    const memberId = await onboardMember(agent, { name: `Zz list check ${Date.now()}` });
    await addPlotOfMember(agent, memberId);
    await callApi(members, 'POST', `/members/${memberId}/contribute`, {
      token: agent,
      body: { amount: 250 },
    });
    const { body } = await callApi(members, 'GET', '/members', {
      token: agent,
      query: { 'filter:search': 'zz list check', pageSize: '10', page: '1' },
    });
    expect(body.count).toBe(1);
    expect(body.members[0]).toMatchObject({
      id: memberId,
      contributionTotal: 250,
      pendingBenefits: 0,
      plotCount: 1,
    });
  });

  it('refuses two sorts and unknown parameters', async () => {
    const twoSorts = await callApi(members, 'GET', '/members', {
      token: agent,
      query: { 'sort:name': 'asc', 'sort:number': 'desc' },
    });
    expect(twoSorts.status).toBe(400);
    expect(
      (await callApi(members, 'GET', '/members', { token: agent, query: { pageSize: '7' } })).status,
    ).toBe(400);
  });
});

describe('loading a whole enabler', () => {
  it('finds every member exactly once, however their changes spread over time', async () => {
    const enabler = await givenEnabler();
    const created = [];
    for (let index = 0; index < 40; index += 1) {
      const when = new Date(Date.UTC(2024, 0, 1) + index * index * 86_400_000 * 7 + (index % 3));
      const member = await createMember(newMemberFields(enabler.id, { onboardingDate: '2024-01-01' }), {
        now: when,
      });
      created.push(member.id);
    }
    const loaded = (await allMembersOf(enabler.id)).map((member) => member.id);
    expect(loaded).toHaveLength(40);
    expect(new Set(loaded)).toEqual(new Set(created));
    expect(await allMembersOf((await givenEnabler()).id)).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it('keeps every member call inside the session’s enabler', async () => {
    const memberId = await onboardMember(agent);
    const plotId = await addPlotOfMember(agent, memberId);
    const otherEnabler = (await givenEnabler()).id;
    const outsider = (await givenSignedInUser('USER', otherEnabler)).token;
    const outsiderAdmin = (await givenSignedInUser('ADMIN', otherEnabler)).token;
    const calls: [string, string, unknown][] = [
      ['GET', `/members/${memberId}`, undefined],
      ['GET', `/members/${memberId}/plots/${plotId}`, undefined],
      ['POST', `/members/${memberId}/plots`, { name: 'Intruder field', latitude: 1, longitude: 1 }],
      [
        'POST',
        `/members/${memberId}/plots/${plotId}`,
        { name: 'Renamed', latitude: 1, longitude: 1, droughtMonthlyContrib: 1 },
      ],
      ['POST', `/members/${memberId}/cashouts`, { amount: 1 }],
      ['POST', `/members/${memberId}/contribute`, { amount: 1 }],
    ];
    for (const [method, path, body] of calls) {
      const asAgent = await callApi(members, method, path, { token: outsider, body });
      expect(asAgent, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { code: 'ERR_FORBIDDEN_USER' },
      });
      expect(JSON.stringify(asAgent.body)).not.toContain('Fissel');
      const asAdmin = await callApi(members, method, path, { token: outsiderAdmin, body });
      expect(asAdmin, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { code: 'ERR_FORBIDDEN_ADMIN' },
      });
    }
    const list = await callApi(members, 'GET', '/members', { token: outsider });
    expect(list.body.members.map((m: { id: string }) => m.id)).not.toContain(memberId);
    const untouched = await getMember(memberId);
    expect(untouched).toMatchObject({ plotCount: 1, contributionTotalCents: 0, cashoutTotalCents: 0 });
  });
});
