import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { _Record } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, coverageDates, isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { rebuildAggregates } from '@cpbo/functions/data/aggregates/aggregates.ts';
import { adminUpdatePlot, createPlot, deletePlot } from '@cpbo/functions/data/members/plots.ts';
import { createMember, deleteMember, updateMember } from '@cpbo/functions/data/members/members.ts';
import { getMemberDeletion } from '@cpbo/functions/data/members/member-deletions.ts';
import { getMemberPage } from '@cpbo/functions/data/members/member-page.ts';
import { changeMoneyRecord } from '@cpbo/functions/data/money/money-change.ts';
import { queryAll, tableName } from '@cpbo/functions/data/table/table.ts';
import { queueDefinitions } from '@cpbo/functions/domain/queues.ts';
import { AppError } from '@cpbo/functions/platform/app-error.ts';
import { useQueueTransport } from '@cpbo/functions/platform/queue.ts';
import { givenEnabler } from '@cpbo/functions/testing/fixtures.ts';
import { givenMember, newMemberFields, newPlotFields } from '@cpbo/functions/testing/member-fixtures.ts';
import { sqsEventOf } from '@cpbo/functions/testing/queue-events.ts';
import { storedAggregatesOf } from '@cpbo/functions/testing/stored-aggregates.ts';
import { handler as aggregatesWorker } from '@cpbo/functions/workers/aggregates/handler.ts';
import { handler as memberDeletionWorker } from '@cpbo/functions/workers/member-deletion/handler.ts';
import { InProcessQueue, type DeadLetter } from '../queues/in-process-queue.ts';
import {
  getBenefitRun,
  reviewBenefitRun,
  type BenefitRun,
} from '@cpbo/functions/data/benefit-runs/benefit-runs.ts';
import { benefitStepMessage, givenBenefitRun } from '@cpbo/functions/testing/benefit-runs.ts';
import { givenContribution } from '@cpbo/functions/testing/money-fixtures.ts';
import { handler as benefitRunWorker } from '@cpbo/functions/workers/benefit-run/handler.ts';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import { pollTableStream, type TableStreamPoller } from '../testing/table-stream.ts';
import { streamDeadLetter } from './stream-poller.ts';

/**
 * The aggregates worker behind the local stream poller, as on a laptop and in AWS: every batch is
 * delivered twice, and after a random sequence of creates, edits and deletes (members changing
 * federation included) the aggregates kept incrementally equal those a rebuild computes from the
 * records.
 */

const dynamo = new DynamoDBClient({});
const figureTypes = new Set(['MEMBER', 'PLOT', 'CONTRIBUTION', 'PAYOUT', 'CASHOUT', 'SENTINEL']);
const seenSentinels = new Set<string>();
const deadLetters: DeadLetter[] = [];
const copyTypes = new Set(['PLOT', 'CONTRIBUTION', 'PAYOUT', 'CASHOUT']);
const ours = new Set<string>();
const poisonRun = randomUUID();
let poller: TableStreamPoller;
let lastActivity = Date.now();
let delivering = 0;

const enablerOf = (record: _Record) =>
  record.dynamodb?.NewImage?.enablerId?.S ?? record.dynamodb?.OldImage?.enablerId?.S ?? '';
const typeOf = (record: _Record) =>
  record.dynamodb?.NewImage?.entityType?.S ?? record.dynamodb?.OldImage?.entityType?.S ?? '';

beforeAll(async () => {
  poller = await pollTableStream({
    maxAttempts: 3,
    onDeadLetter: (record, attempts) =>
      deadLetters.push(streamDeadLetter('aggregates', record, poller.streamArn, attempts)),
    // Only this file's enablers, and only the records that carry figures (the others would be no-ops).
    filter: (record) => ours.has(enablerOf(record)) && figureTypes.has(typeOf(record)),
    handler: async (event: DynamoDBStreamEvent, context) => {
      for (const record of event.Records) {
        const sentinel = record.dynamodb?.NewImage?.sentinel?.S;
        if (sentinel) seenSentinels.add(sentinel);
      }
      delivering += 1;
      try {
        await aggregatesWorker(event, context);
        // The same batch again, as a retry after a lost answer would: it must change nothing.
        return await aggregatesWorker(event, context);
      } finally {
        delivering -= 1;
        lastActivity = Date.now();
      }
    },
  });
});

