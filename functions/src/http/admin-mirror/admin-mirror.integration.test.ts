import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { isMirrored, pseudonymiseItem } from '#domain/mirror.ts';
import { mirrorTableName, pseudonymKey } from '#data/jobs/mirror.ts';
import { tableName } from '#data/table/table.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { environmentVariables } from '#platform/environment.ts';
import { useQueueTransport } from '#platform/queue.ts';
import { handler as mirrorWorker } from '#workers/mirror/handler.ts';
import { callApi } from '../../testing/call-api.ts';
import { recordDynamoWrites } from '../../testing/dynamo-requests.ts';
import { newEmptyTable } from '../../testing/empty-table.ts';
import { givenEnabler } from '../../testing/fixtures.ts';
import { sqsEventOf } from '../../testing/queue-events.ts';
import { givenSignedInUser } from '../../testing/signed-in-users.ts';
import { scanTable, writeItems } from '../../testing/table-items.ts';
import { handler as adminMirror } from './handler.ts';

/** What the handler and the worker send to the mirror queue, delivered by hand. */
const sent: unknown[] = [];
const deliveries: number[] = [];

/** Runs the worker on every message sent, one step per message, until the refresh ends. */
const runQueue = async (timeoutMs: number) => {
  let steps = 0;
  while (sent.length > 0) {
    const answer = await mirrorWorker(sqsEventOf(sent.shift()), lambdaContext('mirror-worker', timeoutMs));
    expect(answer).toEqual({ batchItemFailures: [] });
    steps += 1;
  }
  deliveries.push(steps);
};

