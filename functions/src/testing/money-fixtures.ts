import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { coverageDates, isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import { memberTotals, plotTotals } from '#domain/money-totals.ts';
import { createMember } from '#data/members.ts';
import { createPlot } from '#data/plots.ts';
import { MEMBER_PROFILE } from '#data/member-keys.ts';
import { createMoneyRecord } from '#data/money-create.ts';
import type { MemberFields } from '#data/member-items.ts';
import { readMemberPartition } from '#data/member-page.ts';
import { figuresOf } from '#data/money-items.ts';
import { tableName } from '#data/table.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { handler as auth } from '../http/auth/handler.ts';
import { callApi } from './call-api.ts';
import { demoConfig, givenEnabler, givenUser } from './fixtures.ts';

/** Fixtures of the admin money tests: an administrator's token, members with plots, the partition as stored. */

export const signIn = async (role: 'USER' | 'ADMIN', enablerId: string) => {
  const user = await givenUser({ role, enablerId });
  const answer = await callApi(auth, 'POST', '/auth/login', {
    body: { username: user.email, password: user.password },
  });
  expect(answer.status).toBe(200);
  return { email: user.email, token: answer.body.accessToken as string };
};

/** An enabler with its administrator. */
export const givenAdministeredEnabler = async () => {
  const enabler = await givenEnabler();
  return { enablerId: enabler.id, admin: await signIn('ADMIN', enabler.id) };
};

/** A member of the enabler with `plots` plots (created as the API would), and any other fields given. */
export const givenMember = async (
  enablerId: string,
  plots = 1,
  name = `Awa Diop ${randomUUID()}`,
  fields: Partial<MemberFields> = {},
) => {
  const member = await createMember({
    enablerId,
    name,
    village: 'Fissel',
    number: `N-${randomUUID()}`,
    federation: 'Kaolack',
    gender: null,
    phone: null,
    bankName: null,
    bankBranchName: null,
    bankIFSC: null,
    bankAccount: null,
    ...fields,
    onboardingDate: isoDateOf(new Date()),
  });
  const plotIds: string[] = [];
  for (let index = 0; index < plots; index += 1) {
    const plot = await createPlot({
      memberId: member.id,
      enablerId,
      federation: member.federation,
      name: `Field ${index + 1}`,
      latitude: 14,
      longitude: -16,
      cropDescription: null,
      isIrrigated: null,
      droughtMonthlyContribCents: 1000,
      excessRainMonthlyContribCents: 0,
      ...coverageDates('2026-01-01', demoConfig),
      enablerConfig: { version: 1, _id: 'c1' },
    });
    plotIds.push(plot.id);
  }
  return { memberId: member.id, member, plotIds };
};

/** A drought contribution of the member to its plot, given at 10:00 on `day`, as an agent records it. */
export const givenContribution = (
  member: Awaited<ReturnType<typeof givenMember>>['member'],
  plotId: string,
  amountCents: number,
  day: string,
) =>
  createMoneyRecord({
    type: 'CONTRIBUTION',
    member,
    plot: { id: plotId, name: 'Field' },
    values: { amountCents, protectionType: 'DROUGHT', contributionDate: `${day}T10:00:00.000Z` },
    by: 'agent@example.org',
  });

const moneyTypes = new Set(['CONTRIBUTION', 'PAYOUT', 'CASHOUT']);

/**
 * Checks that the member's totals and dates, and each plot's counts and sums, are what its records
 * add up to (as if every record had been recorded one by one), and that the pending benefit is not
 * below zero. Returns the partition's items.
 */
export const expectTotalsMatchRecords = async (memberId: string) => {
  const items = await readMemberPartition(memberId);
  const records = items.filter((item) => moneyTypes.has(item.entityType as string)).map(figuresOf);
  const plots = items.filter((item) => item.entityType === 'PLOT');
  const profile = items.find((item) => item.sk === MEMBER_PROFILE) as Record<string, unknown>;
  const totals = memberTotals(plots.length, records);
  expect(profile).toMatchObject({
    contributionTotalCents: totals.contributionTotalCents,
    payoutTotalCents: totals.payoutTotalCents,
    cashoutTotalCents: totals.cashoutTotalCents,
    cashoutBalanceCents: totals.cashoutBalanceCents,
  });
  for (const field of [
    'firstContributionDate',
    'lastContributionDate',
    'firstPayoutDate',
    'lastPayoutDate',
  ] as const) {
    expect(profile[field] ?? null, field).toBe(totals[field]);
  }
  expect(profile.cashoutBalanceCents as number).toBeGreaterThanOrEqual(0);
  for (const plot of plots) {
    const expected = plotTotals(records, plot.id as string);
    expect({
      contributionCount: plot.contributionCount ?? 0,
      payoutCount: plot.payoutCount ?? 0,
      contributionTotalCents: plot.contributionTotalCents ?? 0,
      payoutTotalCents: plot.payoutTotalCents ?? 0,
    }).toEqual(expected);
  }
  return { items, profile, records, plots };
};

/** Writes items straight to the table, 25 a batch, several batches at once (the paging tests' thousands). */
export const writeDirectly = async (items: Record<string, unknown>[]) => {
  const batches: Record<string, unknown>[][] = [];
  for (let index = 0; index < items.length; index += 25) batches.push(items.slice(index, index + 25));
  const send = async (batch: Record<string, unknown>[]) => {
    let requests: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
      [tableName()]: batch.map((Item) => ({ PutRequest: { Item } })),
    };
    while (requests && Object.keys(requests).length > 0) {
      const result: BatchWriteCommandOutput = await dynamo().send(
        new BatchWriteCommand({ RequestItems: requests }),
      );
      requests = result.UnprocessedItems as typeof requests;
    }
  };
  for (let index = 0; index < batches.length; index += 8) {
    await Promise.all(batches.slice(index, index + 8).map(send));
  }
};
