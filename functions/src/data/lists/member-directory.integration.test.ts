import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { snapshotLists } from '@cpbo/schemas';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { MemberIndex } from '#domain/lists/member-list.ts';
import { recordOrdersApart } from '#domain/lists/record-snapshot.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { useQueueTransport } from '#platform/queue.ts';
import { s3 } from '#platform/s3.ts';
import { environmentVariables, readEnvironment } from '#platform/environment.ts';
import { newEmptyTable } from '../../testing/empty-table.ts';
import { givenEnabler } from '../../testing/fixtures.ts';
import { everyOrder } from '../../testing/member-summaries.ts';
import { newMemberFields, newPlotFields } from '../../testing/member-fixtures.ts';
import { givenContribution } from '../../testing/money-fixtures.ts';
import { sqsEventOf } from '../../testing/queue-events.ts';
import { handler as directoryHandler } from '../../workers/lists/handler.ts';
import { handler as scheduleHandler } from '../../workers/snapshot-schedule/handler.ts';
import { FULL_REBUILD_MS, REBUILD_CHECK_MS } from './directories.ts';
import {
  forgetMember,
  forgetMemberDirectories,
  memberDirectory,
  refreshMemberSnapshot,
} from './member-directory.ts';
import { MEMBER_PROFILE, memberPartition } from '../members/member-keys.ts';
import { readMemberSnapshot, writeMemberSnapshot } from './member-snapshots.ts';
import { allMembersOf, memberTombstoneItem } from './member-timeline.ts';
import { createMember, getMember } from '../members/members.ts';
import { createPlot } from '../members/plots.ts';
import type { NewMember } from '../members/member-items.ts';
import { nowIso, tableName } from '../table/table.ts';

const today = isoDateOf(new Date());

/** The workers as Lambda invokes them. */
const directoryWorker = (event: Parameters<typeof directoryHandler>[0]) =>
  directoryHandler(event, lambdaContext('lists-worker', 300_000));
const snapshotSchedule = () =>
  scheduleHandler(
    { 'detail-type': 'Scheduled Event', source: 'aws.events' },
    lambdaContext('snapshot-schedule-worker', 120_000),
  );

/** What the worker's schedule queues. */
const queued: { queue: string; message: unknown }[] = [];
useQueueTransport({
  async send(queue, message) {
    queued.push({ queue, message });
  },
});

const queries = everyOrder({ pageSize: 1000 });

let counter = 0;
/** Members of varied names (accents, case) and federations, for the list's orders. */
const newMember = (enablerId: string): NewMember => {
  counter += 1;
  return newMemberFields(enablerId, {
    name: `${['Awa', 'Élodie', 'Moussa', 'ndèye'][counter % 4]} ${randomUUID().slice(0, 6)}`,
    number: `N-${counter}-${randomUUID().slice(0, 6)}`,
    federation: counter % 3 ? 'Kaolack' : null,
    onboardingDate: '2026-01-15',
  });
};

/** A member as the table holds it after a change made by another instance (no read-your-writes here). */
const givenPlotAndContribution = async (memberId: string) => {
  const member = (await getMember(memberId)) as NonNullable<Awaited<ReturnType<typeof getMember>>>;
  const plot = await createPlot(
    newPlotFields(member, {
      droughtMonthlyContribCents: 1500,
      startCoverageDate: today,
      endOfSeasonDate: today,
      endCoverageDate: today,
    }),
  );
  await givenContribution(memberId, 1500, { plotId: plot.id });
};

/** What deleting a member must write (the administrators' delete comes with issue 13): profile out, tombstone in. */
const removeMember = async (enablerId: string, memberId: string): Promise<string> => {
  const removedAt = nowIso();
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: { pk: memberPartition(memberId), sk: MEMBER_PROFILE } } },
        { Put: { TableName: tableName(), Item: memberTombstoneItem(enablerId, memberId, removedAt) } },
      ],
    }),
  );
  return removedAt;
};

/** The list of a fresh full read of the table, for every sort. */
const expectSameAsFullLoad = async (enablerId: string, index: MemberIndex) => {
  const fresh = MemberIndex.fromSummaries(await allMembersOf(enablerId));
  expect(index.size).toBe(fresh.size);
  for (const query of queries) expect(index.list(query, today)).toEqual(fresh.list(query, today));
};

/** A new Lambda instance: nothing in memory, so it starts from the snapshot. */
const coldDirectory = (enablerId: string, now?: number) => {
  forgetMemberDirectories();
  return memberDirectory(enablerId, now);
};

const seedMembers = async (enablerId: string, count: number) => {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await createMember(newMember(enablerId))).id);
  return ids;
};

