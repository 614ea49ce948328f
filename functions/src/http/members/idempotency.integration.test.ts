import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimKey, completeKey, keyHolder } from '#data/table/idempotency.ts';
import { getMember } from '#data/members/members.ts';
import { getMemberPage } from '#data/members/member-page.ts';
import { getPlots } from '#data/members/plots.ts';
import { createMoneyRecord } from '#data/money/money-create.ts';
import { epochSeconds } from '#data/table/table.ts';
import { AppError } from '#platform/app-error.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  REPLAYED_HEADER,
  requestFingerprint,
  WAIT_FOR_FIRST_MS,
} from '#http/middleware/idempotency.ts';
import { callApi } from '../../testing/call-api.ts';
import { givenEnabler } from '../../testing/fixtures.ts';
import { givenPayout } from '../../testing/money-fixtures.ts';
import { addPlotOfMember, onboardMember } from '../../testing/member-requests.ts';
import { givenSignedInUser } from '../../testing/signed-in-users.ts';
import { handler as members } from './handler.ts';

let enablerId: string;
let agent: { email: string; token: string };

const newKey = () => randomUUID();
const withKey = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/** A member with one plot, ready for contributions. */
const memberWithPlot = async () => {
  const memberId = await onboardMember(agent.token);
  await addPlotOfMember(agent.token, memberId);
  return memberId;
};

const contribute = (memberId: string, amount: number, key?: string, token = agent.token) =>
  callApi(members, 'POST', `/members/${memberId}/contribute`, {
    token,
    body: { amount },
    ...(key === undefined ? {} : { headers: withKey(key) }),
  });

const owner = (key: string) => ({ caller: agent.email, key });

/** The claim of a first request for this contribution, made by the test to stage a stuck or dead one. */
const staleClaim = (memberId: string, amount: number, lockId: string, lockedUntil: number) => ({
  fingerprint: requestFingerprint({
    routeKey: 'POST /members/{id}/contribute',
    enablerId,
    params: { id: memberId },
    body: { amount },
  }),
  lockId,
  lockedUntil,
  expiresAt: epochSeconds() + 3600,
});

const contributionsOf = async (memberId: string) => (await getMemberPage(memberId))?.contributions ?? [];

beforeAll(async () => {
  enablerId = (await givenEnabler()).id;
  agent = await givenSignedInUser('USER', enablerId);
});

