import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { claimsOfAssessment } from '#data/money/benefit-claims.ts';
import {
  advanceRunPayment,
  benefitRunToRun,
  endRunPreview,
  getBenefitRun,
  payFailuresOf,
  reviewBenefitRun,
  type BenefitRun,
} from '#data/benefit-runs/benefit-runs.ts';
import { givenBenefitRun } from '../../testing/benefit-runs.ts';
import { givenMember } from '../../testing/member-fixtures.ts';
import { givenContribution, givenPayout } from '../../testing/money-fixtures.ts';
import { expectTotalsMatchRecords } from '../../testing/money-totals-check.ts';
import { givenAdministeredEnabler } from '../../testing/signed-in-users.ts';
import { payRun } from './payment.ts';
import { previewRun } from './preview.ts';

/*
 * A payment in steps: six members of one village, two of them with two plots, each plot given 12.50
 * on 1 February; assessed on 20 February at an index of 0.5, each plot is paid 6.25 (month 1, factor 1).
 */
const approvedRun = async () => {
  const { enablerId } = await givenAdministeredEnabler();
  const memberIds: string[] = [];
  for (let index = 0; index < 6; index += 1) {
    const { member, plotIds } = await givenMember(enablerId, index < 2 ? 2 : 1);
    memberIds.push(member.id);
    for (const plotId of plotIds)
      await givenContribution(member.id, 1250, { plotId, contributionDate: '2026-02-01T10:00:00.000Z' });
  }
  const started = await givenBenefitRun(enablerId, {
    assessmentId: `DRY-${randomUUID().slice(0, 8)}`,
    assessmentDate: '2026-02-20',
    rows: [{ village: 'Fissel', damageIndex: 0.5 }],
  });
  expect(await endRunPreview(started, await previewRun(started))).toBe(true);
  const approved = await reviewBenefitRun(
    (await getBenefitRun(started.id)) as BenefitRun,
    'APPROVED',
    'reviewer@example.org',
    'Checked',
  );
  return { approved, memberIds };
};

/** A step's budget, up after `looks` looks at the clock. */
const upAfter = (looks: number) => {
  let seen = 0;
  return {
    timeUp: () => {
      seen += 1;
      return seen > looks;
    },
  };
};

const paidClaims = async (run: BenefitRun) =>
  (await claimsOfAssessment(run.enablerId, run.assessmentId)).filter((claim) => claim.runId === run.id);

describe('a benefit run’s payment', () => {
  it('stops taking members once its time is up, and its next step pays the rest, each plot once', async () => {
    const { approved, memberIds } = await approvedRun();
    const first = (await benefitRunToRun(approved.id, approved.step)) as BenefitRun;
    // Three members taken: the first whatever the clock, two more while it allows.
    const stopped = await payRun(first, upAfter(2));
    const claims = await paidClaims(first);
    expect(stopped).toEqual({ done: false, checkpoint: { written: claims.length, total: 8 } });
    expect(new Set(claims.map((claim) => claim.memberId)).size).toBe(3);

    expect(await advanceRunPayment(first, claims.length, { done: claims.length, total: 8 })).toBe(true);
    const second = (await benefitRunToRun(approved.id, first.step + 1)) as BenefitRun;
    expect(second.written).toBe(claims.length);
    // However late a step starts, it pays a member: every step moves the run on.
    const late = await payRun(second, upAfter(0));
    const afterLate = await paidClaims(first);
    expect(afterLate.length).toBeGreaterThan(claims.length);
    expect(late).toEqual(
      afterLate.length < 8
        ? { done: false, checkpoint: { written: afterLate.length, total: 8 } }
        : { done: true, result: { written: 8 } },
    );
    // The same step delivered again with all the time it needs pays the rest, and nobody twice.
    expect(await payRun(second, upAfter(Infinity))).toEqual({ done: true, result: { written: 8 } });
    const paid = await paidClaims(first);
    // The Maximum 100 × 1 × 0.5 × 12.50 of 20.00 due (0.625) = 31.25, in whole F CFA: 31.
    expect(paid.map((claim) => claim.amountCents)).toEqual(Array(8).fill(3100));
    expect(new Set(paid.map((claim) => claim.plotId)).size).toBe(8);
    for (const memberId of memberIds) {
      const { records } = await expectTotalsMatchRecords(memberId);
      expect(records.filter((record) => record.type === 'PAYOUT')).toHaveLength(
        memberIds.indexOf(memberId) < 2 ? 2 : 1,
      );
    }
  });

  it("pays a member's plots in one write, and when one of them was paid meanwhile, pays the other alone and reports it", async () => {
    const { approved, memberIds } = await approvedRun();
    const [twoPlots, alsoTwoPlots] = memberIds as [string, string];
    const run = (await benefitRunToRun(approved.id, approved.step)) as BenefitRun;
    // After the approval, a hand-made payout of the run's assessment for one of the first member's plots.
    const handMade = await givenPayout(twoPlots, 2000, {
      assessmentId: run.assessmentId,
      assessmentDate: run.assessmentDate,
    });
    expect(await payRun(run, upAfter(Infinity))).toEqual({ done: true, result: { written: 8 } });
    expect(await payFailuresOf(run.id)).toEqual([
      { plotId: handMade.plotId, memberId: twoPlots, reason: 'ALREADY_PAID' },
    ]);
    const paid = await paidClaims(run);
    expect(paid).toHaveLength(7);
    const payouts = async (memberId: string) =>
      (await expectTotalsMatchRecords(memberId)).records.filter((record) => record.type === 'PAYOUT');
    // The hand-made payout and the run's of the other plot; the other member's two plots, both the run's.
    expect((await payouts(twoPlots)).map((payout) => payout.amountCents).sort()).toEqual([2000, 3100]);
    expect((await payouts(alsoTwoPlots)).map((payout) => payout.amountCents)).toEqual([3100, 3100]);
  });
});