describe('member directory snapshots', () => {
  let enablerId: string;
  beforeEach(async () => {
    enablerId = (await givenEnabler()).id;
    forgetMemberDirectories();
  });

  it('start a new instance that lists what a full load lists, after creations, changes and removals', async () => {
    const ids = await seedMembers(enablerId, 12);
    expect(await refreshMemberSnapshot(enablerId)).toMatchObject({ rows: 12, rebuilt: true });

    // Changes after the snapshot: the new instance catches up from the snapshot's time.
    await seedMembers(enablerId, 3);
    await givenPlotAndContribution(ids[0] as string);
    await removeMember(enablerId, ids[1] as string);
    const cold = await coldDirectory(enablerId);
    expect(cold.get(ids[1] as string)).toBeUndefined();
    expect(cold.get(ids[0] as string)).toMatchObject({ plotCount: 1, contributionTotalCents: 1500 });
    await expectSameAsFullLoad(enablerId, cold);

    // The worker's next refresh takes the changes in, without a full read.
    const refreshed = await refreshMemberSnapshot(enablerId);
    expect(refreshed).toMatchObject({ rows: 14, rebuilt: false });
    expect(refreshed.changes).toBeGreaterThanOrEqual(5);
    const snapshot = await readMemberSnapshot(enablerId);
    await expectSameAsFullLoad(enablerId, MemberIndex.fromData(snapshot as NonNullable<typeof snapshot>));
    await expectSameAsFullLoad(enablerId, await coldDirectory(enablerId));
  });

  it('are loaded once by a new instance, however many requests arrive at once', async () => {
    await seedMembers(enablerId, 3);
    await refreshMemberSnapshot(enablerId);
    forgetMemberDirectories();
    const indexes = await Promise.all(Array.from({ length: 20 }, () => memberDirectory(enablerId)));
    expect(new Set(indexes).size).toBe(1);
    await expectSameAsFullLoad(enablerId, indexes[0] as MemberIndex);
  });

  it('forget a member the instance itself removed at once (read-your-writes)', async () => {
    const ids = await seedMembers(enablerId, 2);
    const warm = await coldDirectory(enablerId);
    const removedAt = await removeMember(enablerId, ids[0] as string);
    forgetMember(enablerId, ids[0] as string, removedAt);
    expect(warm.get(ids[0] as string)).toBeUndefined();
    expect(warm.size).toBe(1);
  });

  it('leave a current snapshot alone when nothing changed', async () => {
    await seedMembers(enablerId, 2);
    await refreshMemberSnapshot(enablerId);
    expect(await refreshMemberSnapshot(enablerId)).toMatchObject({ changes: 0, bytes: 0 });
  });

  it('keep a warm instance current with the writes of other instances, removals included', async () => {
    const ids = await seedMembers(enablerId, 5);
    await refreshMemberSnapshot(enablerId);
    const warm = await coldDirectory(enablerId);
    await seedMembers(enablerId, 2);
    await givenPlotAndContribution(ids[2] as string);
    await removeMember(enablerId, ids[3] as string);
    expect(await memberDirectory(enablerId)).toBe(warm);
    expect(warm.get(ids[3] as string)).toBeUndefined();
    await expectSameAsFullLoad(enablerId, warm);
  });

  it('stay right when members change while the snapshot is written', async () => {
    const ids = await seedMembers(enablerId, 10);
    const writes = (async () => {
      await seedMembers(enablerId, 5);
      for (const id of ids.slice(0, 4)) await givenPlotAndContribution(id);
      await removeMember(enablerId, ids[9] as string);
    })();
    await Promise.all([refreshMemberSnapshot(enablerId), writes]);
    await expectSameAsFullLoad(enablerId, await coldDirectory(enablerId));
    await refreshMemberSnapshot(enablerId);
    const snapshot = await readMemberSnapshot(enablerId);
    await expectSameAsFullLoad(enablerId, MemberIndex.fromData(snapshot as NonNullable<typeof snapshot>));
  });

  it('fall back to the table when the snapshot is missing, unreadable or too old to trust', async () => {
    await seedMembers(enablerId, 4);
    await expectSameAsFullLoad(enablerId, await coldDirectory(enablerId));

    await s3().send(
      new PutObjectCommand({
        Bucket: readEnvironment('memberDirectoryBucket'),
        Key: `members/${enablerId}.snapshot.gz`,
        Body: 'not a snapshot',
      }),
    );
    await expectSameAsFullLoad(enablerId, await coldDirectory(enablerId));

    // A snapshot that last caught up 40 days ago may have missed removals whose tombstones expired
    // since: here it holds nobody, while a member changed 50 days ago is in the table.
    await createMember(newMember(enablerId), { now: new Date(Date.now() - 50 * 86_400_000) });
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await writeMemberSnapshot({
      enablerId,
      seenUpTo: longAgo,
      rebuiltAt: longAgo,
      ...new MemberIndex().toData(),
    });
    const cold = await coldDirectory(enablerId);
    expect(cold.size).toBe(5);
    await expectSameAsFullLoad(enablerId, cold);
  });

  it('are rebuilt from the table once a day, which repairs what a catch-up missed', async () => {
    // Members changed an hour ago, before the catch-up's reach.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await createMember(newMember(enablerId), { now: anHourAgo })).id);
    // A snapshot that lost one of them (as a missed change would), last rebuilt two days ago.
    const full = MemberIndex.fromSummaries(await allMembersOf(enablerId));
    full.remove(ids[0] as string, nowIso());
    const twoDaysAgo = new Date(Date.now() - FULL_REBUILD_MS * 2).toISOString();
    await writeMemberSnapshot({ enablerId, seenUpTo: nowIso(), rebuiltAt: twoDaysAgo, ...full.toData() });
    const warm = await coldDirectory(enablerId);
    expect(warm.size).toBe(2);

    expect(await refreshMemberSnapshot(enablerId)).toMatchObject({ rebuilt: true, rows: 3 });
    // A warm instance looks for a newer rebuild now and then, and reloads from it.
    expect((await memberDirectory(enablerId, Date.now() + REBUILD_CHECK_MS / 2)).size).toBe(2);
    const reloaded = await memberDirectory(enablerId, Date.now() + REBUILD_CHECK_MS + 1);
    expect(reloaded).not.toBe(warm);
    await expectSameAsFullLoad(enablerId, reloaded);
  });
});