describe('a contribution sent again with its Idempotency-Key', () => {
  it('is recorded once, and the repeat answers the first answer', async () => {
    const memberId = await memberWithPlot();
    const key = newKey();
    const first = await contribute(memberId, 1500, key);
    const repeat = await contribute(memberId, 1500, key);
    expect(first.status).toBe(201);
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual(first.body);
    expect(repeat.headers[REPLAYED_HEADER]).toBe('true');
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await contributionsOf(memberId)).toHaveLength(1);
    expect((await getMember(memberId))?.contributionTotalCents).toBe(150_000);
  });

  it('is the same request whatever the order of the body’s fields', async () => {
    const memberId = await memberWithPlot();
    const key = newKey();
    const send = (body: Record<string, unknown>) =>
      callApi(members, 'POST', `/members/${memberId}/contribute`, {
        token: agent.token,
        body,
        headers: withKey(key),
      });
    const first = await send({ amount: 700, protectionType: 'DROUGHT' });
    const repeat = await send({ protectionType: 'DROUGHT', amount: 700 });
    expect(repeat).toMatchObject({ status: 201, body: first.body });
    expect(await contributionsOf(memberId)).toHaveLength(1);
  });

  it('is refused with ERR_IDEMPOTENCY_KEY_REUSED when the amount differs, writing nothing', async () => {
    const memberId = await memberWithPlot();
    const key = newKey();
    expect((await contribute(memberId, 1500, key)).status).toBe(201);
    const other = await contribute(memberId, 2000, key);
    expect(other).toMatchObject({ status: 422, body: { code: 'ERR_IDEMPOTENCY_KEY_REUSED' } });
    const elsewhere = await contribute(await memberWithPlot(), 1500, key);
    expect(elsewhere.body.code).toBe('ERR_IDEMPOTENCY_KEY_REUSED');
    expect(await contributionsOf(memberId)).toHaveLength(1);
    expect((await getMember(memberId))?.contributionTotalCents).toBe(150_000);
  });

  it('is written once when ten copies arrive at the same time, and every copy gets the answer', async () => {
    const memberId = await memberWithPlot();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => contribute(memberId, 1000, key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers[REPLAYED_HEADER] === 'true')).toHaveLength(9);
    expect(await contributionsOf(memberId)).toHaveLength(1);
    expect((await getMember(memberId))?.contributionTotalCents).toBe(100_000);
  });

  it('belongs to its caller: another agent’s same key is another action', async () => {
    const memberId = await memberWithPlot();
    const colleague = await givenSignedInUser('USER', enablerId);
    const key = newKey();
    const mine = await contribute(memberId, 500, key);
    const theirs = await contribute(memberId, 500, key, colleague.token);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await contributionsOf(memberId)).toHaveLength(2);
  });

  it('runs again after a failure, which stored no answer', async () => {
    const memberId = await onboardMember(agent.token);
    const key = newKey();
    const noPlot = await contribute(memberId, 1500, key);
    expect(noPlot).toMatchObject({ status: 409, body: { code: 'ERR_NO_PLOTS' } });
    expect(await keyHolder({ caller: agent.email, key })).toBeUndefined();
    await callApi(members, 'POST', `/members/${memberId}/plots`, {
      token: agent.token,
      body: { name: 'North field', latitude: 14.2, longitude: -16.3, droughtMonthlyContrib: 1500 },
    });
    expect((await contribute(memberId, 1500, key)).status).toBe(201);
    expect(await contributionsOf(memberId)).toHaveLength(1);
  });

  it('stores the answer with the contribution, in the same transaction', async () => {
    const memberId = await memberWithPlot();
    const key = newKey();
    const first = await contribute(memberId, 1500, key);
    const holder = await keyHolder({ caller: agent.email, key });
    expect(holder).toMatchObject({ state: 'COMPLETED', answer: { status: 201 } });
    expect(JSON.parse((holder as { answer: { body: string } }).answer.body)).toEqual(first.body);
  });

  it('takes over a key whose first request stopped without writing, and writes once', async () => {
    const memberId = await memberWithPlot();
    const key = newKey();
    // A first request that claimed the key and died before its write: its lock has run out.
    expect(
      (await claimKey(owner(key), staleClaim(memberId, 1500, 'dead-request', Date.now() - 1))).claimed,
    ).toBe(true);
    expect((await contribute(memberId, 1500, key)).status).toBe(201);
    expect(await contributionsOf(memberId)).toHaveLength(1);
  });

  it('writes nothing for a request whose key was taken over meanwhile', async () => {
    const memberId = await memberWithPlot();
    const key = newKey();
    await claimKey(owner(key), staleClaim(memberId, 1500, 'slow-request', Date.now() - 1));
    // A retry took the key over while the slow first request was still running.
    await claimKey(owner(key), staleClaim(memberId, 1500, 'retry', Date.now() + 60_000));
    const member = await getMember(memberId);
    const [plot] = await getPlots(memberId);
    const slowWrite = createMoneyRecord({
      type: 'CONTRIBUTION',
      member: member as NonNullable<typeof member>,
      plot: plot as NonNullable<typeof plot>,
      values: { amountCents: 150_000, protectionType: 'DROUGHT', contributionDate: new Date().toISOString() },
      by: agent.email,
      receipt: () => completeKey(owner(key), 'slow-request', { status: 201, body: '{}' }),
    });
    await expect(slowWrite).rejects.toThrow(AppError);
    await expect(slowWrite).rejects.toMatchObject({ code: 'ERR_IDEMPOTENCY_KEY_IN_PROGRESS' });
    expect(await contributionsOf(memberId)).toHaveLength(0);
    expect((await getMember(memberId))?.contributionTotalCents).toBe(0);
  });

  it('answers ERR_IDEMPOTENCY_KEY_IN_PROGRESS while the first request still holds the key', async () => {
    const memberId = await memberWithPlot();
    const key = newKey();
    await claimKey(owner(key), staleClaim(memberId, 1500, 'slow-request', Date.now() + 60_000));
    const started = Date.now();
    const repeat = await contribute(memberId, 1500, key);
    expect(repeat).toMatchObject({ status: 409, body: { code: 'ERR_IDEMPOTENCY_KEY_IN_PROGRESS' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_FOR_FIRST_MS);
    expect(await contributionsOf(memberId)).toHaveLength(0);
  }, 20_000);

  it('refuses a malformed key before doing anything', async () => {
    const memberId = await memberWithPlot();
    for (const key of ['short', 'x'.repeat(129), 'with space in the middle!', '']) {
      const answer = await contribute(memberId, 1500, key);
      expect(answer, key).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
    }
    expect(await contributionsOf(memberId)).toHaveLength(0);
  });

  it('without a key, runs every time as before', async () => {
    const memberId = await memberWithPlot();
    await contribute(memberId, 1500);
    await contribute(memberId, 1500);
    expect(await contributionsOf(memberId)).toHaveLength(2);
  });
});

