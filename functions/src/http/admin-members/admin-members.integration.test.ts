import { randomUUID } from 'node:crypto';
import type { ScheduledEvent } from 'aws-lambda';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { auditOfMonth } from '#data/logs/audit.ts';
import { getEnabler } from '#data/enablers/enablers.ts';
import { MAX_RECORDS_REMOVED_AT_ONCE } from '#domain/member-edits.ts';
import { memberNumberClaim, memberPartition, memberTombstoneKey } from '#data/members/member-keys.ts';
import { getMember } from '#data/members/members.ts';
import { plotItem } from '#data/members/plot-items.ts';
import { tableName } from '#data/table/table.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { RELAY_AFTER_MS } from '#data/jobs/outbox.ts';
import { useQueueTransport } from '#platform/queue.ts';
import { REPLAYED_HEADER } from '#http/middleware/idempotency.ts';
import { callApi } from '../../testing/call-api.ts';
import { beforeFirstTransaction } from '../../testing/dynamo-requests.ts';
import { forbiddenAdminAnswer, givenEnabler } from '../../testing/fixtures.ts';
import { newPlotFields } from '../../testing/member-fixtures.ts';
import { addMemberAsAdmin, addPlotOfMember, newMemberBody } from '../../testing/member-requests.ts';
import { givenPayout } from '../../testing/money-fixtures.ts';
import { givenSignedInUser } from '../../testing/signed-in-users.ts';
import { sqsEventOf } from '../../testing/queue-events.ts';
import { writeItems } from '../../testing/table-items.ts';
import { handler as members } from '../members/handler.ts';
import { handler as outboxRelay } from '../../workers/outbox-relay/handler.ts';
import { handler as memberDeletionWorker } from '../../workers/member-deletion/handler.ts';
import { handler as adminMembers } from './handler.ts';

let enablerId: string;
let admin: string;
let otherEnablerId: string;
let otherEnablerName: string;
const otherEnablers = () => forbiddenAdminAnswer({ id: otherEnablerId, name: otherEnablerName });
let otherAdmin: string;

/** The member deletions' steps queued (their worker runs in infra/local/queues/member-deletion tests). */
const queued: unknown[] = [];
/** Set by a test: the queue refuses every message, as SQS does when it is unreachable. */
let queueDown = false;
useQueueTransport({
  async send(queue, message) {
    if (queueDown) throw Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailable' });
    if (queue === 'memberDeletion') queued.push(message);
  },
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  queueDown = false;
});

/** The outbox relay's run at `msLater` from now (its schedule's, every minute). */
const relayAfter = async (msLater: number) => {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + msLater);
  try {
    await outboxRelay({ 'detail-type': 'Scheduled Event' } as ScheduledEvent, lambdaContext('outbox-relay'));
  } finally {
    vi.useRealTimers();
  }
};

const detail = (id: string, token = admin) => callApi(members, 'GET', `/members/${id}`, { token });

/** Every item of a member's partition, the enabler's profile and the member's claims, as stored. */
const stateOf = async (memberId: string, ofEnabler: string) => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': memberPartition(memberId) },
      ConsistentRead: true,
    }),
  );
  const enabler = await getEnabler(ofEnabler);
  const member = await getMember(memberId);
  const claim = member
    ? (
        await dynamo().send(
          new GetCommand({ TableName: tableName(), Key: memberNumberClaim(ofEnabler, member.number) }),
        )
      ).Item
    : undefined;
  return { items: Items, memberCount: enabler?.memberCount, claim };
};

const listed = async (id: string, token = admin) => {
  const { body } = await callApi(members, 'GET', '/members', { token, query: { pageSize: '100' } });
  return (body.members as { id: string }[]).some((member) => member.id === id);
};

beforeAll(async () => {
  enablerId = (await givenEnabler()).id;
  admin = (await givenSignedInUser('ADMIN', enablerId)).token;
  ({ id: otherEnablerId, name: otherEnablerName } = await givenEnabler());
  otherAdmin = (await givenSignedInUser('ADMIN', otherEnablerId)).token;
});