describe('the lists worker', () => {
  const streamRecord = (enablerId: string, entityType: string, sequence: number) => ({
    eventID: randomUUID(),
    eventName: 'MODIFY' as const,
    dynamodb: {
      SequenceNumber: String(sequence),
      NewImage: { entityType: { S: entityType }, enablerId: { S: enablerId } },
    },
  });

  it('refreshes the snapshot of each enabler whose members a batch changed, once', async () => {
    const changed = (await givenEnabler()).id;
    const untouched = (await givenEnabler()).id;
    await seedMembers(changed, 3);
    await seedMembers(untouched, 1);
    const event = {
      Records: [
        streamRecord(changed, 'MEMBER', 1),
        streamRecord(changed, 'MEMBER_REMOVED', 2),
        streamRecord(untouched, 'PLOT', 3),
      ],
    } as DynamoDBStreamEvent;
    expect(await directoryWorker(event)).toEqual({ batchItemFailures: [] });
    expect((await readMemberSnapshot(changed))?.columns.ids).toHaveLength(3);
    expect(await readMemberSnapshot(untouched)).toBeUndefined();
  });

  /** The objects stored for an enabler, whatever their lists' keys. */
  const objectsOf = async (enablerId: string) => {
    const { Contents = [] } = await s3().send(
      new ListObjectsV2Command({ Bucket: readEnvironment('memberDirectoryBucket') }),
    );
    return Contents.map(({ Key = '' }) => Key).filter((key) => key.includes(enablerId));
  };
  /** Its snapshots: one per list (a record list's orders apart are beside it). */
  const snapshotsOf = async (enablerId: string) =>
    (await objectsOf(enablerId)).filter((key) => key.endsWith('.snapshot.gz')).length;

  it('refreshes every list of every enabler that the schedule queues, one message each', async () => {
    // A table of its own: "every enabler" of the run's shared table is every other test file's too.
    const shared = process.env[environmentVariables.tableName];
    process.env[environmentVariables.tableName] = await newEmptyTable('directory-schedule');
    try {
      const enablers = [(await givenEnabler()).id, (await givenEnabler()).id];
      await seedMembers(enablers[0] as string, 2);
      await seedMembers(enablers[1] as string, 1);
      queued.length = 0;
      await snapshotSchedule();
      expect(queued.map(({ queue }) => queue)).toEqual(Array(10).fill('snapshots'));
      expect(queued.map(({ message }) => message)).toEqual(
        expect.arrayContaining(
          enablers.flatMap((enablerId) => snapshotLists.map((list) => ({ enablerId, list }))),
        ),
      );
      // Nothing refreshed yet: the queue's messages do it, one list each.
      expect(await Promise.all(enablers.map(snapshotsOf))).toEqual([0, 0]);
      for (const { message } of queued)
        expect(await directoryWorker(sqsEventOf(message))).toEqual({ batchItemFailures: [] });
      expect(
        await Promise.all(enablers.map(async (id) => (await readMemberSnapshot(id))?.columns.ids.length)),
      ).toEqual([2, 1]);
      expect(await Promise.all(enablers.map(snapshotsOf))).toEqual([5, 5]);
    } finally {
      process.env[environmentVariables.tableName] = shared;
    }
  });

  it('refreshes a queued list only, and reports a message it cannot read without refreshing anything', async () => {
    const enablerId = (await givenEnabler()).id;
    await seedMembers(enablerId, 1);
    expect(await directoryWorker(sqsEventOf({ enablerId, list: 'contributions' }))).toEqual({
      batchItemFailures: [],
    });
    expect(await snapshotsOf(enablerId)).toBe(1);
    expect(await objectsOf(enablerId)).toHaveLength(1 + recordOrdersApart('contributions').length);
    expect(await readMemberSnapshot(enablerId)).toBeUndefined();
    const notJson = sqsEventOf({});
    (notJson.Records[0] as { body: string }).body = `{"enablerId":"${enablerId}"`;
    for (const event of [
      sqsEventOf({ enablerId, list: 'everything' }),
      sqsEventOf({ enablerId: '../members', list: 'members' }),
      notJson,
    ]) {
      expect(await directoryWorker(event)).toEqual({
        batchItemFailures: [{ itemIdentifier: event.Records[0]?.messageId }],
      });
    }
    expect(await snapshotsOf(enablerId)).toBe(1);
  });
});
