import { describe, expect, it } from 'vitest';
import { memberTotals } from './member-totals.ts';

describe('member totals', () => {
  it('are zero with no record', () => {
    expect(memberTotals(0, [])).toEqual({
      plotCount: 0,
      contributionTotalCents: 0,
      payoutTotalCents: 0,
      cashoutTotalCents: 0,
      cashoutBalanceCents: 0,
      firstContributionDate: null,
      lastContributionDate: null,
      firstPayoutDate: null,
      lastPayoutDate: null,
    });
  });

  it('sum each kind, keep the pending benefit and the first and last days, in any order', () => {
    expect(
      memberTotals(2, [
        { type: 'CONTRIBUTION', amountCents: 1500, date: '2026-03-01T10:00:00.000Z' },
        { type: 'PAYOUT', amountCents: 9000, date: '2026-10-01' },
        { type: 'CONTRIBUTION', amountCents: 1500, date: '2026-01-01T10:00:00.000Z' },
        { type: 'CASHOUT', amountCents: 4000, date: '2026-11-20T09:00:00.000Z' },
        { type: 'PAYOUT', amountCents: 3000, date: '2026-04-01' },
        { type: 'CONTRIBUTION', amountCents: 10, date: '2026-02-01T10:00:00.000Z' },
      ]),
    ).toEqual({
      plotCount: 2,
      contributionTotalCents: 3010,
      payoutTotalCents: 12000,
      cashoutTotalCents: 4000,
      cashoutBalanceCents: 8000,
      firstContributionDate: '2026-01-01',
      lastContributionDate: '2026-03-01',
      firstPayoutDate: '2026-04-01',
      lastPayoutDate: '2026-10-01',
    });
  });
});