describe('the other idempotent calls', () => {
  const cashout = (memberId: string, amount: number, key: string) =>
    callApi(members, 'POST', `/members/${memberId}/cashouts`, {
      token: agent.token,
      body: { amount },
      headers: withKey(key),
    });

  it('a cashout sent twice pays once; one refused for the balance can be sent again once it is covered', async () => {
    const memberId = await memberWithPlot();
    await givenPayout(memberId, 5_000);
    const key = newKey();
    const first = await cashout(memberId, 20, key);
    const repeat = await cashout(memberId, 20, key);
    expect(first.status).toBe(201);
    expect(repeat).toMatchObject({ status: 201, body: first.body, headers: { [REPLAYED_HEADER]: 'true' } });
    expect(await getMember(memberId)).toMatchObject({ cashoutBalanceCents: 3_000, cashoutTotalCents: 2_000 });

    const tooMuch = newKey();
    expect((await cashout(memberId, 50, tooMuch)).body.code).toBe('ERR_BALANCE_TOO_LOW');
    await givenPayout(memberId, 5_000);
    expect((await cashout(memberId, 50, tooMuch)).status).toBe(201);
    expect((await cashout(memberId, 50, tooMuch)).headers[REPLAYED_HEADER]).toBe('true');
    expect(await getMember(memberId)).toMatchObject({ cashoutBalanceCents: 3_000, cashoutTotalCents: 7_000 });
    expect((await getMemberPage(memberId))?.cashouts).toHaveLength(2);
  });

  it('a member onboarded twice with one key is one member, and the repeat gets its id', async () => {
    const key = newKey();
    const body = { name: `Awa Diop ${randomUUID()}`, village: 'Fissel', number: `N-${randomUUID()}` };
    const send = () =>
      callApi(members, 'POST', '/members', { token: agent.token, body, headers: withKey(key) });
    const [first, repeat] = [await send(), await send()];
    expect(first.status).toBe(201);
    // Without the key, the repeat would be refused as a duplicate member.
    expect(repeat).toMatchObject({ status: 201, body: { id: first.body.id } });
    const another = await callApi(members, 'POST', '/members', {
      token: agent.token,
      body,
      headers: withKey(newKey()),
    });
    expect(another.body.code).toBe('ERR_DUPLICATE_MEMBER');
  });

  it('a plot added twice with one key is one plot', async () => {
    const memberId = await onboardMember(agent.token);
    const key = newKey();
    const send = () =>
      callApi(members, 'POST', `/members/${memberId}/plots`, {
        token: agent.token,
        body: { name: 'North field', latitude: 14.2, longitude: -16.3, droughtMonthlyContrib: 1500 },
        headers: withKey(key),
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.body.id}`)).size).toBe(1);
    expect(await getPlots(memberId)).toHaveLength(1);
    expect((await getMember(memberId))?.plotCount).toBe(1);
  });
});