afterAll(async () => {
  await poller.stop();
  dynamo.destroy();
});

/**
 * Waits until every change made so far has been applied: a sentinel item written now has reached the
 * worker (the local stream keeps the order of writes), then the poller has had nothing to deliver for
 * a while (the record writes a member's federation change makes come after it).
 */
const settled = async (enablerId: string) => {
  const sentinel = randomUUID();
  await dynamo.send(
    new PutItemCommand({
      TableName: tableName(),
      Item: {
        pk: { S: `SENTINEL#${sentinel}` },
        sk: { S: 'SENTINEL' },
        entityType: { S: 'SENTINEL' },
        enablerId: { S: enablerId },
        sentinel: { S: sentinel },
        expiresAt: { N: String(Math.floor(Date.now() / 1000) + 3600) },
      },
    }),
  );
  const deadline = Date.now() + 60_000;
  while (!seenSentinels.has(sentinel) || delivering > 0 || Date.now() - lastActivity < 1500) {
    if (Date.now() > deadline) throw new Error('the stream did not settle');
    await sleep(100);
  }
};

/** A small seeded generator (mulberry32), so that a failing sequence can be replayed from its seed. */
const generator = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(values: readonly T[]): T => values[int(0, values.length - 1)] as T;
  return { next, int, pick };
};

const federations = ['Kaolack', 'Fatick', 'Thiès', null] as const;
const today = isoDateOf(new Date());

