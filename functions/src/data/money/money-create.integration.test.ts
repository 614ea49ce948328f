import { beforeAll, describe, expect, it } from 'vitest';
import { givenMember } from '../../testing/member-fixtures.ts';
import { expectTotalsMatchRecords } from '../../testing/money-totals-check.ts';
import { givenEnabler } from '../../testing/fixtures.ts';
import { auditOfMonth, auditPartition } from '../logs/audit.ts';
import { claimsOfAssessment } from './benefit-claims.ts';
import { listCampaigns } from '../enablers/campaigns.ts';
import { changeMoneyRecord } from './money-change.ts';
import { createMoneyRecord } from './money-create.ts';
import type { MoneyValues } from './money-items.ts';

let enablerId: string;

beforeAll(async () => {
  enablerId = (await givenEnabler()).id;
});

const month = () => new Date().toISOString().slice(0, 7);

describe('field-side money writes', () => {
  it('move the plot’s counts and sums, the member’s totals, and audit who did what', async () => {
    const { member, plotIds } = await givenMember(enablerId, 2);
    const plot = { id: plotIds[1] as string, name: 'Field 2' };
    const today = new Date().toISOString();
    const contribution = await createMoneyRecord({
      type: 'CONTRIBUTION',
      member,
      plot,
      values: { amountCents: 1500, protectionType: 'DROUGHT', contributionDate: today },
      by: 'agent@example.org',
    });
    const payout = await createMoneyRecord({
      type: 'PAYOUT',
      member,
      plot,
      values: {
        amountCents: 9000,
        assessmentId: 'A-7',
        assessmentDate: '2026-09-01',
        payoutDate: today.slice(0, 10),
      },
      by: 'assessment@example.org',
    });
    const cashout = await createMoneyRecord({
      type: 'CASHOUT',
      member,
      plot: null,
      values: { amountCents: 4000, cashoutDate: today },
      by: 'agent@example.org',
    });
    const state = await expectTotalsMatchRecords(member.id);
    expect(state.plots.find((item) => item.id === plot.id)).toMatchObject({
      contributionCount: 1,
      payoutCount: 1,
      contributionTotalCents: 1500,
      payoutTotalCents: 9000,
    });
    expect(state.profile.cashoutBalanceCents).toBe(5000);
    expect((await listCampaigns(enablerId)).find((campaign) => campaign.id === 'A-7')).toMatchObject({
      reportingDate: '2026-09-01',
    });

    const trail = (await auditOfMonth(enablerId, month())).filter((entry) => entry.memberId === member.id);
    expect(
      trail.map(({ action, recordType, recordId, by }) => ({ action, recordType, recordId, by })),
    ).toEqual([
      { action: 'CREATE', recordType: 'CONTRIBUTION', recordId: contribution.id, by: 'agent@example.org' },
      { action: 'CREATE', recordType: 'PAYOUT', recordId: payout.id, by: 'assessment@example.org' },
      { action: 'CREATE', recordType: 'CASHOUT', recordId: cashout.id, by: 'agent@example.org' },
    ]);
    expect(trail[2]).toMatchObject({ before: null, after: { amountCents: 4000, cashoutDate: today } });
    // The trail is the enabler's, not in the member's partition (it outlives the member).
    expect(auditPartition(enablerId, today)).toBe(`ENABLER#${enablerId}#AUDIT#${today.slice(0, 7)}`);
    expect(state.items.some((item) => item.entityType === 'AUDIT')).toBe(false);
  });

  it('keep the first and last dates right for records dated around an administrator’s ones', async () => {
    const { member, plotIds } = await givenMember(enablerId);
    const plot = { id: plotIds[0] as string, name: 'Field 1' };
    // An administrator's records dated far ahead, then field records dated earlier.
    await changeMoneyRecord({
      type: 'CONTRIBUTION',
      enablerId,
      memberId: member.id,
      values: {
        plotId: plot.id,
        amountCents: 100,
        protectionType: 'DROUGHT',
        contributionDate: '2030-01-01T00:00:00.000Z',
      },
      by: 'admin@example.org',
    });
    await changeMoneyRecord({
      type: 'PAYOUT',
      enablerId,
      memberId: member.id,
      values: {
        plotId: plot.id,
        amountCents: 100,
        assessmentId: 'A-8',
        assessmentDate: '2030-01-01',
        payoutDate: '2030-01-01',
      },
      by: 'admin@example.org',
    });
    await createMoneyRecord({
      type: 'CONTRIBUTION',
      member,
      plot,
      values: { amountCents: 200, protectionType: 'DROUGHT', contributionDate: '2026-02-01T00:00:00.000Z' },
      by: 'agent@example.org',
    });
    await createMoneyRecord({
      type: 'PAYOUT',
      member,
      plot,
      values: {
        amountCents: 300,
        // Another assessment: a plot has one payout per assessment (benefit-claims.ts).
        assessmentId: 'A-5',
        assessmentDate: '2025-12-01',
        payoutDate: '2025-12-01',
      },
      by: 'assessment@example.org',
    });
    const state = await expectTotalsMatchRecords(member.id);
    expect(state.profile).toMatchObject({
      firstContributionDate: '2026-02-01',
      lastContributionDate: '2030-01-01',
      firstPayoutDate: '2025-12-01',
      lastPayoutDate: '2030-01-01',
      contributionTotalCents: 300,
      payoutTotalCents: 400,
    });
  });

  it('write a claimed payout with its claim, by the fast create and the full change alike, and nothing once the claim is taken', async () => {
    const { member, plotIds } = await givenMember(enablerId, 2);
    const run = { id: 'run-1', enablerId, assessmentId: `A-${member.id.slice(0, 8)}` };
    const payout = (plotId: string, payoutDate: string) =>
      createMoneyRecord({
        type: 'PAYOUT',
        member,
        plot: { id: plotId, name: 'Field' },
        values: {
          amountCents: 700,
          assessmentId: run.assessmentId,
          assessmentDate: '2026-02-15',
          payoutDate,
          runId: run.id,
        },
        by: 'reviewer@example.org',
        campaignApart: true,
      });
    const [first, second] = plotIds as [string, string];
    // The fast create, then one dated before the member's last payout: the full change computes its dates.
    const fast = await payout(first, '2026-03-01');
    const full = await payout(second, '2026-02-20');
    for (const [plotId, payoutDate] of [
      [first, '2026-03-10'],
      [first, '2026-02-01'],
      [second, '2026-03-10'],
      [second, '2026-02-01'],
    ] as const)
      await expect(payout(plotId, payoutDate), `${plotId} on ${payoutDate}`).rejects.toMatchObject({
        code: 'ERR_PLOT_PAID_FOR_ASSESSMENT',
        details: { payoutId: plotId === first ? fast.id : full.id, runId: run.id },
      });
    const claims = await claimsOfAssessment(enablerId, run.assessmentId);
    expect(
      claims
        .map(({ plotId, payoutId, runId }) => ({ plotId, payoutId, runId }))
        .sort((a, b) => a.plotId.localeCompare(b.plotId)),
    ).toEqual(
      [
        { plotId: first, payoutId: fast.id, runId: run.id },
        { plotId: second, payoutId: full.id, runId: run.id },
      ].sort((a, b) => a.plotId.localeCompare(b.plotId)),
    );
    const state = await expectTotalsMatchRecords(member.id);
    expect(state.plots.map((plot) => plot.payoutCount)).toEqual([1, 1]);
    expect(state.profile).toMatchObject({
      payoutTotalCents: 1400,
      firstPayoutDate: '2026-02-20',
      lastPayoutDate: '2026-03-01',
    });
    // Its caller records the campaign apart: the payouts' transactions wrote none.
    expect((await listCampaigns(enablerId)).some((campaign) => campaign.id === run.assessmentId)).toBe(false);
  });

  it("take, move and free an assessment's claim with every payout written by hand, and refuse a second one", async () => {
    const { member, plotIds } = await givenMember(enablerId, 2);
    const [first, second] = plotIds as [string, string];
    const assessmentId = `H-${member.id.slice(0, 8)}`;
    const claims = async () =>
      (await claimsOfAssessment(enablerId, assessmentId))
        .map(({ plotId, payoutId, runId, amountCents }) => ({ plotId, payoutId, runId, amountCents }))
        .sort((a, b) => a.plotId.localeCompare(b.plotId));
    const values = (plotId: string, amountCents = 500) => ({
      plotId,
      amountCents,
      assessmentId,
      assessmentDate: '2026-02-15',
      payoutDate: '2026-03-01',
    });
    const change = (recordId: string | undefined, changed: ReturnType<typeof values> | null) =>
      changeMoneyRecord({
        type: 'PAYOUT',
        enablerId,
        memberId: member.id,
        ...(recordId && { recordId }),
        values: changed,
        by: 'admin@example.org',
      });
    const payout = await change(undefined, values(first));
    expect(await claims()).toEqual([{ plotId: first, payoutId: payout?.id, runId: null, amountCents: 500 }]);
    // A second payout of the same plot and assessment: refused, naming the first, and nothing written.
    await expect(change(undefined, values(first, 900))).rejects.toMatchObject({
      code: 'ERR_PLOT_PAID_FOR_ASSESSMENT',
      details: { payoutId: payout?.id, runId: null },
    });
    expect((await expectTotalsMatchRecords(member.id)).profile).toMatchObject({ payoutTotalCents: 500 });
    // An edit of its amount keeps the claim, with the new amount; one to the other plot moves it.
    await change(payout?.id, values(first, 600));
    expect(await claims()).toEqual([{ plotId: first, payoutId: payout?.id, runId: null, amountCents: 600 }]);
    await change(payout?.id, values(second, 600));
    expect(await claims()).toEqual([{ plotId: second, payoutId: payout?.id, runId: null, amountCents: 600 }]);
    // The first plot is free again; the second is not.
    const other = await change(undefined, values(first, 100));
    await expect(change(other?.id, values(second, 100))).rejects.toMatchObject({
      code: 'ERR_PLOT_PAID_FOR_ASSESSMENT',
      details: { payoutId: payout?.id },
    });
    // A deletion frees its claim.
    await change(payout?.id, null);
    expect(await claims()).toEqual([{ plotId: first, payoutId: other?.id, runId: null, amountCents: 100 }]);
    await change(undefined, values(second, 50));
    expect((await claims()).map((claim) => claim.plotId)).toEqual([first, second].sort());
    await expectTotalsMatchRecords(member.id);
  });

  it("change a run's payout only through its reversal run", async () => {
    const { member, plotIds } = await givenMember(enablerId, 1);
    const assessmentId = `R-${member.id.slice(0, 8)}`;
    const paid = await createMoneyRecord({
      type: 'PAYOUT',
      member,
      plot: { id: plotIds[0] as string, name: 'Field' },
      values: {
        amountCents: 800,
        assessmentId,
        assessmentDate: '2026-02-15',
        payoutDate: '2026-03-01',
        runId: 'run-7',
      },
      by: 'reviewer@example.org',
    });
    const edit = (values: MoneyValues['PAYOUT'] | null, reversing?: string) =>
      changeMoneyRecord({
        type: 'PAYOUT',
        enablerId,
        memberId: member.id,
        recordId: paid.id,
        values,
        by: 'admin@example.org',
        ...(reversing && { reversing }),
      });
    const changed = {
      plotId: paid.plotId,
      amountCents: 1,
      assessmentId,
      assessmentDate: paid.assessmentDate,
      payoutDate: paid.payoutDate,
    };
    for (const attempt of [
      () => edit(changed),
      () => edit(null),
      () => edit(null, 'run-8'),
      () => edit(changed, 'run-7'),
    ])
      await expect(attempt()).rejects.toMatchObject({
        code: 'ERR_PAYOUT_OF_RUN',
        details: { runId: 'run-7' },
      });
    expect(await claimsOfAssessment(enablerId, assessmentId)).toHaveLength(1);
    // Its reversal deletes it, and frees its claim.
    await edit(null, 'run-7');
    expect(await claimsOfAssessment(enablerId, assessmentId)).toEqual([]);
    expect((await expectTotalsMatchRecords(member.id)).profile).toMatchObject({ payoutTotalCents: 0 });
  });
});
