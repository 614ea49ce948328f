import type { Cents } from '@cpbo/schemas/money.ts';
import type { BenefitRow, PreviewMember, PreviewPlot } from './benefit-preview.ts';

/*
 * A reversal run's preview: the payouts a paid run wrote, each to be taken back once a second
 * administrator approves. A payout whose member is gone cannot be (PAYOUT_GONE); one that the member's
 * pending benefit no longer covers, paid out in cash meanwhile, is not either (PENDING_TOO_LOW): what was
 * handed out is not taken back by a run. A member's payouts are taken in plot order while the pending
 * benefit covers them.
 */

/** A payout the reversed run wrote, as its claim names it. */
export interface RunPayout {
  payoutId: string;
  plotId: string;
  memberId: string;
  amountCents: Cents;
}

export interface ReversalInputs {
  payouts: readonly RunPayout[];
  plots: ReadonlyMap<string, Pick<PreviewPlot, 'name'>>;
  members: ReadonlyMap<string, PreviewMember>;
  /** Each member's pending benefit now. */
  pendingCents: ReadonlyMap<string, Cents>;
}

/** The payouts to take back, one row each (its payoutId kept for the payment), in member then plot order. */
export const reversalRows = ({ payouts, plots, members, pendingCents }: ReversalInputs): BenefitRow[] => {
  const left = new Map(pendingCents);
  return [...payouts]
    .sort((a, b) => a.memberId.localeCompare(b.memberId) || a.plotId.localeCompare(b.plotId))
    .map((payout, index): BenefitRow => {
      const member = members.get(payout.memberId);
      const pending = left.get(payout.memberId) ?? 0;
      const covered = member !== undefined && pending >= payout.amountCents;
      if (covered) left.set(payout.memberId, pending - payout.amountCents);
      return {
        row: index + 1,
        payoutId: payout.payoutId,
        plotId: payout.plotId,
        plotName: plots.get(payout.plotId)?.name ?? null,
        memberId: payout.memberId,
        memberName: member?.name ?? null,
        memberNumber: member?.number ?? null,
        village: member?.village ?? null,
        federation: member?.federation ?? null,
        maximumCents: null,
        month: null,
        factor: null,
        damageIndex: null,
        seasonContributionsCents: null,
        contributionsDueCents: null,
        paidShare: null,
        // The payout's amount, taken back or not.
        givenAmountCents: payout.amountCents,
        benefitCents: covered ? payout.amountCents : 0,
        status: covered ? 'ACCEPTED' : 'REFUSED',
        reason: covered ? null : member ? 'PENDING_TOO_LOW' : 'PAYOUT_GONE',
        bankName: member?.bankName ?? null,
        bankBranchName: member?.bankBranchName ?? null,
        bankIFSC: member?.bankIFSC ?? null,
        bankAccount: member?.bankAccount ?? null,
      };
    });
};