describe('POST /admin/members', () => {
  it('registers a member with its onboarding date, or today, counted on the enabler and listed', async () => {
    const before = (await getEnabler(enablerId))?.memberCount ?? 0;
    const dated = await addMemberAsAdmin(
      admin,
      newMemberBody({ onboardingDate: Date.UTC(2025, 2, 14) / 1000, gender: false }),
    );
    expect((await detail(dated)).body).toMatchObject({ onboardingDate: '2025-03-14', gender: false });
    const today = await addMemberAsAdmin(admin);
    expect((await detail(today)).body.onboardingDate).toBe(isoDateOf(new Date()));
    expect((await getEnabler(enablerId))?.memberCount).toBe(before + 2);
    expect(await listed(dated)).toBe(true);
  });

  it('refuses a duplicate number, or name and village, writing nothing', async () => {
    const first = newMemberBody();
    await addMemberAsAdmin(admin, first);
    const before = (await getEnabler(enablerId))?.memberCount;
    for (const body of [
      newMemberBody({ number: ` ${first.number.toLowerCase()} ` }),
      newMemberBody({ name: first.name.toUpperCase(), village: 'fissél' }),
    ]) {
      const answer = await callApi(adminMembers, 'POST', '/admin/members', { token: admin, body });
      expect(answer).toMatchObject({ status: 409, body: { code: 'ERR_DUPLICATE_MEMBER' } });
    }
    expect((await getEnabler(enablerId))?.memberCount).toBe(before);
  });

  it('honours an Idempotency-Key: a repeat answers the first id and writes nothing', async () => {
    const body = newMemberBody();
    const headers = { 'idempotency-key': randomUUID() };
    const first = await callApi(adminMembers, 'POST', '/admin/members', { token: admin, body, headers });
    const count = (await getEnabler(enablerId))?.memberCount;
    const repeat = await callApi(adminMembers, 'POST', '/admin/members', { token: admin, body, headers });
    expect(repeat).toMatchObject({ status: 201, body: first.body, headers: { [REPLAYED_HEADER]: 'true' } });
    expect((await getEnabler(enablerId))?.memberCount).toBe(count);
  });

  it('refuses bad input with 400', async () => {
    for (const body of [
      { name: 'No village', number: 'X' },
      newMemberBody({ onboardingDate: -1 }),
      newMemberBody({ onboardingDate: '2026-01-01' }),
      newMemberBody({ enablerId: otherEnablerId }),
    ]) {
      const answer = await callApi(adminMembers, 'POST', '/admin/members', { token: admin, body });
      expect(answer).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_DATA_FORMAT' } });
    }
  });

  it('is for administrators only', async () => {
    const agent = (await givenSignedInUser('USER', enablerId)).token;
    const answer = await callApi(adminMembers, 'POST', '/admin/members', {
      token: agent,
      body: newMemberBody(),
    });
    expect(answer.status).toBe(403);
  });
});

