import { randomUUID } from 'node:crypto';
import { DeleteItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aggregateIncrements } from '@cpbo/functions/domain/aggregates.ts';
import { memberSortFields } from '@cpbo/schemas/member-list-query.ts';
import { MemberIndex } from '@cpbo/functions/domain/lists/member-list.ts';
import { aggregateKey, rebuildAggregates } from '@cpbo/functions/data/aggregates/aggregates.ts';
import { getEnabler, listEnablers } from '@cpbo/functions/data/enablers/enablers.ts';
import { forgetMemberDirectories, memberDirectory } from '@cpbo/functions/data/lists/member-directory.ts';
import { memberPartition } from '@cpbo/functions/data/members/member-keys.ts';
import { readMemberSnapshot } from '@cpbo/functions/data/lists/member-snapshots.ts';
import { allMembersOf } from '@cpbo/functions/data/lists/member-timeline.ts';
import { createMember } from '@cpbo/functions/data/members/members.ts';
import { toMember } from '@cpbo/functions/data/members/member-items.ts';
import { queryAll, tableName as table } from '@cpbo/functions/data/table/table.ts';
import { getUser } from '@cpbo/functions/data/accounts/users.ts';
import { newMemberFields } from '@cpbo/functions/testing/member-fixtures.ts';
import { storedAggregatesOf } from '@cpbo/functions/testing/stored-aggregates.ts';
import { seedDemoData } from './demo-data.ts';
import { seedOnce, SeedInterruptedError } from './index.ts';

const logins = {
  adminEmail: 'admin@demo.local',
  adminPassword: 'admin-password',
  userEmail: 'agent@demo.local',
  userPassword: 'agent-password',
};

describe('seedOnce', () => {
  const client = new DynamoDBClient({});
  const tableName = process.env.TABLE_NAME as string;
  const options = { client, tableName, logins, log: () => undefined };
  // The markers live in the table shared by the integration files; each test starts from a fresh one.
  afterEach(async () => {
    for (const state of ['STARTED', 'DONE']) {
      await client.send(
        new DeleteItemCommand({ TableName: tableName, Key: { pk: { S: 'LOCAL#SEED' }, sk: { S: state } } }),
      );
    }
  });

  it('should seed a fresh table once and never again', async () => {
    const seed = vi.fn(async () => undefined);
    expect(await seedOnce({ ...options, seed })).toBe('seeded');
    expect(await seedOnce({ ...options, seed })).toBe('already-seeded');
    expect(seed).toHaveBeenCalledTimes(1);
    expect(seed).toHaveBeenCalledWith(expect.objectContaining({ logins }));
  });

  it('should refuse to seed again over demo data an earlier start left half-written', async () => {
    const interrupted = vi.fn(async () => {
      throw new Error('stopped half-way');
    });
    await expect(seedOnce({ ...options, seed: interrupted })).rejects.toThrow('stopped half-way');
    const seed = vi.fn(async () => undefined);
    await expect(seedOnce({ ...options, seed })).rejects.toBeInstanceOf(SeedInterruptedError);
    expect(seed).not.toHaveBeenCalled();
  });
});

