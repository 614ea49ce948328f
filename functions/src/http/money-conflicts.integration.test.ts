import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMoneyRecord } from '#data/money/money-create.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { callApi } from '../testing/call-api.ts';
import { givenMember } from '../testing/member-fixtures.ts';
import { givenContribution, givenPayout } from '../testing/money-fixtures.ts';
import { givenAdministeredEnabler } from '../testing/signed-in-users.ts';
import { handler as adminCashouts } from './admin-cashouts/handler.ts';
import { handler as adminContributions } from './admin-contributions/handler.ts';
import { handler as adminPayouts } from './admin-payouts/handler.ts';
import { handler as members } from './members/handler.ts';

/*
 * Every money write answers 409 ERR_CONFLICT when its member's items keep being written by others
 * (each transaction loses its race, through every retry): shown here on each route, without a race,
 * so that the contract's list of the codes a route answers does not hang on a race test's luck.
 */

afterEach(() => vi.restoreAllMocks());

/** Every transaction from now on loses its race with another writer of the same items. */
const everyTransactionCollides = () => {
  const client = dynamo();
  const send = client.send.bind(client);
  vi.spyOn(client, 'send').mockImplementation((async (command: { constructor: { name: string } }) => {
    if (command.constructor.name !== 'TransactWriteCommand') return send(command as never);
    throw Object.assign(new Error('Transaction cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'TransactionConflict' }],
    });
  }) as never);
};

const day = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('a money write whose every transaction collides', () => {
  let token: string;
  let memberId: string;
  let plotId: string;
  const ids = { contribution: '', payout: '', cashout: '' };

  beforeAll(async () => {
    const { enablerId, admin } = await givenAdministeredEnabler();
    token = admin.token;
    const { member, plotIds } = await givenMember(enablerId, 1);
    memberId = member.id;
    plotId = plotIds[0] as string;
    const by = 'admin@example.org';
    ids.contribution = (
      await givenContribution(memberId, 500, { plotId, contributionDate: '2026-02-01T10:00:00.000Z', by })
    ).id;
    ids.payout = (
      await givenPayout(memberId, 9000, {
        plotId,
        assessmentId: 'camp-1',
        assessmentDate: '2026-04-30',
        payoutDate: '2026-05-02',
        by,
      })
    ).id;
    ids.cashout = (
      await createMoneyRecord({
        type: 'CASHOUT',
        member,
        plot: null,
        values: { amountCents: 1000, cashoutDate: '2026-05-10T09:00:00.000Z' },
        by,
      })
    ).id;
  });

  const payoutBody = () => ({
    plotId,
    amount: 80,
    assessmentId: 'camp-1',
    assessmentDate: day('2026-04-30'),
    payoutDate: day('2026-05-03'),
  });
  const calls: [route: string, call: () => ReturnType<typeof callApi>][] = [
    [
      'POST /members/{id}/contribute',
      () => callApi(members, 'POST', `/members/${memberId}/contribute`, { token, body: { amount: 5 } }),
    ],
    [
      'POST /members/{id}/cashouts',
      () => callApi(members, 'POST', `/members/${memberId}/cashouts`, { token, body: { amount: 1 } }),
    ],
    [
      'POST /admin/contributions',
      () =>
        callApi(adminContributions, 'POST', '/admin/contributions', {
          token,
          body: { plotId, amount: 5, contributionDate: day('2026-03-01T10:00:00Z') },
        }),
    ],
    [
      'POST /admin/contributions/{id}',
      () =>
        callApi(adminContributions, 'POST', `/admin/contributions/${ids.contribution}`, {
          token,
          body: { plotId, amount: 6, contributionDate: day('2026-02-01T10:00:00Z') },
        }),
    ],
    [
      'DELETE /admin/contributions/{id}',
      () => callApi(adminContributions, 'DELETE', `/admin/contributions/${ids.contribution}`, { token }),
    ],
    [
      'POST /admin/payouts',
      () => callApi(adminPayouts, 'POST', '/admin/payouts', { token, body: { memberId, ...payoutBody() } }),
    ],
    [
      'POST /admin/payouts/{id}',
      () => callApi(adminPayouts, 'POST', `/admin/payouts/${ids.payout}`, { token, body: payoutBody() }),
    ],
    [
      'DELETE /admin/payouts/{id}',
      () => callApi(adminPayouts, 'DELETE', `/admin/payouts/${ids.payout}`, { token }),
    ],
    [
      'POST /admin/cashouts',
      () => callApi(adminCashouts, 'POST', '/admin/cashouts', { token, body: { memberId, amount: 1 } }),
    ],
    [
      'POST /admin/cashouts/{id}',
      () =>
        callApi(adminCashouts, 'POST', `/admin/cashouts/${ids.cashout}`, {
          token,
          body: { amount: 2, cashoutDate: day('2026-05-10T09:00:00Z') },
        }),
    ],
    [
      'DELETE /admin/cashouts/{id}',
      () => callApi(adminCashouts, 'DELETE', `/admin/cashouts/${ids.cashout}`, { token }),
    ],
  ];

  it.each(calls)('answers %s with 409 ERR_CONFLICT', async (_route, call) => {
    everyTransactionCollides();
    const answer = await call();
    expect(answer).toMatchObject({ status: 409, body: { code: 'ERR_CONFLICT' } });
  });
});