describe('POST /admin/members/{id}', () => {
  it('changes every field, the onboarding date included, and moves the claims', async () => {
    const body = newMemberBody();
    const id = await addMemberAsAdmin(admin, body);
    const changed = newMemberBody({
      federation: 'Kaolack',
      gender: true,
      phone: '+221 1',
      bankName: 'Bank',
      bankBranchName: 'Branch',
      bankIFSC: 'IFSC1',
      bankAccount: '42',
      onboardingDate: Date.UTC(2024, 11, 31) / 1000,
    });
    expect(
      (await callApi(adminMembers, 'POST', `/admin/members/${id}`, { token: admin, body: changed })).status,
    ).toBe(204);
    expect((await detail(id)).body).toMatchObject({
      name: changed.name,
      number: changed.number,
      federation: 'Kaolack',
      gender: true,
      bankAccount: '42',
      onboardingDate: '2024-12-31',
    });
    // The old number and name are free again; the new ones are taken.
    await addMemberAsAdmin(admin, newMemberBody({ number: body.number }));
    await addMemberAsAdmin(admin, newMemberBody({ name: body.name, village: body.village }));
    const taken = await callApi(adminMembers, 'POST', '/admin/members', {
      token: admin,
      body: newMemberBody({ number: changed.number }),
    });
    expect(taken.body.code).toBe('ERR_DUPLICATE_MEMBER');
  });

  it('keeps the onboarding date when absent and the claims when only the case changes', async () => {
    const body = newMemberBody({ onboardingDate: Date.UTC(2025, 0, 2) / 1000 });
    const id = await addMemberAsAdmin(admin, body);
    const recased = { ...body, name: body.name.toUpperCase(), onboardingDate: undefined };
    expect(
      (await callApi(adminMembers, 'POST', `/admin/members/${id}`, { token: admin, body: recased })).status,
    ).toBe(204);
    expect((await detail(id)).body).toMatchObject({ name: recased.name, onboardingDate: '2025-01-02' });
    expect((await stateOf(id, enablerId)).claim?.memberId).toBe(id);
  });

  it('refuses a number or name and village held by another member, changing nothing', async () => {
    const other = newMemberBody();
    const otherId = await addMemberAsAdmin(admin, other);
    const id = await addMemberAsAdmin(admin);
    const before = await stateOf(id, enablerId);
    for (const [claim, body] of [
      ['number', newMemberBody({ number: other.number })],
      ['nameVillage', newMemberBody({ name: other.name, village: other.village })],
    ] as const) {
      const answer = await callApi(adminMembers, 'POST', `/admin/members/${id}`, { token: admin, body });
      expect(answer).toMatchObject({
        status: 409,
        body: { code: 'ERR_DUPLICATE_MEMBER', details: { matches: [{ claim, memberId: otherId }] } },
      });
    }
    expect(await stateOf(id, enablerId)).toEqual(before);
  });

  it('answers another enabler’s member with the switch to it and none as not found, writing nothing', async () => {
    const theirs = await addMemberAsAdmin(otherAdmin, newMemberBody());
    const before = await stateOf(theirs, otherEnablerId);
    const answer = await callApi(adminMembers, 'POST', `/admin/members/${theirs}`, {
      token: admin,
      body: newMemberBody(),
    });
    expect(answer).toMatchObject(otherEnablers());
    expect(await stateOf(theirs, otherEnablerId)).toEqual(before);
    const none = await callApi(adminMembers, 'POST', `/admin/members/${randomUUID()}`, {
      token: admin,
      body: newMemberBody(),
    });
    expect(none.status).toBe(404);
  });
});

/** A member with two plots, contributions, a payout paid out in full (no pending benefit). */
const givenBusyMember = async () => {
  const body = newMemberBody();
  const id = await addMemberAsAdmin(admin, body);
  const plotIds: string[] = [];
  for (const name of ['North', 'South'])
    plotIds.push(await addPlotOfMember(admin, id, { name, droughtMonthlyContrib: 10 }));
  for (const amount of [10, 20])
    expect(
      (
        await callApi(members, 'POST', `/members/${id}/contribute`, {
          token: admin,
          body: { amount, plotId: plotIds[0] },
        })
      ).status,
    ).toBe(201);
  await givenPayout(id, 5000, { plotId: plotIds[1], assessmentDate: '2026-10-01', payoutDate: '2026-10-02' });
  expect(
    (await callApi(members, 'POST', `/members/${id}/cashouts`, { token: admin, body: { amount: 50 } }))
      .status,
  ).toBe(201);
  return { id, body };
};

