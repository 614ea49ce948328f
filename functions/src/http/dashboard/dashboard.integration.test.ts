import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths, isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { dashboardUnitsToDisplay } from '@cpbo/schemas';
import { createMember, createPlot } from '#data/members.ts';
import { changeMoneyRecord } from '#data/money-records.ts';
import { callApi } from '../../testing/call-api.ts';
import { givenEnabler } from '../../testing/fixtures.ts';
import { signIn } from '../../testing/money-fixtures.ts';
import { handler } from './handler.ts';

const today = isoDateOf(new Date());
const thisMonth = `${today.slice(0, 7)}-01`;
const lastMonth = addMonths(thisMonth, -1);
const by = 'dashboard@example.org';

const member = (enablerId: string, federation: string | null) =>
  createMember({
    enablerId,
    name: `Member ${Math.random()}`,
    village: 'Fissel',
    number: `N-${Math.random()}`,
    federation,
    gender: null,
    phone: null,
    bankName: null,
    bankBranchName: null,
    bankIFSC: null,
    bankAccount: null,
    onboardingDate: today,
  });

const plot = (
  owner: { id: string; enablerId: string; federation: string | null },
  start: string,
  end: string,
) =>
  createPlot({
    memberId: owner.id,
    enablerId: owner.enablerId,
    federation: owner.federation,
    name: 'Field',
    latitude: 14,
    longitude: -16,
    cropDescription: null,
    isIrrigated: null,
    droughtMonthlyContribCents: 1000,
    excessRainMonthlyContribCents: 0,
    startCoverageDate: start,
    endOfSeasonDate: end,
    endCoverageDate: end,
    enablerConfig: null,
  });

const contribute = (owner: { id: string; enablerId: string }, plotId: string, cents: number, day: string) =>
  changeMoneyRecord({
    type: 'CONTRIBUTION',
    enablerId: owner.enablerId,
    memberId: owner.id,
    values: {
      plotId,
      amountCents: cents,
      protectionType: 'DROUGHT',
      contributionDate: `${day}T10:00:00.000Z`,
    },
    by,
  });

const payout = (owner: { id: string; enablerId: string }, plotId: string, cents: number) =>
  changeMoneyRecord({
    type: 'PAYOUT',
    enablerId: owner.enablerId,
    memberId: owner.id,
    values: { plotId, amountCents: cents, assessmentId: 'A1', assessmentDate: today, payoutDate: today },
    by,
  });