const randomSequence = async (seed: number, steps: number) => {
  const random = generator(seed);
  const enabler = await givenEnabler();
  const enablerId = enabler.id;
  ours.add(enablerId);
  const memberIds: string[] = [];
  const day = () =>
    addMonths(today, random.int(-14, 3)).slice(0, 8) + String(random.int(1, 28)).padStart(2, '0');
  const by = 'property@example.org';
  const actor = { email: by, name: null };
  const newMember = async () => {
    const member = await createMember(
      newMemberFields(enablerId, { federation: random.pick(federations), onboardingDate: today }),
    );
    memberIds.push(member.id);
  };
  await newMember();
  const counts: Record<string, number> = {};
  for (let step = 0; step < steps; step += 1) {
    const memberId = random.pick(memberIds);
    const page = await getMemberPage(memberId);
    if (!page) {
      memberIds.splice(memberIds.indexOf(memberId), 1);
      if (memberIds.length === 0) await newMember();
      continue;
    }
    const { member, plots } = page;
    const money = [
      ...page.contributions.map((record) => ({ type: 'CONTRIBUTION' as const, record })),
      ...page.payouts.map((record) => ({ type: 'PAYOUT' as const, record })),
      ...page.cashouts.map((record) => ({ type: 'CASHOUT' as const, record })),
    ];
    const plot = plots.length ? random.pick(plots) : undefined;
    const operation = random.pick([
      'member',
      'plot',
      'plot',
      'contribution',
      'contribution',
      'payout',
      'payout',
      'cashout',
      'edit',
      'edit',
      'delete',
      'federation',
      'federation',
      'plotDates',
      'deletePlot',
      'deleteMember',
    ] as const);
    counts[operation] = (counts[operation] ?? 0) + 1;
    const change = async () => {
      switch (operation) {
        case 'member':
          return newMember();
        case 'plot':
          return createPlot(
            newPlotFields(member, {
              ...coverageDates(day(), {
                lengthOfSeasonInMonth: 4,
                lengthOfCoverageInMonth: random.int(1, 8),
              }),
              enablerConfig: { version: 1, _id: 'c1' },
            }),
          );
        case 'contribution':
          if (!plot) return undefined;
          return changeMoneyRecord({
            type: 'CONTRIBUTION',
            enablerId,
            memberId,
            values: {
              plotId: plot.id,
              amountCents: random.int(1, 5000),
              protectionType: 'DROUGHT',
              contributionDate: `${day()}T10:00:00.000Z`,
            },
            by,
          });
        case 'payout': {
          if (!plot) return undefined;
          const payoutDate = day();
          return changeMoneyRecord({
            type: 'PAYOUT',
            enablerId,
            memberId,
            values: {
              plotId: plot.id,
              amountCents: random.int(1, 9000),
              assessmentId: `A-${payoutDate.slice(0, 7)}`,
              assessmentDate: payoutDate,
              payoutDate,
            },
            by,
          });
        }
        case 'cashout':
          if (member.cashoutBalanceCents <= 0) return undefined;
          return changeMoneyRecord({
            type: 'CASHOUT',
            enablerId,
            memberId,
            values: {
              amountCents: random.int(1, member.cashoutBalanceCents),
              cashoutDate: `${day()}T09:00:00.000Z`,
            },
            by,
          });
        case 'edit': {
          if (!money.length) return undefined;
          const { type, record } = random.pick(money);
          const amountCents = random.int(1, 4000);
          const plotId = plot?.id ?? ('plotId' in record ? record.plotId : undefined);
          if (type === 'CONTRIBUTION')
            return changeMoneyRecord({
              type,
              enablerId,
              memberId,
              recordId: record.id,
              values: {
                plotId: plotId as string,
                amountCents,
                protectionType: 'DROUGHT',
                contributionDate: `${day()}T10:00:00.000Z`,
              },
              by,
            });
          if (type === 'PAYOUT') {
            const payoutDate = day();
            return changeMoneyRecord({
              type,
              enablerId,
              memberId,
              recordId: record.id,
              values: {
                plotId: plotId as string,
                amountCents,
                assessmentId: `A-${payoutDate.slice(0, 7)}`,
                assessmentDate: payoutDate,
                payoutDate,
              },
              by,
            });
          }
          return changeMoneyRecord({
            type,
            enablerId,
            memberId,
            recordId: record.id,
            values: { amountCents, cashoutDate: `${day()}T09:00:00.000Z` },
            by,
          });
        }
        case 'delete': {
          if (!money.length) return undefined;
          const { type, record } = random.pick(money);
          return changeMoneyRecord({ type, enablerId, memberId, recordId: record.id, values: null, by });
        }
        case 'federation':
          return updateMember(member, { ...member, federation: random.pick(federations) }, actor);
        case 'plotDates':
          if (!plot) return undefined;
          return adminUpdatePlot(
            plot,
            {
              ...plot,
              ...coverageDates(day(), {
                lengthOfSeasonInMonth: 2,
                lengthOfCoverageInMonth: random.int(1, 8),
              }),
              enablerConfig: { version: 1, _id: 'c1' },
            },
            actor,
          );
        case 'deletePlot':
          if (!plot) return undefined;
          return deletePlot(plot, actor);
        case 'deleteMember':
          // Kept for the last of a few members, so that a sequence keeps figures to compare.
          if (memberIds.length < 3) return undefined;
          return deleteMember(enablerId, memberId, actor);
      }
    };
    try {
      await change();
    } catch (error) {
      // The product's own refusals (a pending benefit going negative, a plot with records…) are part
      // of the sequence: they must leave the figures as they were.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return { enablerId, memberIds, counts };
};

describe('the aggregates kept from the stream', () => {
  it.each([1, 2, 3])(
    'equal a rebuild after a random sequence of changes, each batch delivered twice (seed %i)',
    async (seed) => {
      const { enablerId, memberIds, counts } = await randomSequence(seed, 45);
      expect(counts.federation).toBeGreaterThan(0);
      await settled(enablerId);
      const incremental = await storedAggregatesOf(enablerId);
      expect(Object.keys(incremental).length).toBeGreaterThan(0);

      // Every plot and money record carries its member's federation again.
      for (const memberId of memberIds) {
        const items = await queryAll({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `MEMBER#${memberId}` },
          ConsistentRead: true,
        });
        const profile = items.find((item) => item.sk === 'PROFILE');
        for (const copy of items.filter((item) => copyTypes.has(item.entityType as string))) {
          expect(copy.federation ?? null).toBe(profile?.federation ?? null);
        }
      }

      const rebuilt = await rebuildAggregates(enablerId);
      expect(rebuilt.malformed).toBe(0);
      expect(await storedAggregatesOf(enablerId)).toEqual(incremental);
    },
    120_000,
  );

  it('take back every figure of a member whose records a job deleted, equal to a rebuild', async () => {
    const enabler = await givenEnabler();
    const enablerId = enabler.id;
    ours.add(enablerId);
    const by = 'deletion@example.org';
    const contribute = (memberId: string, plotId: string, index: number) =>
      changeMoneyRecord({
        type: 'CONTRIBUTION',
        enablerId,
        memberId,
        values: {
          plotId,
          amountCents: 100 + index,
          protectionType: 'DROUGHT',
          contributionDate: `${addMonths(today, -(index % 14)).slice(0, 8)}${String((index % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
        },
        by,
      });
    // A member who stays, in the same federation as the one deleted: its figures must stay whole.
    const stays = await createMember(newMemberFields(enablerId, { federation: 'Kaolack' }));
    const staysPlot = await createPlot(
      newPlotFields(stays, {
        ...coverageDates(today, { lengthOfSeasonInMonth: 4, lengthOfCoverageInMonth: 6 }),
      }),
    );
    for (let index = 0; index < 3; index += 1) await contribute(stays.id, staysPlot.id, index);
    await settled(enablerId);
    const before = await storedAggregatesOf(enablerId);

    // A farmer of a few seasons: plots, monthly contributions, benefits paid out in full.
    const leaves = await createMember(newMemberFields(enablerId, { federation: 'Kaolack' }));
    const plotIds: string[] = [];
    for (const months of [-12, -6, 0])
      plotIds.push(
        (
          await createPlot(
            newPlotFields(leaves, {
              ...coverageDates(addMonths(today, months), {
                lengthOfSeasonInMonth: 4,
                lengthOfCoverageInMonth: 6,
              }),
            }),
          )
        ).id,
      );
    for (let index = 0; index < 120; index += 1)
      await contribute(leaves.id, plotIds[index % plotIds.length] as string, index);
    for (const [index, plotId] of plotIds.entries()) {
      const payoutDate = addMonths(today, -index * 3);
      await changeMoneyRecord({
        type: 'PAYOUT',
        enablerId,
        memberId: leaves.id,
        values: {
          plotId,
          amountCents: 5000 + index,
          assessmentId: `A-${index}`,
          assessmentDate: payoutDate,
          payoutDate,
        },
        by,
      });
      await changeMoneyRecord({
        type: 'CASHOUT',
        enablerId,
        memberId: leaves.id,
        values: { amountCents: 5000 + index, cashoutDate: `${payoutDate}T12:00:00.000Z` },
        by,
      });
    }
    await settled(enablerId);
    expect(await storedAggregatesOf(enablerId)).not.toEqual(before);

    const { deletion } = await deleteMember(enablerId, leaves.id, { email: by, name: null });
    expect(deletion).toMatchObject({ state: 'QUEUED', total: 129 });
    const queue = new InProcessQueue({
      name: 'memberDeletion',
      batchSize: queueDefinitions.memberDeletion.batchSize,
      maxReceiveCount: queueDefinitions.memberDeletion.maxReceiveCount,
      handler: memberDeletionWorker,
      log: () => undefined,
    });
    // The deletion's next steps go to its queue; a later test's benefit run messages (sent with their
    // writes, data/jobs/outbox.ts) are left: that test runs its worker itself.
    useQueueTransport({
      async send(name, message) {
        if (name === 'memberDeletion') queue.send(JSON.stringify(message));
      },
    });
    queue.send(JSON.stringify({ jobId: deletion.id, step: 0 }));
    await queue.idle();
    queue.stop();
    expect(queue.deadLetters).toEqual([]);
    expect(await getMemberDeletion(deletion.id)).toMatchObject({ state: 'DONE', deleted: 129 });
    await settled(enablerId);

    // The dashboard shows what it showed before that member: each figure taken back exactly, once.
    const incremental = await storedAggregatesOf(enablerId);
    expect(incremental).toEqual(before);
    const rebuilt = await rebuildAggregates(enablerId);
    expect(rebuilt.malformed).toBe(0);
    expect(await storedAggregatesOf(enablerId)).toEqual(incremental);
  }, 180_000);
  it('move by exactly what a benefit run paid, to the figures a rebuild computes', async () => {
    const enabler = await givenEnabler();
    ours.add(enabler.id);
    const members = [
      await givenMember(enabler.id),
      await givenMember(enabler.id),
      await givenMember(enabler.id, 1, `Ousmane Ba ${randomUUID()}`, { federation: null }),
    ];
    for (const { member, plotIds } of members)
      await givenContribution(member.id, 1250, {
        plotId: plotIds[0],
        contributionDate: '2026-01-15T10:00:00.000Z',
      });
    await settled(enabler.id);
    const before = await storedAggregatesOf(enabler.id);
    // The Maximum 100 × factor 1 (month 2) × 0.8 × 12.50 of 20.00 due (0.625) = 50 F CFA a member.
    const step = async (runId: string) => {
      const ran = (await getBenefitRun(runId)) as BenefitRun;
      expect(
        (
          await benefitRunWorker(
            sqsEventOf(benefitStepMessage(ran)),
            lambdaContext('benefit-run-worker', 600_000),
          )
        ).batchItemFailures,
      ).toEqual([]);
      return (await getBenefitRun(runId)) as BenefitRun;
    };
    const started = await givenBenefitRun(enabler.id, {
      assessmentId: 'DRY-AGG',
      assessmentDate: '2026-02-15',
      rows: [{ village: 'Fissel', damageIndex: 0.8 }],
    });
    await reviewBenefitRun(await step(started.id), 'APPROVED', 'reviewer@example.org', 'Checked');
    expect((await step(started.id)).payment?.paid).toEqual({ plots: 3, members: 3, amountCents: 15_000 });
    await settled(enabler.id);
    const after = await storedAggregatesOf(enabler.id);
    const pending = (federation: string) => `ENABLER#${enabler.id}#AGG#pendingBenefits#total|${federation}`;
    expect(
      [pending('F#Kaolack'), pending('NONE')].map((key) => (after[key] ?? 0) - (before[key] ?? 0)),
    ).toEqual([10_000, 5000]);
    const rebuilt = await rebuildAggregates(enabler.id);
    expect(rebuilt.malformed).toBe(0);
    expect(await storedAggregatesOf(enabler.id)).toEqual(after);
  }, 120_000);

  it('applies the rest of a batch and dead-letters a poisoned record after its retries', async () => {
    const enabler = await givenEnabler();
    ours.add(enabler.id);
    const letters: string[] = [];
    const before = poller.failedRecords.length;
    const put = (id: string, amountCents: { N: string } | { S: string }) =>
      dynamo.send(
        new PutItemCommand({
          TableName: tableName(),
          Item: {
            pk: { S: `MEMBER#${poisonRun}` },
            sk: { S: `CONTRIB#2026-11-19#${id}` },
            entityType: { S: 'CONTRIBUTION' },
            id: { S: id },
            enablerId: { S: enabler.id },
            amountCents,
            contributionDate: { S: '2026-11-19T10:00:00.000Z' },
          },
        }),
      );
    await put('good-1', { N: '100' });
    await put('poisoned', { S: 'one hundred' });
    await put('good-2', { N: '25' });
    await settled(enabler.id);
    const given = poller.failedRecords.slice(before);
    for (const record of given) letters.push(record.dynamodb?.NewImage?.id?.S ?? '');
    expect(letters).toEqual(['poisoned']);
    const letter = deadLetters.find((candidate) => candidate.body.includes(`CONTRIB#2026-11-19#poisoned`));
    expect(letter).toMatchObject({ queue: 'aggregates-stream-dead-letters', receiveCount: 3 });
    expect(JSON.parse(letter?.body ?? '{}')).toMatchObject({
      requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: 3 },
      DDBStreamBatchInfo: { batchSize: 1, eventName: 'INSERT' },
    });
    const aggregates = await storedAggregatesOf(enabler.id);
    expect(aggregates[`ENABLER#${enabler.id}#AGG#contributions#monthly#ALL|2026-11-01`]).toBe(125);
  });
});
