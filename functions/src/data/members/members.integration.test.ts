import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dynamo } from '#platform/aws-clients.ts';
import { beforeFirstTransaction } from '../../testing/dynamo-requests.ts';
import { givenEnabler } from '../../testing/fixtures.ts';
import { newMemberFields, newPlotFields } from '../../testing/member-fixtures.ts';
import { getEnabler } from '../enablers/enablers.ts';
import { MemberIndex } from '#domain/lists/member-list.ts';
import { memberPartition } from './member-keys.ts';
import { memberSummaryOf } from './member-items.ts';
import { readMemberPartition } from './member-page.ts';
import { createMember, deleteMember, getMember, updateMember } from './members.ts';
import { createPlot, deletePlot } from './plots.ts';
import { getPlotById } from './records-by-id.ts';
import { createMoneyRecord } from '../money/money-create.ts';
import { tableName } from '../table/table.ts';

const admin = { email: 'admin@example.org', name: 'Admin' };
let enablerId: string;

beforeAll(async () => {
  enablerId = (await givenEnabler()).id;
});

afterEach(() => vi.restoreAllMocks());

describe('deleteMember', () => {
  it('is refused (ERR_CONFLICT) when a record is written between its read and its transaction, leaving everything', async () => {
    const member = await createMember(newMemberFields(enablerId));
    const plot = await createPlot(newPlotFields(member));
    const count = (await getEnabler(enablerId))?.memberCount;
    beforeFirstTransaction(async () => {
      const current = await getMember(member.id);
      await createMoneyRecord({
        type: 'CONTRIBUTION',
        member: current as NonNullable<typeof current>,
        plot,
        values: { amountCents: 100, protectionType: 'DROUGHT', contributionDate: new Date().toISOString() },
        by: 'test',
      });
    });
    await expect(deleteMember(enablerId, member.id, admin)).rejects.toMatchObject({
      code: 'ERR_CONFLICT',
    });
    vi.restoreAllMocks();
    expect((await readMemberPartition(member.id)).map((item) => item.entityType).sort()).toEqual([
      'CONTRIBUTION',
      'MEMBER',
      'PLOT',
    ]);
    expect((await getEnabler(enablerId))?.memberCount).toBe(count);
  });

  it('is later than the profile’s last change, whose instant another clock may have put ahead, so every list drops the member', async () => {
    // Written by an instance whose clock is a minute ahead: the member lists hold it at that instant.
    const member = await createMember(newMemberFields(enablerId), { now: new Date(Date.now() + 60_000) });
    const list = MemberIndex.fromSummaries([memberSummaryOf(member)]);
    const { removedAt } = await deleteMember(enablerId, member.id, admin);
    expect(removedAt > member.updatedAt).toBe(true);
    expect(list.apply({ type: 'removed', id: member.id, removedAt })).toBe(true);
    expect(list.get(member.id)).toBeUndefined();
  });

  it('answers ERR_NOT_FOUND for another enabler’s member', async () => {
    const member = await createMember(newMemberFields(enablerId));
    const other = (await givenEnabler()).id;
    await expect(deleteMember(other, member.id, admin)).rejects.toMatchObject({
      code: 'ERR_NOT_FOUND',
    });
    expect(await readMemberPartition(member.id)).toHaveLength(1);
  });
});

describe('updateMember', () => {
  it('is refused (ERR_CONFLICT) when the number changed since it was read, moving no claim', async () => {
    const member = await createMember(newMemberFields(enablerId));
    await updateMember(member, { ...member, number: `${member.number}-2` }, admin);
    const stale = member;
    await expect(updateMember(stale, { ...stale, number: `${stale.number}-3` }, admin)).rejects.toMatchObject(
      {
        code: 'ERR_CONFLICT',
      },
    );
    expect((await getMember(member.id))?.number).toBe(`${member.number}-2`);
    // The first edit's claim still holds: another member cannot take that number.
    await expect(
      createMember({ ...newMemberFields(enablerId), number: `${member.number}-2` }),
    ).rejects.toMatchObject({
      code: 'ERR_DUPLICATE_MEMBER',
    });
    await createMember({ ...newMemberFields(enablerId), number: `${member.number}-3` });
  });
});

describe('deletePlot', () => {
  it('is refused (ERR_PLOT_HAS_RECORDS) when a contribution is counted between its read and its transaction', async () => {
    const member = await createMember(newMemberFields(enablerId));
    const created = await createPlot(newPlotFields(member));
    const plot = await getPlotById(created.id);
    beforeFirstTransaction(() =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: { pk: memberPartition(member.id), sk: `PLOT#${created.id}` },
                UpdateExpression: 'ADD contributionCount :one',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
          ],
        }),
      ),
    );
    await expect(deletePlot(plot as NonNullable<typeof plot>, admin)).rejects.toMatchObject({
      code: 'ERR_PLOT_HAS_RECORDS',
    });
    vi.restoreAllMocks();
    expect(await getPlotById(created.id)).toBeDefined();
    expect((await getMember(member.id))?.plotCount).toBe(1);
  });

  it('finds a plot by its id with its enabler, and none for an id that exists nowhere', async () => {
    const member = await createMember(newMemberFields(enablerId));
    const plot = await createPlot(newPlotFields(member));
    expect(await getPlotById(plot.id)).toMatchObject({ id: plot.id, enablerId });
    expect(await getPlotById(randomUUID())).toBeUndefined();
  });
});
