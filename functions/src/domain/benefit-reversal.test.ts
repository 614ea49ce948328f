import { describe, expect, it } from 'vitest';
import { previewMember } from '../testing/preview-fixtures.ts';
import { reversalRows, type RunPayout } from './benefit-reversal.ts';

const member = (id: string) =>
  previewMember(id, { name: `Name ${id}`, bankName: 'CBAO', bankAccount: `ACC-${id}` });

const payout = (memberId: string, plotId: string, amountCents: number): RunPayout => ({
  payoutId: `payout-${plotId}`,
  plotId,
  memberId,
  amountCents,
});

describe("a reversal's preview", () => {
  it('should take back each payout its member still holds, in member and plot order, and refuse the others with why', () => {
    const rows = reversalRows({
      payouts: [
        payout('m2', 'p3', 3000),
        payout('m1', 'p2', 2000),
        payout('m1', 'p1', 1000),
        payout('gone', 'p9', 500),
      ],
      plots: new Map([
        ['p1', { name: 'North' }],
        ['p2', { name: 'South' }],
        ['p3', { name: 'East' }],
      ]),
      members: new Map([
        ['m1', member('m1')],
        ['m2', member('m2')],
      ]),
      // m1 holds 2 500 of its 3 000: p1 (10.00) is taken back, then p2 (20.00) no more; m2 holds its 30.00.
      pendingCents: new Map([
        ['m1', 2500],
        ['m2', 3000],
      ]),
    });
    expect(
      rows.map(({ row, payoutId, plotName, status, reason, givenAmountCents, benefitCents }) => [
        row,
        payoutId,
        plotName,
        status,
        reason,
        givenAmountCents,
        benefitCents,
      ]),
    ).toEqual([
      [1, 'payout-p9', null, 'REFUSED', 'PAYOUT_GONE', 500, 0],
      [2, 'payout-p1', 'North', 'ACCEPTED', null, 1000, 1000],
      [3, 'payout-p2', 'South', 'REFUSED', 'PENDING_TOO_LOW', 2000, 0],
      [4, 'payout-p3', 'East', 'ACCEPTED', null, 3000, 3000],
    ]);
    expect(rows[1]).toMatchObject({ memberName: 'Name m1', bankAccount: 'ACC-m1' });
  });
});
