import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { addMonths, isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { dashboardUnitsToDisplay } from '@cpbo/schemas';
import { createMember } from '#data/members/members.ts';
import { createPlot } from '#data/members/plots.ts';
import { rebuildAggregates } from '#data/aggregates/aggregates.ts';
import { changeMoneyRecord } from '#data/money/money-change.ts';
import { rebuildLockKey } from '#data/jobs/rebuild-jobs.ts';
import { tableName } from '#data/table/table.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { useQueueTransport } from '#platform/queue.ts';
import { callApi } from '../../testing/call-api.ts';
import { givenEnabler } from '../../testing/fixtures.ts';
import { newMemberFields, newPlotFields } from '../../testing/member-fixtures.ts';
import { sqsEventOf } from '../../testing/queue-events.ts';
import { givenSignedInUser } from '../../testing/signed-in-users.ts';
import { storedAggregatesOf } from '../../testing/stored-aggregates.ts';
import { handler as rebuildWorker } from '../../workers/aggregates-rebuild/handler.ts';
import { handler } from './handler.ts';

/** What the API and the worker queue: delivered to the rebuild worker by runRebuildQueue, as SQS would. */
const sent: unknown[] = [];
useQueueTransport({
  async send(queue, message) {
    if (queue === 'rebuild') sent.push(message);
  },
});

/**
 * A Lambda context with plenty of time at the start (middy's look and the step's own), then almost
 * none: every step reads one page.
 */
const shortOfTime = (): Context => {
  const context = lambdaContext('rebuild-worker', 15 * 60 * 1000);
  let calls = 0;
  return { ...context, getRemainingTimeInMillis: () => (calls++ < 2 ? 15 * 60 * 1000 : 1000) };
};

/** Delivers the queued rebuild steps one after another; answers how many were delivered. */
const runRebuildQueue = async (context: () => Context = shortOfTime): Promise<number> => {
  let delivered = 0;
  while (sent.length) {
    const answer = await rebuildWorker(sqsEventOf(sent.shift()), context());
    expect(answer.batchItemFailures).toEqual([]);
    delivered += 1;
  }
  return delivered;
};

const today = isoDateOf(new Date());
const thisMonth = `${today.slice(0, 7)}-01`;
const lastMonth = addMonths(thisMonth, -1);
const by = 'dashboard@example.org';

const member = (enablerId: string, federation: string | null) =>
  createMember(newMemberFields(enablerId, { federation, onboardingDate: today }));

const plot = (
  owner: { id: string; enablerId: string; federation: string | null },
  start: string,
  end: string,
) =>
  createPlot(newPlotFields(owner, { startCoverageDate: start, endOfSeasonDate: end, endCoverageDate: end }));

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
    admin = (await givenSignedInUser('ADMIN', enablerId)).token;
    agent = (await givenSignedInUser('USER', enablerId)).token;
    otherAgent = (await givenSignedInUser('USER', (await givenEnabler()).id)).token;

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
    const started = await callApi(handler, 'POST', '/dashboard/rebuild', { token: admin });
    expect(started.status).toBe(202);
    expect(started.body.job).toMatchObject({ state: 'QUEUED', records: 0, aggregates: 0 });
    // Members, plots and three money types: one page each, so five steps, each from the last one's checkpoint.
    expect(await runRebuildQueue()).toBe(5);
    const done = await callApi(handler, 'GET', `/dashboard/rebuild/${started.body.job.id}`, { token: admin });
    expect(done.status).toBe(200);
    expect(done.body.job).toEqual({
      id: started.body.job.id,
      state: 'DONE',
      records: 12,
      aggregates: expect.any(Number),
      createdAt: started.body.job.createdAt,
      updatedAt: expect.any(String),
    });
    expect(done.body.job.aggregates).toBe(Object.keys(await storedAggregatesOf(enablerId, 'kept')).length);
  });

  beforeEach(() => {
    sent.length = 0;
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

  it('answer a queued rebuild that equals the one-go rebuild of the script', async () => {
    const queued = await storedAggregatesOf(enablerId, 'kept');
    expect(Object.keys(queued).length).toBeGreaterThan(10);
    await rebuildAggregates(enablerId);
    expect(await storedAggregatesOf(enablerId, 'kept')).toEqual(queued);
  });

  it('keep the rebuild to administrators, refuse a second one while the first is under way, and a second rebuild changes nothing', async () => {
    const refused = await callApi(handler, 'POST', '/dashboard/rebuild', { token: agent });
    expect(refused.status).toBe(403);
    expect(sent).toEqual([]);
    const before = await get(agent, 'totalPendingBenefitsByFederation');
    const aggregatesBefore = await storedAggregatesOf(enablerId, 'kept');

    const started = await callApi(handler, 'POST', '/dashboard/rebuild', { token: admin });
    expect(started.status).toBe(202);
    const lockKey = rebuildLockKey(enablerId);
    const lock = async () =>
      (
        await dynamo().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': lockKey.pk },
            ConsistentRead: true,
          }),
        )
      ).Items ?? [];
    // Two more at the same moment, while it is queued: both refused, nothing more queued or locked.
    const again = await Promise.all([
      callApi(handler, 'POST', '/dashboard/rebuild', { token: admin }),
      callApi(handler, 'POST', '/dashboard/rebuild', { token: admin }),
    ]);
    expect(again.map(({ status, body }) => [status, body.code])).toEqual([
      [409, 'ERR_REBUILD_IN_PROGRESS'],
      [409, 'ERR_REBUILD_IN_PROGRESS'],
    ]);
    expect(sent).toHaveLength(1);
    expect((await lock()).map((item) => item.jobId)).toEqual([started.body.job.id]);

    // Running (one step done, four to go): still refused.
    const step = sent.shift();
    await rebuildWorker(sqsEventOf(step), shortOfTime());
    const running = await callApi(handler, 'GET', `/dashboard/rebuild/${started.body.job.id}`, {
      token: admin,
    });
    expect(running.body.job.state).toBe('RUNNING');
    expect((await callApi(handler, 'POST', '/dashboard/rebuild', { token: admin })).body.code).toBe(
      'ERR_REBUILD_IN_PROGRESS',
    );
    // The same step delivered again: the job moved on, nothing more is queued.
    await rebuildWorker(sqsEventOf(step, 2), shortOfTime());
    expect(sent).toHaveLength(1);

    expect(await runRebuildQueue()).toBe(4);
    expect(
      (await callApi(handler, 'GET', `/dashboard/rebuild/${started.body.job.id}`, { token: admin })).body.job
        .state,
    ).toBe('DONE');
    expect(await lock()).toEqual([]);
    expect((await get(agent, 'totalPendingBenefitsByFederation')).body).toEqual(before.body);
    expect(await storedAggregatesOf(enablerId, 'kept')).toEqual(aggregatesBefore);

    // Done: the next one starts.
    expect((await callApi(handler, 'POST', '/dashboard/rebuild', { token: admin })).status).toBe(202);
    await runRebuildQueue();
  });

  it("answer a job to its enabler's administrators alone", async () => {
    const started = await callApi(handler, 'POST', '/dashboard/rebuild', { token: admin });
    const path = `/dashboard/rebuild/${started.body.job.id}`;
    const otherAdmin = (await givenSignedInUser('ADMIN', (await givenEnabler()).id)).token;
    const other = await callApi(handler, 'GET', path, { token: otherAdmin });
    expect([other.status, other.body.code]).toEqual([404, 'ERR_NOT_FOUND']);
    expect((await callApi(handler, 'GET', path, { token: agent })).status).toBe(403);
    expect((await callApi(handler, 'GET', path)).status).toBe(401);
    const unknown = await callApi(handler, 'GET', `/dashboard/rebuild/${randomUUID()}`, { token: admin });
    expect(unknown.status).toBe(404);
    const malformed = await callApi(handler, 'GET', '/dashboard/rebuild/..%2Fexports', { token: admin });
    expect(malformed.status).toBe(400);
    await runRebuildQueue();
  });

  it('rebuild once in effect when a step is delivered twice at the same moment', async () => {
    const expected = await storedAggregatesOf(enablerId, 'kept');
    const started = await callApi(handler, 'POST', '/dashboard/rebuild', { token: admin });
    const step = sent.shift();
    const full = () => lambdaContext('rebuild-worker', 15 * 60 * 1000);
    const answers = await Promise.all([
      rebuildWorker(sqsEventOf(step), full()),
      rebuildWorker(sqsEventOf(step, 2), full()),
    ]);
    expect(answers.flatMap((answer) => answer.batchItemFailures)).toEqual([]);
    expect(sent).toEqual([]);
    const done = await callApi(handler, 'GET', `/dashboard/rebuild/${started.body.job.id}`, { token: admin });
    expect(done.body.job).toMatchObject({
      state: 'DONE',
      records: 12,
      aggregates: Object.keys(expected).length,
    });
    expect(await storedAggregatesOf(enablerId, 'kept')).toEqual(expected);
    // Delivered once more after it is done: nothing is written.
    await rebuildWorker(sqsEventOf(step, 3), full());
    expect(
      (await callApi(handler, 'GET', `/dashboard/rebuild/${started.body.job.id}`, { token: admin })).body,
    ).toEqual(done.body);
  });
});