const queryPartition = async (table: string, pk: string) =>
  (
    await dynamo().send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

const tag = randomUUID();
const memberPk = (index: number) => `MEMBER#mirror-${tag}-${index}`;
const members = Array.from({ length: 30 }, (_, index) => ({
  pk: memberPk(index),
  sk: 'PROFILE',
  entityType: 'MIRROR_TEST',
  name: `Member ${index}`,
  phone: `+91 98765 ${String(43000 + index)}`,
  bankName: 'State Bank',
  bankAccount: `0045123456${String(index).padStart(2, '0')}`,
  bankBranchName: 'Kaolack Main',
  bankIFSC: 'SBIN0004321',
  nested: { before: { phone: '0700000000' } },
}));
// Over one scan page (1 000 items), so that the refresh takes several steps.
const filler = Array.from({ length: 1100 }, (_, index) => ({
  pk: `MIRRORFILL#${tag}`,
  sk: String(index).padStart(5, '0'),
  entityType: 'MIRROR_TEST',
}));
const session = { pk: `USER#mirror-${tag}@example.org`, sk: `SESSION#${tag}`, entityType: 'SESSION' };

let admin: Awaited<ReturnType<typeof givenSignedInUser>>;
let agent: Awaited<ReturnType<typeof givenSignedInUser>>;

beforeAll(async () => {
  // Tables of this file alone: the whole source can be compared with the whole mirror, whatever
  // the other test files write meanwhile.
  process.env[environmentVariables.tableName] = await newEmptyTable('mirror-source');
  process.env[environmentVariables.mirrorTableName] = await newEmptyTable('mirror-target');
  const enablerId = (await givenEnabler()).id;
  admin = await givenSignedInUser('ADMIN', enablerId);
  agent = await givenSignedInUser('USER', enablerId);
  await writeItems([...members, ...filler, session]);
  // What the mirror held before: gone after a refresh.
  await dynamo().send(
    new PutCommand({ TableName: mirrorTableName(), Item: { pk: `STALE#${tag}`, sk: 'OLD' } }),
  );
  useQueueTransport({
    async send(queue, message) {
      if (queue === 'mirror') sent.push(message);
    },
  });
}, 120_000);

const status = async (token = admin.token) => callApi(adminMirror, 'GET', '/admin/mirror', { token });
const trigger = async (token = admin.token) => callApi(adminMirror, 'POST', '/admin/mirror', { token });

describe('mirror refresh', () => {
  it('should refuse a field agent both calls, and a caller without a session', async () => {
    expect((await status(agent.token)).status).toBe(403);
    expect((await trigger(agent.token)).status).toBe(403);
    expect((await callApi(adminMirror, 'POST', '/admin/mirror')).status).toBe(401);
    expect(sent).toEqual([]);
  });

  it('should copy the source to the mirror, pseudonymised, without touching the source; a second trigger is refused meanwhile', async () => {
    const sourceBefore = await Promise.all(members.map((member) => queryPartition(tableName(), member.pk)));
    const started = await trigger();
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'PROCESSING', startedAt: expect.any(String) });
    expect((await status()).body.status).toBe('PROCESSING');

    // Two more triggers, at the same moment: both refused, nothing more queued.
    const again = await Promise.all([trigger(), trigger()]);
    expect(again.map((answer) => [answer.status, answer.body.code])).toEqual([
      [409, 'ERR_MIRROR_IN_PROGRESS'],
      [409, 'ERR_MIRROR_IN_PROGRESS'],
    ]);
    expect(sent).toHaveLength(1);

    // Less time left than the worker keeps in reserve: one page per step, each step sending the next.
    const writes = await recordDynamoWrites(() => runQueue(60_000));
    expect(deliveries.at(-1)).toBeGreaterThan(2);

    const done = await status();
    expect(done.body).toMatchObject({ status: 'DONE', startedAt: null });
    expect(Date.now() - Date.parse(done.body.lastExecutionDate)).toBeLessThan(120_000);

    // The source: only the job item, its steps' messages (the outbox) and the log were written to it, and
    // the members are as they were.
    const sourceWrites = writes.filter((write) => write.tables.includes(tableName()));
    expect(sourceWrites.length).toBeGreaterThan(0);
    for (const write of sourceWrites) {
      expect(JSON.stringify(write.keys)).toMatch(/"MIRROR"|LOG#|OUTBOX#/);
    }
    expect(await Promise.all(members.map((member) => queryPartition(tableName(), member.pk)))).toEqual(
      sourceBefore,
    );

    // The mirror: each member as in the source, pseudonymised with the environment's key.
    const key = await pseudonymKey();
    for (const member of members) {
      const [copy] = await queryPartition(mirrorTableName(), member.pk);
      const [source] = await queryPartition(tableName(), member.pk);
      expect(copy).toEqual(pseudonymiseItem(source, key));
      expect(copy?.phone).not.toBe(member.phone);
      expect(copy?.bankAccount).not.toBe(member.bankAccount);
      expect(copy?.bankIFSC).not.toBe(member.bankIFSC);
      expect(copy?.bankBranchName).not.toBe(member.bankBranchName);
      expect((copy?.nested as { before: { phone: string } }).before.phone).not.toBe('0700000000');
      expect(copy?.name).toBe(member.name);
    }
    expect(await queryPartition(mirrorTableName(), `MIRRORFILL#${tag}`)).toHaveLength(filler.length);

    // The whole mirror is the whole source, pseudonymised, but for the environment's own workings.
    const expected = (await scanTable(tableName()))
      .filter((item) => isMirrored({ pk: item.pk, sk: item.sk }))
      .map((item) => pseudonymiseItem(item, key));
    expect(await scanTable(mirrorTableName())).toEqual(expected);

    // Nothing else: what was there before is gone, and no session, log or job was copied.
    const mirror = await scanTable(mirrorTableName());
    expect(mirror.some((item) => item.pk === `STALE#${tag}`)).toBe(false);
    expect(mirror.filter((item) => !isMirrored({ pk: item.pk, sk: item.sk }))).toEqual([]);
    expect(mirror.some((item) => item.pk === session.pk)).toBe(false);
  }, 120_000);

  it('should write the same mirror when run again on the same data', async () => {
    const firstRun = await Promise.all(members.map((member) => queryPartition(mirrorTableName(), member.pk)));
    const before = (await status()).body.lastExecutionDate as string;
    expect((await trigger()).status).toBe(202);
    // A whole Lambda's time: the refresh ends in one step.
    await runQueue(15 * 60 * 1000);
    expect(deliveries.at(-1)).toBe(1);
    const after = await status();
    expect(after.body.status).toBe('DONE');
    expect(after.body.lastExecutionDate > before).toBe(true);
    expect(await Promise.all(members.map((member) => queryPartition(mirrorTableName(), member.pk)))).toEqual(
      firstRun,
    );
  }, 120_000);

  it('should ignore a step of another refresh or one already done (a duplicate delivery)', async () => {
    expect((await trigger()).status).toBe(202);
    const [first] = sent.splice(0);
    const stray = { ...(first as object), jobId: randomUUID() };
    sent.push(stray);
    const writes = await recordDynamoWrites(() => runQueue(15 * 60 * 1000));
    expect(writes).toEqual([]);
    expect((await status()).body.status).toBe('PROCESSING');
    sent.push(first, first);
    await runQueue(15 * 60 * 1000);
    expect((await status()).body.status).toBe('DONE');
  }, 120_000);

  it('should mark the refresh failed at its last delivery, and let a new one start', async () => {
    expect((await trigger()).status).toBe(202);
    const [first] = sent.splice(0);
    const realTable = process.env.MIRROR_TABLE_NAME;
    process.env.MIRROR_TABLE_NAME = `missing-${tag}`;
    try {
      for (const receiveCount of [1, 3]) {
        const event = sqsEventOf(first, receiveCount);
        const answer = await mirrorWorker(event, lambdaContext('mirror-worker', 60_000));
        expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: event.Records[0]?.messageId }] });
        expect((await status()).body.status).toBe(receiveCount === 1 ? 'PROCESSING' : 'FAILED');
      }
    } finally {
      process.env.MIRROR_TABLE_NAME = realTable;
    }
    expect((await trigger()).status).toBe(202);
    await runQueue(15 * 60 * 1000);
    expect((await status()).body.status).toBe('DONE');
  }, 120_000);
});
