import { expect } from 'vitest';
import { memberTotals, plotTotals } from '#domain/money-totals.ts';
import { MEMBER_PROFILE } from '#data/members/member-keys.ts';
import { readMemberPartition } from '#data/members/member-page.ts';
import { figuresOf } from '#data/money/money-items.ts';

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