describe('the demo data', () => {
  const sum = (items: Record<string, unknown>[]) =>
    items.reduce((total, item) => total + (item.amountCents as number), 0);
  const days = (items: Record<string, unknown>[], field: string) =>
    items.map((item) => (item[field] as string).slice(0, 10)).sort();

  it('is written with totals, counts, claims, aggregates and member lists that agree with its records', async () => {
    const before = new Set((await listEnablers()).map((enabler) => enabler.id));
    const demoLogins = {
      ...logins,
      adminEmail: `admin-${randomUUID().slice(0, 8)}@demo.local`,
      userEmail: `agent-${randomUUID().slice(0, 8)}@demo.local`,
    };
    await seedDemoData({ log: () => undefined, logins: demoLogins, scale: 0.2 });
    const seeded = (await listEnablers()).filter((enabler) => !before.has(enabler.id));
    expect(seeded.map((enabler) => enabler.name).sort()).toEqual([
      'Deccan Growers Cooperative',
      'Sahel Farmers Mutual',
    ]);
    // The enabler list's summary of each current config is written with it.
    for (const enabler of seeded)
      expect(enabler.config).toMatchObject({
        version: enabler.latestConfigVersion,
        date: enabler.latestConfigDate,
        currency: expect.any(String),
        lengthOfCoverageInMonth: expect.any(Number),
      });
    expect(await getUser(demoLogins.adminEmail)).toMatchObject({
      role: 'ADMIN',
      enablerId: expect.any(String),
    });
    expect(await getUser(demoLogins.userEmail)).toMatchObject({ role: 'USER' });

    for (const { id: enablerId } of seeded) {
      const summaries = await allMembersOf(enablerId);
      expect(summaries.length).toBeGreaterThanOrEqual(5);
      expect((await getEnabler(enablerId))?.memberCount).toBe(summaries.length);

      const aggregated = new Map<string, number>();
      for (const { id } of summaries) {
        const items = await queryAll({
          TableName: table(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': memberPartition(id) },
        });
        const ofType = (type: string) => items.filter((item) => item.entityType === type);
        const [contributions, payouts, cashouts] = ['CONTRIBUTION', 'PAYOUT', 'CASHOUT'].map(ofType) as [
          Record<string, unknown>[],
          Record<string, unknown>[],
          Record<string, unknown>[],
        ];
        const member = toMember(
          items.find((item) => item.entityType === 'MEMBER') as Record<string, unknown>,
        );
        expect(member).toMatchObject({
          plotCount: ofType('PLOT').length,
          contributionTotalCents: sum(contributions),
          payoutTotalCents: sum(payouts),
          cashoutTotalCents: sum(cashouts),
          cashoutBalanceCents: sum(payouts) - sum(cashouts),
          firstContributionDate: days(contributions, 'contributionDate')[0] ?? null,
          lastContributionDate: days(contributions, 'contributionDate').at(-1) ?? null,
          firstPayoutDate: days(payouts, 'payoutDate')[0] ?? null,
          lastPayoutDate: days(payouts, 'payoutDate').at(-1) ?? null,
        });
        expect(member.cashoutBalanceCents).toBeGreaterThanOrEqual(0);
        // Each plot counts and sums its own contributions and payouts (a plot with any cannot be deleted).
        for (const plot of ofType('PLOT')) {
          const of = (records: Record<string, unknown>[]) =>
            records.filter((record) => record.plotId === plot.id);
          expect(plot).toMatchObject({
            contributionCount: of(contributions).length,
            payoutCount: of(payouts).length,
            contributionTotalCents: sum(of(contributions)),
            payoutTotalCents: sum(of(payouts)),
          });
        }
        for (const item of items)
          for (const increment of aggregateIncrements(undefined, item)) {
            const { pk, sk } = aggregateKey(increment);
            aggregated.set(`${pk}|${sk}`, (aggregated.get(`${pk}|${sk}`) ?? 0) + increment.amount);
          }
      }

      // The dashboard aggregates are what the stream worker would have added up, record by record,
      // and what the repair computes (it finds nothing to change).
      // Zeros kept: the seed writes no aggregate that adds up to nothing.
      const stored = await storedAggregatesOf(enablerId, 'kept');
      expect(Object.keys(stored).length).toBeGreaterThan(0);
      expect(stored).toEqual(Object.fromEntries([...aggregated].filter(([, amount]) => amount !== 0)));
      await rebuildAggregates(enablerId);
      expect(await storedAggregatesOf(enablerId, 'kept')).toEqual(stored);

      // The claims hold: a member cannot be registered twice.
      const first = summaries[0] as (typeof summaries)[number];
      await expect(
        createMember(
          newMemberFields(enablerId, {
            name: `Someone else ${randomUUID()}`,
            village: 'Elsewhere',
            number: first.number,
          }),
        ),
      ).rejects.toMatchObject({ code: 'ERR_DUPLICATE_MEMBER' });

      // A new instance lists from the snapshot the seed wrote what a full read of the table lists.
      expect((await readMemberSnapshot(enablerId))?.columns.ids).toHaveLength(summaries.length);
      forgetMemberDirectories();
      const listed = await memberDirectory(enablerId);
      const fresh = MemberIndex.fromSummaries(await allMembersOf(enablerId));
      for (const field of memberSortFields) {
        const query = {
          page: 1,
          pageSize: 1000,
          sort: { field, direction: 'asc' as const },
          search: '',
          benefits: 'all' as const,
          contributions: 'all' as const,
          plots: 'all' as const,
        };
        expect(listed.list(query, '2026-11-23')).toEqual(fresh.list(query, '2026-11-23'));
      }
    }
  });
});