describe('DELETE /admin/members/{id}', () => {
  it('removes the member with its plots, records and claims, in one go, and leaves a tombstone and an audit entry', async () => {
    const { id, body } = await givenBusyMember();
    expect((await stateOf(id, enablerId)).items).toHaveLength(7);
    expect(await listed(id)).toBe(true);
    const before = (await getEnabler(enablerId))?.memberCount ?? 0;
    const answer = await callApi(adminMembers, 'DELETE', `/admin/members/${id}`, { token: admin });
    expect(answer).toMatchObject({
      status: 202,
      body: { job: { memberId: id, state: 'DONE', total: 6, deleted: 6 } },
    });
    expect((await stateOf(id, enablerId)).items).toEqual([]);
    expect((await getEnabler(enablerId))?.memberCount).toBe(before - 1);
    expect(await detail(id)).toMatchObject({ status: 410, body: { code: 'ERR_MEMBER_DELETED' } });
    expect(await listed(id)).toBe(false);
    const { Item: tombstone } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: memberTombstoneKey(id) }),
    );
    expect(tombstone).toMatchObject({ entityType: 'MEMBER_REMOVED', enablerId });
    const audit = (await auditOfMonth(enablerId, new Date().toISOString().slice(0, 7))).find(
      (entry) => entry.recordId === id && entry.action === 'DELETE',
    );
    expect(audit).toMatchObject({
      action: 'DELETE',
      recordType: 'MEMBER',
      by: expect.stringContaining('@'),
      before: {
        name: body.name,
        plots: 2,
        contributions: 2,
        payouts: 1,
        cashouts: 1,
        contributionTotalCents: 3000,
        payoutTotalCents: 5000,
        cashoutTotalCents: 5000,
        cashoutBalanceCents: 0,
      },
      after: null,
    });
    // Its number and name are free again.
    await addMemberAsAdmin(admin, newMemberBody({ number: body.number }));
    await addMemberAsAdmin(admin, newMemberBody({ name: body.name, village: body.village }));
  });

  it('is refused while a benefit is pending, writing nothing', async () => {
    const id = await addMemberAsAdmin(admin);
    const plotId = await addPlotOfMember(admin, id, { name: 'North' });
    await givenPayout(id, 100, {
      plotId,
      assessmentId: 'A-2',
      assessmentDate: '2026-10-01',
      payoutDate: '2026-10-02',
    });
    const before = await stateOf(id, enablerId);
    const answer = await callApi(adminMembers, 'DELETE', `/admin/members/${id}`, { token: admin });
    expect(answer).toMatchObject({ status: 409, body: { code: 'ERR_MEMBER_HAS_PENDING_BENEFIT' } });
    expect(await stateOf(id, enablerId)).toEqual(before);
  });

  /** Adds plots straight to the table (as an import would), without moving plotCount. */
  const addRawPlots = (memberId: string, count: number) =>
    writeItems(
      Array.from({ length: count }, (_, index) =>
        plotItem(
          newPlotFields({ id: memberId, enablerId }, { name: `Plot ${index}` }),
          randomUUID(),
          new Date().toISOString(),
        ),
      ),
    );

  it('removes a member at the bound with its records: a transaction of exactly 100 items', async () => {
    const id = await addMemberAsAdmin(admin);
    await addRawPlots(id, MAX_RECORDS_REMOVED_AT_ONCE);
    const answer = await callApi(adminMembers, 'DELETE', `/admin/members/${id}`, { token: admin });
    expect(answer).toMatchObject({ status: 202, body: { job: { state: 'DONE', total: 93, deleted: 93 } } });
    expect((await stateOf(id, enablerId)).items).toEqual([]);
  });

  it('removes a member one record past the bound at once, and leaves its records to a job', async () => {
    const id = await addMemberAsAdmin(admin);
    await addRawPlots(id, MAX_RECORDS_REMOVED_AT_ONCE + 1);
    const before = (await getEnabler(enablerId))?.memberCount ?? 0;
    const answer = await callApi(adminMembers, 'DELETE', `/admin/members/${id}`, { token: admin });
    expect(answer).toMatchObject({ status: 202, body: { job: { state: 'QUEUED', total: 94, deleted: 0 } } });
    // Off every list and read at once; counted down; its records wait for the job (workers/member-deletion/).
    expect(await listed(id)).toBe(false);
    expect(await detail(id)).toMatchObject({ status: 410, body: { code: 'ERR_MEMBER_DELETED' } });
    expect((await getEnabler(enablerId))?.memberCount).toBe(before - 1);
    expect((await stateOf(id, enablerId)).items).toHaveLength(94);
    const status = await callApi(adminMembers, 'GET', `/admin/members/deletions/${answer.body.job.id}`, {
      token: admin,
    });
    expect(status).toMatchObject({ status: 200, body: { job: { id: answer.body.job.id, state: 'QUEUED' } } });
    expect(queued).toContainEqual({ jobId: answer.body.job.id, step: 0 });
    // Writes on it are refused with the code that says why.
    const write = await callApi(members, 'POST', `/members/${id}/plots`, {
      token: admin,
      body: { name: 'Late', latitude: 1, longitude: 1 },
    });
    expect(write).toMatchObject({ status: 410, body: { code: 'ERR_MEMBER_DELETED' } });
    expect((await stateOf(id, enablerId)).items).toHaveLength(94);
  });

  it('answers 202 when the job cannot be queued, and the job runs once the queue takes the outbox’s message', async () => {
    const id = await addMemberAsAdmin(admin);
    await addRawPlots(id, MAX_RECORDS_REMOVED_AT_ONCE + 1);
    queueDown = true;
    const answer = await callApi(adminMembers, 'DELETE', `/admin/members/${id}`, { token: admin });
    expect(answer).toMatchObject({ status: 202, body: { job: { state: 'QUEUED', total: 94 } } });
    const firstStep = { jobId: answer.body.job.id, step: 0 };
    expect(queued).not.toContainEqual(firstStep);
    expect(await listed(id)).toBe(false);

    // The relay's runs while the queue still refuses: the message stays for the next.
    await relayAfter(RELAY_AFTER_MS + 1000);
    expect(queued).not.toContainEqual(firstStep);
    // The queue is back: the next run sends it, once.
    queueDown = false;
    await relayAfter(RELAY_AFTER_MS + 61_000);
    await relayAfter(RELAY_AFTER_MS + 122_000);
    expect(queued.filter((message) => JSON.stringify(message) === JSON.stringify(firstStep))).toHaveLength(1);

    // The job runs from it: every record of the member is deleted.
    const result = await memberDeletionWorker(sqsEventOf(firstStep), lambdaContext('member-deletion'));
    expect(result).toEqual({ batchItemFailures: [] });
    const status = await callApi(adminMembers, 'GET', `/admin/members/deletions/${firstStep.jobId}`, {
      token: admin,
    });
    expect(status).toMatchObject({ status: 200, body: { job: { state: 'DONE', total: 94, deleted: 94 } } });
    expect((await stateOf(id, enablerId)).items).toEqual([]);
  });

  it('answers ERR_FORBIDDEN_ADMIN with the enabler for another enabler’s member, writing nothing', async () => {
    const theirs = await addMemberAsAdmin(otherAdmin, newMemberBody());
    const before = await stateOf(theirs, otherEnablerId);
    const answer = await callApi(adminMembers, 'DELETE', `/admin/members/${theirs}`, { token: admin });
    expect(answer).toMatchObject(otherEnablers());
    expect(await stateOf(theirs, otherEnablerId)).toEqual(before);
  });

  it('sent twice at once removes the member once and counts it down once', async () => {
    const { id } = await givenBusyMember();
    const before = (await getEnabler(enablerId))?.memberCount ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        callApi(adminMembers, 'DELETE', `/admin/members/${id}`, { token: admin }),
      ),
    );
    // One removes it; the others find it deleted, or gone between their read and their transaction.
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(1);
    for (const { status } of answers.filter((answer) => answer.status !== 202))
      expect([404, 410]).toContain(status);
    expect((await getEnabler(enablerId))?.memberCount).toBe(before - 1);
    expect((await stateOf(id, enablerId)).items).toEqual([]);
  });

  it('is refused (ERR_CONFLICT) when a record was written after the read, leaving it all in place', async () => {
    // A money write moves the member's totals: the removal's condition on them fails.
    const id = await addMemberAsAdmin(admin);
    await addPlotOfMember(admin, id, { name: 'North' });
    let contribution = 0;
    beforeFirstTransaction(async () => {
      contribution = (
        await callApi(members, 'POST', `/members/${id}/contribute`, { token: admin, body: { amount: 5 } })
      ).status;
    });
    const removal = await callApi(adminMembers, 'DELETE', `/admin/members/${id}`, { token: admin });
    expect(contribution).toBe(201);
    expect(removal).toMatchObject({ status: 409, body: { code: 'ERR_CONFLICT' } });
    expect((await stateOf(id, enablerId)).items).toHaveLength(3);
    expect((await detail(id)).body).toMatchObject({ contributionTotal: 5 });
  });

  it('raced by a money write is done whole or not at all', async () => {
    const id = await addMemberAsAdmin(admin);
    await addPlotOfMember(admin, id, { name: 'North' });
    const results = await Promise.all([
      callApi(adminMembers, 'DELETE', `/admin/members/${id}`, { token: admin }),
      callApi(members, 'POST', `/members/${id}/contribute`, { token: admin, body: { amount: 5 } }),
    ]);
    const [removal, contribution] = results.map((answer) => answer.status);
    const items = (await stateOf(id, enablerId)).items;
    // Either the removal came first (the contribution finds no member) or it was refused: never half done.
    if (removal === 202) expect(items).toEqual([]);
    else {
      expect(contribution).toBe(201);
      expect(items.length).toBe(3);
    }
  });
});