describe('the dashboard calls', () => {
  let enablerId: string;
  let admin: string;
  let agent: string;
  let otherAgent: string;

  beforeAll(async () => {
    enablerId = (await givenEnabler()).id;
    admin = (await signIn('ADMIN', enablerId)).token;
    agent = (await signIn('USER', enablerId)).token;
    otherAgent = (await signIn('USER', (await givenEnabler()).id)).token;

    const kaolack = await member(enablerId, 'Kaolack');
    const fatick = await member(enablerId, 'Fatick');
    const none = await member(enablerId, null);
    // Covered today: started two months ago, ends in four. Not covered: ended last month, starts next month.
    const covered = await plot(kaolack, addMonths(today, -2), addMonths(today, 4));
    const ended = await plot(fatick, addMonths(today, -8), addMonths(today, -1));
    await plot(fatick, addMonths(today, 1), addMonths(today, 7));
    const noFederation = await plot(none, today, addMonths(today, 6));
    await contribute(kaolack, covered.id, 1050, today);
    await contribute(fatick, ended.id, 2000, lastMonth);
    await payout(kaolack, covered.id, 3000);
    await payout(none, noFederation.id, 500);
    await changeMoneyRecord({
      type: 'CASHOUT',
      enablerId,
      memberId: kaolack.id,
      values: { amountCents: 1200, cashoutDate: `${today}T09:00:00.000Z` },
      by,
    });
    // The aggregates from the records, as the repair call computes them (the stream is not read here).
    const rebuilt = await callApi(handler, 'POST', '/dashboard/rebuild', { token: admin });
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body).toEqual({ records: 12, aggregates: expect.any(Number) });
  });

  const get = (token: string, path: string, query?: Record<string, string>) =>
    callApi(handler, 'GET', `/dashboard/${path}`, { token, query });

  it('answer the monthly series by default, one point per displayed month, oldest first', async () => {
    const { status, body } = await get(agent, 'totalContributionsByDate');
    expect(status).toBe(200);
    expect(body).toHaveLength(dashboardUnitsToDisplay.monthly);
    expect(body.at(-1)).toEqual({ date: thisMonth, amount: 10.5 });
    expect(body.at(-2)).toEqual({ date: lastMonth, amount: 20 });
    expect(body.slice(0, -2).every((point: { amount: number }) => point.amount === 0)).toBe(true);
  });

  it('follow the scale and the federation', async () => {
    const daily = await get(agent, 'totalContributionsByDate', { timeScale: 'daily' });
    expect(daily.body).toHaveLength(dashboardUnitsToDisplay.daily);
    expect(daily.body.at(-1)).toEqual({ date: today, amount: 10.5 });
    const weekly = await get(agent, 'numberOfCoversStartedByDate', { timeScale: 'weekly' });
    expect(weekly.body).toHaveLength(dashboardUnitsToDisplay.weekly);
    expect(weekly.body.at(-1).amount).toBe(1);
    const fatick = await get(agent, 'totalContributionsByDate', { federation: 'Fatick' });
    expect(fatick.body.at(-1)).toEqual({ date: thisMonth, amount: 0 });
    expect(fatick.body.at(-2)).toEqual({ date: lastMonth, amount: 20 });
    const unknown = await get(agent, 'totalContributionsByDate', { federation: 'Nowhere' });
    expect(unknown.body.every((point: { amount: number }) => point.amount === 0)).toBe(true);
  });

  it('answer the benefits computed, the pending benefit by federation and the covered plots', async () => {
    const benefits = await get(agent, 'totalBenefitsComputedByDate');
    expect(benefits.body.at(-1)).toEqual({ date: thisMonth, amount: 35 });
    const pending = await get(agent, 'totalPendingBenefitsByFederation');
    expect(pending.body).toEqual([
      { federation: 'Kaolack', amount: 18 },
      { federation: null, amount: 5 },
    ]);
    expect((await get(agent, 'numberOfCoveredPlots')).body).toBe(2);
    expect((await get(agent, 'numberOfCoveredPlots', { federation: 'Kaolack' })).body).toBe(1);
    expect((await get(agent, 'numberOfCoveredPlots', { federation: 'Fatick' })).body).toBe(0);
  });

  it('list the federations and the number of periods shown', async () => {
    expect((await get(agent, 'federations')).body).toEqual(['Fatick', 'Kaolack']);
    expect((await get(agent, 'numberOfUnitsToDisplay')).body).toBe(dashboardUnitsToDisplay.monthly);
    expect((await get(agent, 'numberOfUnitsToDisplay', { timeScale: 'daily' })).body).toBe(
      dashboardUnitsToDisplay.daily,
    );
  });

  it("answer another enabler's user with that enabler's figures only", async () => {
    const series = await get(otherAgent, 'totalContributionsByDate');
    expect(series.body.every((point: { amount: number }) => point.amount === 0)).toBe(true);
    expect((await get(otherAgent, 'totalPendingBenefitsByFederation')).body).toEqual([]);
    expect((await get(otherAgent, 'federations')).body).toEqual([]);
    expect((await get(otherAgent, 'numberOfCoveredPlots')).body).toBe(0);
    // The filter cannot reach another enabler's federation either.
    const kaolack = await get(otherAgent, 'totalContributionsByDate', { federation: 'Kaolack' });
    expect(kaolack.body.every((point: { amount: number }) => point.amount === 0)).toBe(true);
  });

  it('refuse bad queries with 400 and anonymous callers with 401', async () => {
    const queries: Record<string, string>[] = [
      { timeScale: 'yearly' },
      { federation: '' },
      { federation: 'x'.repeat(101) },
      { other: '1' },
    ];
    for (const query of queries) {
      const answer = await get(agent, 'totalContributionsByDate', query);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('ERR_INVALID_DATA_FORMAT');
    }
    expect((await get(agent, 'federations', { timeScale: 'daily' })).status).toBe(400);
    expect((await callApi(handler, 'GET', '/dashboard/federations')).status).toBe(401);
  });

  it('keep the rebuild to administrators, and a second rebuild changes nothing', async () => {
    const refused = await callApi(handler, 'POST', '/dashboard/rebuild', { token: agent });
    expect(refused.status).toBe(403);
    const before = await get(agent, 'totalPendingBenefitsByFederation');
    const again = await callApi(handler, 'POST', '/dashboard/rebuild', { token: admin });
    expect(again.status).toBe(200);
    expect((await get(agent, 'totalPendingBenefitsByFederation')).body).toEqual(before.body);
  });
});
