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
 * A payment in steps: six members of one village with six plots each, each plot given 12.50 on
 * 1 February; assessed on 20 February at an index of 0.5. One write pays two members (twelve of the
 * sixteen records a transaction takes), so the payment is three writes, whatever the members' order.
 */
const MEMBERS = 6;
const PLOTS = 6;
const ROWS = MEMBERS * PLOTS;

const approvedRun = async () => {
  const { enablerId } = await givenAdministeredEnabler();
  const memberIds: string[] = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    const { member, plotIds } = await givenMember(enablerId, PLOTS);
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
  it('stops taking writes once its time is up, and its next step pays the rest, each plot once', async () => {
    const { approved, memberIds } = await approvedRun();
    const first = (await benefitRunToRun(approved.id, approved.step)) as BenefitRun;
    // Two writes taken: the first whatever the clock, one more while it allows; two members each.
    const stopped = await payRun(first, upAfter(1));
    const claims = await paidClaims(first);
    expect(claims).toHaveLength(2 * 2 * PLOTS);
    expect(stopped).toEqual({ done: false, checkpoint: { written: claims.length, total: ROWS } });
    expect(new Set(claims.map((claim) => claim.memberId)).size).toBe(4);

    expect(await advanceRunPayment(first, claims.length, { done: claims.length, total: ROWS })).toBe(true);
    const second = (await benefitRunToRun(approved.id, first.step + 1)) as BenefitRun;
    expect(second.written).toBe(claims.length);
    // However late a step starts, it makes a write: every step moves the run on, here to its end.
    expect(await payRun(second, upAfter(0))).toEqual({ done: true, result: { written: ROWS } });
    // The same step delivered again pays nobody twice.
    expect(await payRun(second, upAfter(Infinity))).toEqual({ done: true, result: { written: ROWS } });
    const paid = await paidClaims(first);
    // The Maximum 100 × 1 × 0.5 × 12.50 of 20.00 due (0.625) = 31.25, in whole F CFA: 31.
    expect(paid.map((claim) => claim.amountCents)).toEqual(Array(ROWS).fill(3100));
    expect(new Set(paid.map((claim) => claim.plotId)).size).toBe(ROWS);
    for (const memberId of memberIds) {
      const { records } = await expectTotalsMatchRecords(memberId);
      expect(records.filter((record) => record.type === 'PAYOUT')).toHaveLength(PLOTS);
    }
  });

  it('pays two members in one write, and when a plot was paid meanwhile, pays the others and reports it', async () => {
    const { approved, memberIds } = await approvedRun();
    const [refused] = memberIds as [string];
    const run = (await benefitRunToRun(approved.id, approved.step)) as BenefitRun;
    // After the approval, a hand-made payout of the run's assessment for one of a member's plots: the
    // write of that member and another is refused, then that member's own, then that plot's alone.
    const handMade = await givenPayout(refused, 2000, {
      assessmentId: run.assessmentId,
      assessmentDate: run.assessmentDate,
    });
    expect(await payRun(run, upAfter(Infinity))).toEqual({ done: true, result: { written: ROWS } });
    expect(await payFailuresOf(run.id)).toEqual([
      { plotId: handMade.plotId, memberId: refused, reason: 'ALREADY_PAID' },
    ]);
    const paid = await paidClaims(run);
    expect(paid).toHaveLength(ROWS - 1);
    const payouts = async (memberId: string) =>
      (await expectTotalsMatchRecords(memberId)).records.filter((record) => record.type === 'PAYOUT');
    // The hand-made payout and the run's of the other plots; every other member's plots, the run's.
    expect((await payouts(refused)).map((payout) => payout.amountCents).sort()).toEqual([
      2000,
      ...Array(PLOTS - 1).fill(3100),
    ]);
    for (const memberId of memberIds.slice(1))
      expect((await payouts(memberId)).map((payout) => payout.amountCents)).toEqual(Array(PLOTS).fill(3100));
  });
});
