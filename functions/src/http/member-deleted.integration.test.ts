import { beforeAll, describe, expect, it } from 'vitest';
import { readMemberPartition } from '#data/members/member-page.ts';
import { useQueueTransport } from '#platform/queue.ts';
import { callApi } from '../testing/call-api.ts';
import { givenMember } from '../testing/member-fixtures.ts';
import { newMemberBody } from '../testing/member-requests.ts';
import { givenAdministeredEnabler } from '../testing/signed-in-users.ts';
import { unixSeconds, unixSecondsOfDay } from '../testing/unix-seconds.ts';
import { handler as adminCashouts } from './admin-cashouts/handler.ts';
import { handler as adminMembers } from './admin-members/handler.ts';
import { handler as adminPayouts } from './admin-payouts/handler.ts';
import { handler as adminPlots } from './admin-plots/handler.ts';
import { handler as members } from './members/handler.ts';

/*
 * A member deleted in the caller's enabler is ERR_MEMBER_DELETED (410) on every call that names it:
 * an agent's screen open on it while an administrator deletes it, a second tab's delete, a write
 * queued offline. Shown here on each route without a race, so that the contract's list of the codes a
 * route answers does not hang on a race test's luck.
 */

useQueueTransport({ send: async () => undefined });

let token: string;
let memberId: string;
let plotId: string;

beforeAll(async () => {
  const { enablerId, admin } = await givenAdministeredEnabler();
  token = admin.token;
  const given = await givenMember(enablerId, 1);
  memberId = given.member.id;
  plotId = given.plotIds[0] as string;
  const removal = await callApi(adminMembers, 'DELETE', `/admin/members/${memberId}`, { token });
  expect(removal).toMatchObject({ status: 202, body: { job: { state: 'DONE' } } });
});

const plotFields = { name: 'North', latitude: 14, longitude: -16, droughtMonthlyContrib: 10 };

const calls: [route: string, call: () => ReturnType<typeof callApi>][] = [
  ['GET /members/{id}', () => callApi(members, 'GET', `/members/${memberId}`, { token })],
  [
    'GET /members/{memberId}/plots/{plotId}',
    () => callApi(members, 'GET', `/members/${memberId}/plots/${plotId}`, { token }),
  ],
  [
    'POST /members/{memberId}/plots',
    () => callApi(members, 'POST', `/members/${memberId}/plots`, { token, body: plotFields }),
  ],
  [
    'POST /members/{memberId}/plots/{plotId}',
    () => callApi(members, 'POST', `/members/${memberId}/plots/${plotId}`, { token, body: plotFields }),
  ],
  [
    'POST /members/{id}/contribute',
    () => callApi(members, 'POST', `/members/${memberId}/contribute`, { token, body: { amount: 5 } }),
  ],
  [
    'POST /members/{id}/cashouts',
    () => callApi(members, 'POST', `/members/${memberId}/cashouts`, { token, body: { amount: 5 } }),
  ],
  [
    'POST /admin/members/{id}',
    () => callApi(adminMembers, 'POST', `/admin/members/${memberId}`, { token, body: newMemberBody() }),
  ],
  [
    'DELETE /admin/members/{id}',
    () => callApi(adminMembers, 'DELETE', `/admin/members/${memberId}`, { token }),
  ],
  [
    'POST /admin/plots',
    () =>
      callApi(adminPlots, 'POST', '/admin/plots', {
        token,
        body: {
          memberId,
          name: 'North',
          latitude: 14,
          longitude: -16,
          startCoverageDate: unixSecondsOfDay('2026-01-31'),
        },
      }),
  ],
  [
    'POST /admin/payouts',
    () =>
      callApi(adminPayouts, 'POST', '/admin/payouts', {
        token,
        body: {
          memberId,
          plotId,
          amount: 80,
          assessmentId: 'camp-1',
          assessmentDate: unixSecondsOfDay('2026-04-30'),
          payoutDate: unixSeconds('2026-05-03T10:00:00Z'),
        },
      }),
  ],
  [
    'POST /admin/cashouts',
    () => callApi(adminCashouts, 'POST', '/admin/cashouts', { token, body: { memberId, amount: 1 } }),
  ],
];

describe('a call that names a member deleted in its enabler', () => {
  it.each(calls)('answers %s with 410 ERR_MEMBER_DELETED, writing nothing', async (_route, call) => {
    const answer = await call();
    expect(answer).toMatchObject({ status: 410, body: { code: 'ERR_MEMBER_DELETED' } });
    expect(await readMemberPartition(memberId)).toEqual([]);
  });

  it("is not found for another enabler's administrator: nothing says it was ever there", async () => {
    const other = (await givenAdministeredEnabler()).admin.token;
    for (const answer of [
      await callApi(members, 'GET', `/members/${memberId}`, { token: other }),
      await callApi(adminMembers, 'DELETE', `/admin/members/${memberId}`, { token: other }),
    ])
      expect(answer).toMatchObject({ status: 404, body: { code: 'ERR_NOT_FOUND' } });
  });
});
