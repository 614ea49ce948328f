import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_RULE_VERSION } from '@cpbo/schemas/benefit-rule.ts';
import { auditOfMonth } from '#data/logs/audit.ts';
import { benefitUploadKey } from '#data/benefit-runs/benefit-run-files.ts';
import { listCampaigns } from '#data/enablers/campaigns.ts';
import { readMemberPartition } from '#data/members/member-page.ts';
import type { Plot } from '#data/members/plot-items.ts';
import { deletePlot, getPlots } from '#data/members/plots.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#platform/aws-clients.ts';
import { parseCsv } from '#platform/csv.ts';
import { readEnvironment } from '#platform/environment.ts';
import { useQueueTransport } from '#platform/queue.ts';
import { putS3Object } from '#platform/s3.ts';
import { deliverBenefitSteps, uploadAssessment as upload } from '../../testing/benefit-runs.ts';
import { callApi } from '../../testing/call-api.ts';
import { givenMember } from '../../testing/member-fixtures.ts';
import { givenContribution } from '../../testing/money-fixtures.ts';
import { expectTotalsMatchRecords } from '../../testing/money-totals-check.ts';
import { givenAdministeredEnabler, givenSignedInUser } from '../../testing/signed-in-users.ts';
import { handler as members } from '../admin-members/handler.ts';
import { handler as payouts } from '../admin-payouts/handler.ts';
import { handler as api } from './handler.ts';

/*
 * Benefit runs end to end: an administrator uploads an assessment, the benefit-run job previews it
 * (delivered here as SQS would), another administrator approves it, the job pays it. Plots of 10 F CFA
 * a month are covered from 1 January 2026 for 6 months under the demo config (factors 0.5 then 1, no
 * threshold, maxCompensationFactor 0.1: a Maximum of 100 F CFA); assessed on 15 February, a plot is in
 * its month 2, factor 1, with 20 F CFA due.
 */

const queued: { queue: string; message: unknown }[] = [];
useQueueTransport({ send: async (queue, message) => void queued.push({ queue, message }) });

/** Delivers the queued steps (and the steps they queue) to the worker. */
const runJobs = () => deliverBenefitSteps(queued);

type Admin = { email: string; username: string; token: string };
let enablerId: string;
let uploader: Admin;
let reviewer: Admin;

/** Uploads a file that must be accepted and previews it: the run as the screen then reads it. */
const previewed = async (text: string, format: 'csv' | 'json' = 'csv') => {
  const started = await upload(uploader, text, format);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body.run).toMatchObject({ state: 'PREVIEWING', createdBy: uploader.email });
  await runJobs();
  return (await callApi(api, 'GET', `/admin/benefit-runs/${started.body.run.id}`, { token: uploader.token }))
    .body.run;
};

const call = (admin: Admin, method: string, path: string, body?: unknown, query?: Record<string, string>) =>
  callApi(api, method, `/admin/benefit-runs${path}`, { token: admin.token, body, query });

/** Approves a run as the screen does, naming the preview the reviewer saw. */
const approve = (admin: Admin, run: { id: string; preview: { computedAt: string } }, comment = 'Go') =>
  call(admin, 'POST', `/${run.id}/approve`, { comment, previewComputedAt: run.preview.computedAt });

const csv = (assessmentId: string, rows: string[]) =>
  [
    'assessmentId,assessmentDate,plotId,village,damageIndex,benefitAmount',
    ...rows.map((row) => `${assessmentId},2026-02-15,${row}`),
  ].join('\r\n');

let awa: Awaited<ReturnType<typeof givenMember>>;
let awaToo: Awaited<ReturnType<typeof givenMember>>;
let moussa: Awaited<ReturnType<typeof givenMember>>;
let fatou: Awaited<ReturnType<typeof givenMember>>;

beforeAll(async () => {
  ({ enablerId, admin: uploader } = await givenAdministeredEnabler());
  reviewer = await givenSignedInUser('ADMIN', enablerId);
  const bank = { bankName: 'CBAO', bankBranchName: 'Kaolack', bankIFSC: 'CBAO01', bankAccount: 'SN-001' };
  awa = await givenMember(enablerId, 1, 'Awa Diop', {
    village: 'Ndiaffate',
    phone: '+221 77 000 00 01',
    ...bank,
  });
  awaToo = await givenMember(enablerId, 2, 'Awa Dioup', { village: 'Ndiaffate', phone: '770000002' });
  moussa = await givenMember(enablerId, 1, '=Moussa Ba', {
    village: 'Ndiaffate',
    bankName: 'Ecobank',
    bankAccount: 'sn 001',
  });
  fatou = await givenMember(enablerId, 1, 'Fatou Sarr', { village: 'Fissel' });
  for (const [given, amountCents, day] of [
    [awa, 1250, '2026-01-10'],
    [awa, 1250, '2026-02-10'],
    // After the assessment date: not in the season that counts.
    [awa, 1250, '2026-02-20'],
    [awaToo, 1000, '2026-01-20'],
    [moussa, 3000, '2026-02-01'],
    [fatou, 1000, '2026-01-05'],
  ] as const)
    await givenContribution(given.memberId, amountCents, {
      plotId: given.plotIds[0],
      contributionDate: `${day}T10:00:00.000Z`,
    });
});

describe('a benefit run', () => {
  let runId: string;

  it('refuses a file that does not match its format whole, with each problem on its row and line, and makes no run', async () => {
    const before = (await call(uploader, 'GET', '')).body.runs.length;
    const changing = await upload(
      uploader,
      `${csv('DRY-BAD', [',Fissel,0.5,'])}\r\nDRY-BAD,2026-02-16,,Fissel,0.2,`,
    );
    expect(changing.status).toBe(400);
    // Two rows, two dates: the first row's is the file's, and the other row is blamed for its own.
    expect(changing.body).toMatchObject({
      code: 'ERR_BENEFIT_FILE_INVALID',
      details: {
        count: 1,
        problems: [
          {
            row: 2,
            line: 3,
            where: 'assessmentDate',
            code: 'ERR_ASSESSMENT_OTHER_ASSESSMENT',
            value: '2026-02-16',
            expected: '2026-02-15',
          },
        ],
      },
    });
    const schema = await upload(uploader, csv('DRY-BAD', [',Fissel,0.5,', ',Fissel,1.5,']));
    expect(schema.body.details).toEqual({
      count: 1,
      problems: [
        {
          row: 2,
          line: 3,
          where: 'damageIndex',
          code: 'ERR_ASSESSMENT_BAD_DAMAGE_INDEX',
          value: '1.5',
          expected: null,
          message: 'A damageIndex is not a number from 0 to 1 (value: as given).',
        },
      ],
    });
    // A wrong first row is blamed alone; an unknown plot and another enabler's are listed, on their rows.
    const other = await givenMember((await givenAdministeredEnabler()).enablerId, 1, 'Elsewhere');
    const ghost = randomUUID();
    const named = await upload(
      uploader,
      [
        'assessmentId,assessmentDate,plotId,damageIndex',
        `DRY 2026!,2026-02-15,${awa.plotIds[0]},0.5`,
        `DRY-2026,2026-02-15,${awaToo.plotIds[0]},0.5`,
        `DRY-2026,2026-02-15,${ghost},0.5`,
        `DRY-2026,2026-02-15,${other.plotIds[0]},0.5`,
      ].join('\n'),
    );
    expect(
      named.body.details.problems.map(({ row, where, code, value, expected }: Record<string, unknown>) => [
        row,
        where,
        code,
        value,
        expected,
      ]),
    ).toEqual([
      [1, 'assessmentId', 'ERR_ASSESSMENT_OTHER_ASSESSMENT', 'DRY 2026!', 'DRY-2026'],
      [3, 'plotId', 'ERR_ASSESSMENT_UNKNOWN_PLOT', ghost, null],
      [4, 'plotId', 'ERR_ASSESSMENT_OTHER_ENABLER_PLOT', other.plotIds[0], null],
    ]);
    // 150 rows out of bounds: the first 100 listed with their rows and lines, all 150 counted.
    const many = await upload(
      uploader,
      csv(
        'DRY-BAD',
        Array.from({ length: 150 }, () => ',Fissel,1.5,'),
      ),
    );
    expect(many.status).toBe(400);
    expect(many.body.details.count).toBe(150);
    expect(many.body.details.problems).toHaveLength(100);
    expect(many.body.details.problems[99]).toMatchObject({
      row: 100,
      line: 101,
      where: 'damageIndex',
      code: 'ERR_ASSESSMENT_BAD_DAMAGE_INDEX',
    });
    const rules = await upload(uploader, csv('DRY-BAD', ['x,Ndiaffate,0.4,', `${awa.plotIds[0]},,0.5,12`]));
    expect(
      rules.body.details.problems.map(({ row, line, where, code }: Record<string, unknown>) => [
        row,
        line,
        where,
        code,
      ]),
    ).toEqual([
      [1, 2, 'plotId', 'ERR_ASSESSMENT_PLOT_AND_AREA'],
      [2, 3, 'benefitAmount', 'ERR_ASSESSMENT_INDEX_AND_AMOUNT'],
    ]);
    const json = await upload(uploader, JSON.stringify({ assessmentId: 'DRY-BAD', rows: [] }), 'json');
    expect(
      json.body.details.problems.map(({ where, code }: Record<string, unknown>) => [where, code]),
    ).toEqual([
      ['assessmentDate', 'ERR_ASSESSMENT_FIELD_MISSING'],
      ['rows', 'ERR_ASSESSMENT_NO_ROWS'],
    ]);
    const notJson = await upload(uploader, '{"assessmentId":', 'json');
    expect(notJson.body.details.problems).toEqual([
      expect.objectContaining({ code: 'ERR_ASSESSMENT_NOT_JSON' }),
    ]);
    // A list of the covered plots nobody filled in has nothing to assess.
    const blank = await upload(uploader, csv('DRY-BAD', [`${awa.plotIds[0]},,,`]));
    expect(blank.body.details.problems).toEqual([
      expect.objectContaining({ row: null, code: 'ERR_ASSESSMENT_NO_ROWS' }),
    ]);
    expect((await call(uploader, 'GET', '')).body.runs).toHaveLength(before);
  });

  it('previews a village: its covered plots valued by the rule, refused rows with their reasons, the sums and the possible duplicates', async () => {
    // A plot deleted after the upload is no plot by the preview.
    const gone = await givenMember(enablerId, 1, 'Gone', { village: 'Elsewhere' });
    const started = await upload(
      uploader,
      csv('DRY-2026', [',Ndiaffate,0.4,', `${fatou.plotIds[0]},,,5000`, `${gone.plotIds[0]},,0.9,`]),
    );
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await deletePlot((await getPlots(gone.memberId))[0] as Plot, { email: uploader.email, name: null });
    await runJobs();
    const run = (await call(uploader, 'GET', `/${started.body.run.id}`)).body.run;
    runId = run.id;
    expect(run).toMatchObject({
      state: 'PENDING_APPROVAL',
      assessmentId: 'DRY-2026',
      assessmentDate: '2026-02-15',
      fileName: 'drought.csv',
      fileRows: 3,
      currency: 'XOF',
      progress: null,
      preview: {
        ruleVersion: BENEFIT_RULE_VERSION,
        rows: 6,
        // The Maximum 100 × 1 × 0.4 × the paid share: 25 of 20 due (1), 10 of 20 (0.5), 30 of 20 (1).
        accepted: { plots: 3, members: 3, amount: 100 },
        refused: 3,
        refusedByReason: { ZERO_BENEFIT: 1, ABOVE_MAXIMUM: 1, UNKNOWN_PLOT: 1 },
        perFederation: [{ federation: 'Kaolack', plots: 3, members: 3, amount: 100 }],
        duplicates: 3,
      },
      review: null,
      payment: null,
    });
    const refused = await call(uploader, 'GET', `/${runId}/rows`, undefined, {
      'filter:status': 'REFUSED',
      'sort:row': 'asc',
    });
    expect(refused.body).toMatchObject({ page: 1, pageSize: 10, count: 3, total: 6 });
    expect(
      refused.body.items.map((row: Record<string, unknown>) => [
        row.row,
        row.reason,
        row.givenAmount,
        row.maximum,
        row.paidShare,
      ]),
    ).toEqual([
      [1, 'ZERO_BENEFIT', null, 100, 0],
      [2, 'ABOVE_MAXIMUM', 5000, 100, 0.5],
      [3, 'UNKNOWN_PLOT', null, null, null],
    ]);
    const byBenefit = await call(uploader, 'GET', `/${runId}/rows`, undefined, {
      'sort:benefit': 'desc',
      pageSize: '5',
      page: '1',
    });
    expect(byBenefit.body.items.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          memberName: '=Moussa Ba',
          maximum: 100,
          month: 2,
          factor: 1,
          damageIndex: 0.4,
          seasonContributions: 30,
          contributionsDue: 20,
          paidShare: 1,
          benefit: 40,
          bankName: 'Ecobank',
          bankAccount: 'sn 001',
          bankChanged: false,
        }),
        expect.objectContaining({ memberName: 'Awa Diop', seasonContributions: 25, benefit: 40 }),
      ]),
    );
    expect(byBenefit.body.items[2]).toMatchObject({
      memberName: 'Awa Dioup',
      seasonContributions: 10,
      paidShare: 0.5,
      benefit: 20,
    });
    const duplicates = await call(uploader, 'GET', `/${runId}/duplicates`);
    expect(
      duplicates.body.items.map((entry: Record<string, unknown>) => [
        entry.group,
        entry.kind,
        entry.memberName,
      ]),
    ).toEqual([
      [1, 'BANK_ACCOUNT', '=Moussa Ba'],
      [1, 'BANK_ACCOUNT', 'Awa Diop'],
      [2, 'SIMILAR_NAMES', 'Awa Diop'],
      [2, 'SIMILAR_NAMES', 'Awa Dioup'],
    ]);
    const twoSorts = await call(uploader, 'GET', `/${runId}/rows`, undefined, {
      'sort:row': 'asc',
      'sort:benefit': 'asc',
    });
    expect(twoSorts.status).toBe(400);
    const link = await call(uploader, 'GET', `/${runId}/files/preview`);
    expect(link.body.fileName).toBe('benefit-run-DRY-2026-preview.csv');
    const lines = (await (await fetch(link.body.url)).text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'row,plotId,plotName,memberId,memberName,memberNumber,village,federation,maximum,month,factor,damageIndex,seasonContributions,contributionsDue,paidShare,givenAmount,benefit,status,reason,bankName,bankBranchName,bankIFSC,bankAccount',
    );
    expect(lines).toHaveLength(7);
    // Whole F CFA: the Maximum, month, factor, index, season, due, share, benefit, then the bank paid.
    expect(
      lines.some(
        (line) =>
          line.includes("'=Moussa Ba") &&
          line.endsWith(',100,2,1,0.4,30,20,1,,40,ACCEPTED,,Ecobank,,,sn 001'),
      ),
    ).toBe(true);
  });

  it('is approved by another administrator only, with a comment, and pays what it previewed, once', async () => {
    const seen = (await call(uploader, 'GET', `/${runId}`)).body.run.preview.computedAt;
    const own = await call(uploader, 'POST', `/${runId}/approve`, {
      comment: 'Checked',
      previewComputedAt: seen,
    });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('ERR_BENEFIT_RUN_SELF_REVIEW');
    const before = new Map(
      await Promise.all(
        [awa, awaToo, moussa].map(
          async ({ memberId }) => [memberId, (await expectTotalsMatchRecords(memberId)).profile] as const,
        ),
      ),
    );
    // A reviewer naming another preview than the run's has not seen what it would approve.
    const unseen = await call(reviewer, 'POST', `/${runId}/approve`, {
      comment: 'Matches the index report',
      previewComputedAt: new Date(0).toISOString(),
    });
    expect(unseen).toMatchObject({ status: 409, body: { code: 'ERR_CONFLICT' } });
    const approved = await call(reviewer, 'POST', `/${runId}/approve`, {
      comment: 'Matches the index report',
      previewComputedAt: seen,
    });
    expect(approved.status).toBe(202);
    expect(approved.body.run).toMatchObject({
      state: 'APPROVED',
      review: { decision: 'APPROVED', by: reviewer.email, comment: 'Matches the index report' },
    });
    expect((await call(reviewer, 'POST', `/${runId}/cancel`, {})).body.code).toBe('ERR_BENEFIT_RUN_STATE');
    await runJobs();
    const paid = (await call(uploader, 'GET', `/${runId}`)).body.run;
    expect(paid).toMatchObject({
      state: 'PAID',
      payment: { paid: { plots: 3, members: 3, amount: 100 }, notPaid: 0, notPaidByReason: {} },
    });
    for (const [member, cents] of [
      [awa, 4000],
      [awaToo, 2000],
      [moussa, 4000],
    ] as const) {
      const { profile } = await expectTotalsMatchRecords(member.memberId);
      const was = before.get(member.memberId) as { cashoutBalanceCents: number; payoutTotalCents: number };
      expect(profile.cashoutBalanceCents).toBe(was.cashoutBalanceCents + cents);
      expect(profile.payoutTotalCents).toBe(was.payoutTotalCents + cents);
      const payouts = (await readMemberPartition(member.memberId)).filter(
        (item) => item.entityType === 'PAYOUT',
      );
      expect(payouts).toEqual([
        expect.objectContaining({
          amountCents: cents,
          assessmentId: 'DRY-2026',
          assessmentDate: '2026-02-15',
          createdBy: reviewer.email,
          runId,
        }),
      ]);
    }
    expect(await listCampaigns(enablerId)).toContainEqual({
      id: 'DRY-2026',
      name: 'DRY-2026',
      reportingDate: '2026-02-15',
    });
    const trail = (await auditOfMonth(enablerId, new Date().toISOString().slice(0, 7))).filter(
      (entry) => entry.recordId === runId,
    );
    expect(
      trail.map(({ action, by, byName, before: was, after }) => [
        action,
        by,
        byName,
        was?.state ?? null,
        after?.state,
      ]),
    ).toEqual([
      ['CREATE', uploader.email, uploader.username, null, 'PREVIEWING'],
      ['UPDATE', reviewer.email, reviewer.username, 'PENDING_APPROVAL', 'APPROVED'],
    ]);
    // When: the approval's entry is the review's instant, its comment kept after.
    expect(trail[1]?.at).toBe(approved.body.run.review.at);
    expect(trail[1]?.after).toEqual({ state: 'APPROVED', comment: 'Matches the index report' });
  });

  it('gives a payment file per bank and a list of the members to pay in cash, each cell safe in a spreadsheet', async () => {
    const { files } = (await call(uploader, 'GET', `/${runId}`)).body.run;
    expect(
      files.map(({ id, kind, bankName, members, amount }: Record<string, unknown>) => [
        id,
        kind,
        bankName,
        members,
        amount,
      ]),
    ).toEqual([
      ['preview', 'PREVIEW', null, null, null],
      ['duplicates', 'DUPLICATES', null, null, null],
      ['bank-1', 'BANK', 'CBAO', 1, 40],
      ['bank-2', 'BANK', 'Ecobank', 1, 40],
      ['cash', 'CASH', null, 1, 20],
    ]);
    const read = async (file: string) =>
      (await (await fetch((await call(uploader, 'GET', `/${runId}/files/${file}`)).body.url)).text())
        .trim()
        .split('\r\n');
    expect(await read('bank-1')).toEqual([
      'bankName,bankBranchName,bankIFSC,bankAccount,memberNumber,memberName,amount,assessmentId',
      `CBAO,Kaolack,CBAO01,SN-001,${awa.member.number},Awa Diop,40,DRY-2026`,
    ]);
    expect((await read('bank-2'))[1]).toBe(
      `Ecobank,,,sn 001,${moussa.member.number},'=Moussa Ba,40,DRY-2026`,
    );
    expect(await read('cash')).toEqual([
      'memberNumber,memberName,village,federation,phone,amount,assessmentId',
      `${awaToo.member.number},Awa Dioup,Ndiaffate,Kaolack,770000002,20,DRY-2026`,
    ]);
    expect((await call(uploader, 'GET', `/${runId}/files/bank-3`)).status).toBe(404);
    // Whole F CFA on every line, adding up to the run's total.
    const lines = (await Promise.all(['bank-1', 'bank-2', 'cash'].map(read))).flatMap((file) => {
      const [header, ...rows] = file.map((line) => line.split(','));
      const amount = (header as string[]).indexOf('amount');
      return rows.map((row) => row[amount] as string);
    });
    expect(lines.every((amount) => /^\d+$/.test(amount))).toBe(true);
    const { payment } = (await call(uploader, 'GET', `/${runId}`)).body.run;
    expect(lines.reduce((sum, amount) => sum + Number(amount), 0)).toBe(payment.paid.amount);
  });

  it('pays nobody twice: a second upload of the same assessment refuses every plot already paid', async () => {
    const again = await previewed(csv('DRY-2026', [',Ndiaffate,0.9,']));
    expect(again.preview).toMatchObject({
      accepted: { plots: 0, members: 0, amount: 0 },
      refusedByReason: { ALREADY_PAID: 3, ZERO_BENEFIT: 1 },
    });
  });

  it('pays each plot once when two runs of one assessment are approved and paid at once', async () => {
    const [first, second] = [
      await previewed(csv('DRY-TWICE', [',Fissel,1,'])),
      await previewed(csv('DRY-TWICE', [',Fissel,1,'])),
    ];
    expect(first.preview.accepted.plots).toBeGreaterThan(0);
    expect(second.preview.accepted).toEqual(first.preview.accepted);
    for (const run of [first, second]) expect((await approve(reviewer, run)).status).toBe(202);
    await runJobs();
    const ended = await Promise.all(
      [first, second].map(async (run) => (await call(uploader, 'GET', `/${run.id}`)).body.run),
    );
    expect(ended.map((run) => run.state)).toEqual(['PAID', 'PAID']);
    const paid = ended.map((run) => run.payment.paid.plots);
    expect(paid[0] + paid[1]).toBe(first.preview.accepted.plots);
    expect(ended.map((run) => run.payment.notPaidByReason.ALREADY_PAID ?? 0)).toEqual([paid[1], paid[0]]);
    const payouts = (await readMemberPartition(fatou.memberId)).filter(
      (item) => item.assessmentId === 'DRY-TWICE',
    );
    expect(payouts).toHaveLength(1);
    await expectTotalsMatchRecords(fatou.memberId);
  });

  it('is rejected or cancelled before approval, who and when kept on the run; later calls are refused', async () => {
    const rejected = await previewed(csv('DRY-NO', [',Fissel,0.5,']));
    const previewComputedAt = rejected.preview.computedAt;
    // A reviewer naming another preview than the run's has not seen what they would reject.
    expect(
      await call(reviewer, 'POST', `/${rejected.id}/reject`, {
        comment: 'Wrong index',
        previewComputedAt: new Date(0).toISOString(),
      }),
    ).toMatchObject({ status: 409, body: { code: 'ERR_CONFLICT' } });
    expect(
      (await call(uploader, 'POST', `/${rejected.id}/reject`, { comment: 'No', previewComputedAt })).body
        .code,
    ).toBe('ERR_BENEFIT_RUN_SELF_REVIEW');
    const answer = await call(reviewer, 'POST', `/${rejected.id}/reject`, {
      comment: 'Wrong index',
      previewComputedAt,
    });
    expect(answer.body.run).toMatchObject({
      state: 'REJECTED',
      review: { decision: 'REJECTED', by: reviewer.email, comment: 'Wrong index' },
    });
    expect((await approve(reviewer, rejected)).status).toBe(409);
    const cancelled = await previewed(csv('DRY-NO', [',Fissel,0.5,']));
    const withdrawn = await call(uploader, 'POST', `/${cancelled.id}/cancel`, {});
    expect(withdrawn.body.run).toMatchObject({
      state: 'CANCELLED',
      cancellation: { by: uploader.email, comment: null },
    });
    expect((await call(uploader, 'POST', `/${cancelled.id}/resume`)).body.code).toBe('ERR_BENEFIT_RUN_STATE');
    expect((await call(uploader, 'POST', `/${cancelled.id}/preview`)).body.code).toBe(
      'ERR_BENEFIT_RUN_STATE',
    );
    expect(queued).toEqual([]);
    // Each step in the trail: who (named), when, and the state it left and reached.
    const month = new Date().toISOString().slice(0, 7);
    const steps = (await auditOfMonth(enablerId, month)).filter(
      (entry) => entry.recordId === rejected.id || entry.recordId === cancelled.id,
    );
    expect(
      steps
        .filter((entry) => entry.action === 'UPDATE')
        .map(({ recordId, byName, before: was, after }) => [recordId, byName, was?.state, after?.state]),
    ).toEqual([
      [rejected.id, reviewer.username, 'PENDING_APPROVAL', 'REJECTED'],
      [cancelled.id, uploader.username, 'PENDING_APPROVAL', 'CANCELLED'],
    ]);
    expect(steps.find((entry) => entry.after?.state === 'REJECTED')?.at).toBe(answer.body.run.review.at);
  });

  it("answers another enabler's run as not found, and an upload of another administrator as missing", async () => {
    const other = await givenAdministeredEnabler();
    expect((await call(other.admin, 'GET', `/${runId}`)).status).toBe(404);
    expect((await call(other.admin, 'GET', `/${runId}/rows`)).status).toBe(404);
    const key = benefitUploadKey(randomUUID(), uploader.email);
    await putS3Object(readEnvironment('filesBucket'), key, csv('DRY-X', [',Fissel,0.5,']));
    const upload = key.split('/').at(-1) as string;
    const answer = await call(other.admin, 'POST', '', { upload, format: 'csv' });
    expect(answer.body.code).toBe('ERR_IMPORT_UPLOAD_NOT_FOUND');
  });

  it('gives its Idempotency-Key back when the file is refused, so that the corrected file starts with it', async () => {
    const headers = { 'idempotency-key': randomUUID() };
    const refused = await upload(uploader, csv('DRY-KEY', [',Fissel,1.5,']), 'csv', headers);
    expect(refused.body.code).toBe('ERR_BENEFIT_FILE_INVALID');
    const started = await upload(uploader, csv('DRY-KEY', [',Fissel,0.5,']), 'csv', headers);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await runJobs();
    const cancelled = await call(uploader, 'POST', `/${started.body.run.id}/cancel`, {});
    expect(cancelled.body.run?.state, JSON.stringify(cancelled.body)).toBe('CANCELLED');
  });
});

describe('the covered plots as a file to fill in', () => {
  it("lists the caller's enabler's plots covered on the day, of a village if asked, and uploads filled in as it is", async () => {
    const own = await givenAdministeredEnabler();
    const ownReviewer = await givenSignedInUser('ADMIN', own.enablerId);
    const [diouf, sarr] = [
      await givenMember(own.enablerId, 2, 'Mariama Diouf', { village: 'Ngohe', federation: 'Diourbel' }),
      await givenMember(own.enablerId, 1, 'Ousmane Sarr', { village: 'Touba', federation: 'Diourbel' }),
    ];
    // Another enabler's plots are never listed.
    const elsewhere = await givenMember(enablerId, 1, 'Not listed', { village: 'Ngohe' });
    await givenContribution(diouf.memberId, 1000, {
      plotId: diouf.plotIds[1],
      contributionDate: '2026-01-10T10:00:00.000Z',
    });
    const ask = (body: Record<string, unknown>) =>
      callApi(api, 'POST', '/admin/benefit-runs/covered-plots', { token: own.admin.token, body });
    const file = async (answer: { body: { url: string } }) => (await fetch(answer.body.url)).text();

    const listed = await ask({ assessmentId: 'DRY-NGOHE', assessmentDate: '2026-02-15', format: 'csv' });
    expect(listed.status).toBe(201);
    expect(listed.body).toMatchObject({ fileName: 'covered-plots_DRY-NGOHE.csv', plots: 3 });
    const { records } = parseCsv(await file(listed), ',');
    expect(records.map((record) => record.slice(0, 2).concat(record.slice(4, 5), record.slice(-2)))).toEqual([
      ['assessmentId', 'assessmentDate', 'memberName', 'plotId', 'damageIndex'],
      ['DRY-NGOHE', '2026-02-15', 'Mariama Diouf', diouf.plotIds[0], ''],
      ['DRY-NGOHE', '2026-02-15', 'Mariama Diouf', diouf.plotIds[1], ''],
      ['DRY-NGOHE', '2026-02-15', 'Ousmane Sarr', sarr.plotIds[0], ''],
    ]);
    expect(JSON.stringify(records)).not.toContain(elsewhere.plotIds[0]);

    const village = await ask({
      assessmentId: 'DRY-NGOHE',
      assessmentDate: '2026-02-15',
      format: 'json',
      village: ' ngohe',
    });
    expect(village.body).toMatchObject({ fileName: 'covered-plots_DRY-NGOHE_ngohe.json', plots: 2 });
    const json = JSON.parse(await file(village)) as { rows: { plotId: string; damageIndex: null }[] };
    expect(json.rows.map((row) => [row.plotId, row.damageIndex])).toEqual([
      [diouf.plotIds[0], null],
      [diouf.plotIds[1], null],
    ]);
    // Before their coverage starts, nothing is covered.
    expect(
      (await ask({ assessmentId: 'DRY-NGOHE', assessmentDate: '2025-12-31', format: 'csv' })).body.plots,
    ).toBe(0);
    expect(
      (await ask({ assessmentId: 'DRY NGOHE!', assessmentDate: '2026-02-15', format: 'csv' })).body.code,
    ).toBe('ERR_INVALID_DATA_FORMAT');
    expect(
      (await ask({ assessmentId: 'DRY-NGOHE', assessmentDate: '2026-02-30', format: 'csv' })).status,
    ).toBe(400);

    // The CSV filled in for one plot uploads as it is: the others are set aside, not refused.
    const filled = records
      .map((record, index) => (index === 2 ? [...record.slice(0, -1), '1'] : record))
      .map((record) => record.join(','))
      .join('\r\n');
    const started = await upload(own.admin, filled);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.run).toMatchObject({ fileRows: 3, unassessedRows: 2 });
    await runJobs();
    const run = (
      await callApi(api, 'GET', `/admin/benefit-runs/${started.body.run.id}`, { token: own.admin.token })
    ).body.run;
    expect(run).toMatchObject({ state: 'PENDING_APPROVAL', preview: { accepted: { plots: 1 }, refused: 0 } });
    expect((await approve(ownReviewer, run)).status).toBe(202);
    await runJobs();
  });
});

describe('what a season pays, by every path', () => {
  /** A member of a village of its own, its one plot's season up to date on 15 February (20 F CFA). */
  const givenPayee = async (village: string, bank: Record<string, string> = {}) => {
    const payee = await givenMember(enablerId, 1, `Payee ${village}`, { village, ...bank });
    await givenContribution(payee.memberId, 2000, {
      plotId: payee.plotIds[0],
      contributionDate: '2026-02-01T10:00:00.000Z',
    });
    return payee;
  };
  const payoutOf = (payee: Awaited<ReturnType<typeof givenMember>>, assessmentId: string) =>
    callApi(payouts, 'POST', '/admin/payouts', {
      token: reviewer.token,
      body: {
        memberId: payee.memberId,
        plotId: payee.plotIds[0],
        amount: 15,
        assessmentId,
        assessmentDate: Date.UTC(2026, 1, 15) / 1000,
        payoutDate: Date.UTC(2026, 1, 20) / 1000,
      },
    });
  const partition = (memberId: string) => readMemberPartition(memberId);

  it("pays a plot up to date exactly its Maximum at index 1, and refuses a hand-made payout of a plot a run paid, naming the run's", async () => {
    const payee = await givenPayee('Sine');
    const run = await previewed(csv('DRY-SINE', [',Sine,1,']));
    expect(run.preview.accepted).toEqual({ plots: 1, members: 1, amount: 100 });
    expect((await approve(reviewer, run)).status).toBe(202);
    await runJobs();
    const [paid] = (await partition(payee.memberId)).filter((item) => item.entityType === 'PAYOUT');
    expect(paid).toMatchObject({ amountCents: 10_000, runId: run.id });
    const before = await partition(payee.memberId);
    const second = await payoutOf(payee, 'DRY-SINE');
    expect(second).toMatchObject({
      status: 409,
      body: { code: 'ERR_PLOT_PAID_FOR_ASSESSMENT', details: { payoutId: paid?.id, runId: run.id } },
    });
    expect(await partition(payee.memberId)).toEqual(before);
    // The run's payout changes through a run only, and says which.
    const payoutPath = `/admin/payouts/${String(paid?.id)}`;
    const shown = await callApi(payouts, 'GET', payoutPath, { token: reviewer.token });
    expect(shown.body.runId).toBe(run.id);
    for (const change of [
      callApi(payouts, 'DELETE', payoutPath, { token: reviewer.token }),
      callApi(payouts, 'POST', payoutPath, {
        token: reviewer.token,
        body: {
          plotId: payee.plotIds[0],
          amount: 1,
          assessmentId: 'DRY-SINE',
          assessmentDate: Date.UTC(2026, 1, 15) / 1000,
          payoutDate: Date.UTC(2026, 1, 20) / 1000,
        },
      }),
    ])
      expect(await change).toMatchObject({
        status: 409,
        body: { code: 'ERR_PAYOUT_OF_RUN', details: { runId: run.id } },
      });
    expect(await partition(payee.memberId)).toEqual(before);
  });

  it('refuses in its preview a plot paid by hand for the assessment first', async () => {
    const payee = await givenPayee('Saloum');
    expect((await payoutOf(payee, 'DRY-SALOUM')).status).toBe(201);
    const run = await previewed(csv('DRY-SALOUM', [',Saloum,1,']));
    expect(run.preview).toMatchObject({ accepted: { plots: 0 }, refusedByReason: { ALREADY_PAID: 1 } });
  });

  it('cannot be approved once a payee’s bank details changed since its preview, and pays the details approved', async () => {
    const payee = await givenPayee('Niombato', { bankName: 'BHS', bankAccount: 'BHS-001' });
    const run = await previewed(csv('DRY-NIOMBATO', [',Niombato,1,']));
    const account = (bankAccount: string) =>
      callApi(members, 'POST', `/admin/members/${payee.memberId}`, {
        token: uploader.token,
        body: {
          name: payee.member.name,
          village: 'Niombato',
          number: payee.member.number,
          bankName: 'BHS',
          bankAccount,
        },
      });
    expect((await account('BHS-999')).status).toBe(204);
    const refused = await approve(reviewer, run);
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'ERR_BENEFIT_RUN_BANK_CHANGED',
        details: { members: 1, examples: [{ memberId: payee.memberId, memberName: payee.member.name }] },
      },
    });
    const rows = await call(reviewer, 'GET', `/${run.id}/rows`);
    expect(rows.body.items).toEqual([expect.objectContaining({ bankAccount: 'BHS-001', bankChanged: true })]);
    // Previewed again, it reads the new account; approved, it pays it even if the account changes after.
    expect((await call(reviewer, 'POST', `/${run.id}/preview`)).status).toBe(202);
    await runJobs();
    const again = (await call(reviewer, 'GET', `/${run.id}`)).body.run;
    expect(again.state).toBe('PENDING_APPROVAL');
    expect(again.preview.computedAt).not.toBe(run.preview.computedAt);
    expect((await approve(reviewer, run)).body.code).toBe('ERR_CONFLICT');
    expect((await approve(reviewer, again)).status).toBe(202);
    expect((await account('BHS-777')).status).toBe(204);
    await runJobs();
    const files = (await call(uploader, 'GET', `/${run.id}`)).body.run.files;
    const bank = files.find((file: { kind: string }) => file.kind === 'BANK');
    const text = await (
      await fetch((await call(uploader, 'GET', `/${run.id}/files/${bank.id}`)).body.url)
    ).text();
    expect(text).toContain(',BHS-999,');
    expect(text).not.toContain('BHS-777');
  });

  it('cannot be approved when previewed under an earlier rule until it is previewed again', async () => {
    await givenPayee('Fogny');
    const run = await previewed(csv('DRY-FOGNY', [',Fogny,1,']));
    await dynamo().send(
      new UpdateCommand({
        TableName: readEnvironment('tableName'),
        Key: { pk: `BENEFITRUN#${run.id}`, sk: 'RUN' },
        UpdateExpression: 'REMOVE preview.ruleVersion',
      }),
    );
    const stale = (await call(reviewer, 'GET', `/${run.id}`)).body.run;
    expect(stale.preview.ruleVersion).toBe(1);
    expect(await approve(reviewer, stale)).toMatchObject({
      status: 409,
      body: { code: 'ERR_BENEFIT_RUN_STALE_PREVIEW' },
    });
    expect((await call(uploader, 'POST', `/${run.id}/preview`)).status).toBe(202);
    await runJobs();
    const fresh = (await call(reviewer, 'GET', `/${run.id}`)).body.run;
    expect(fresh.preview.ruleVersion).toBe(BENEFIT_RULE_VERSION);
    expect((await approve(reviewer, fresh)).status).toBe(202);
    await runJobs();
  });

  it('takes back what a paid run paid through a reversal another administrator approves, once, freeing the plots', async () => {
    const payee = await givenPayee('Pakala');
    const run = await previewed(csv('DRY-PAKALA', [',Pakala,1,']));
    expect((await approve(reviewer, run)).status).toBe(202);
    await runJobs();
    const before = await expectTotalsMatchRecords(payee.memberId);
    const started = await call(uploader, 'POST', `/${run.id}/reverse`);
    expect(started.status).toBe(202);
    expect(started.body.run).toMatchObject({ kind: 'REVERSAL', reverses: run.id, state: 'PREVIEWING' });
    expect((await call(reviewer, 'POST', `/${run.id}/reverse`)).body.code).toBe('ERR_BENEFIT_RUN_STATE');
    await runJobs();
    const reversal = (await call(uploader, 'GET', `/${started.body.run.id}`)).body.run;
    expect(reversal).toMatchObject({
      state: 'PENDING_APPROVAL',
      preview: { accepted: { plots: 1, members: 1, amount: 100 }, refused: 0 },
    });
    expect((await call(uploader, 'GET', `/${run.id}`)).body.run.reversedBy).toBe(reversal.id);
    expect((await approve(uploader, reversal)).body.code).toBe('ERR_BENEFIT_RUN_SELF_REVIEW');
    expect((await approve(reviewer, reversal)).status).toBe(202);
    await runJobs();
    expect((await call(uploader, 'GET', `/${reversal.id}`)).body.run).toMatchObject({
      state: 'PAID',
      payment: { paid: { plots: 1, amount: 100 }, notPaid: 0 },
    });
    const after = await expectTotalsMatchRecords(payee.memberId);
    expect(after.profile.payoutTotalCents).toBe((before.profile.payoutTotalCents as number) - 10_000);
    expect((await partition(payee.memberId)).some((item) => item.entityType === 'PAYOUT')).toBe(false);
    // The plot is free again for the assessment: a corrected run pays it.
    const corrected = await previewed(csv('DRY-PAKALA', [',Pakala,0.5,']));
    expect(corrected.preview.accepted).toEqual({ plots: 1, members: 1, amount: 50 });
  });

  it('writes no cell a spreadsheet would run as a formula, whichever separator it reads the files with', async () => {
    const payee = await givenPayee('Baol', { bankName: '=Bank;+1', bankAccount: '@SN;-7' });
    await callApi(members, 'POST', `/admin/members/${payee.memberId}`, {
      token: uploader.token,
      body: {
        name: 'Awa;=1+1;',
        village: 'Baol',
        number: payee.member.number,
        phone: '+221 77 000 00 09',
        bankName: '=Bank;+1',
        bankAccount: '@SN;-7',
      },
    });
    // A second member with its phone: a possible duplicate, so that the duplicates' file names them.
    const twin = await givenPayee('Baol', {});
    await callApi(members, 'POST', `/admin/members/${twin.memberId}`, {
      token: uploader.token,
      body: { name: '-Awa;@x', village: 'Baol', number: twin.member.number, phone: '+221 77 000 00 09' },
    });
    const run = await previewed(csv('DRY-BAOL', [',Baol,1,']));
    expect((await approve(reviewer, run)).status).toBe(202);
    await runJobs();
    const { files } = (await call(uploader, 'GET', `/${run.id}`)).body.run as { files: { id: string }[] };
    expect(files.map((file) => file.id).sort()).toEqual(['bank-1', 'cash', 'duplicates', 'preview']);
    for (const { id } of files) {
      const text = await (
        await fetch((await call(uploader, 'GET', `/${run.id}/files/${id}`)).body.url)
      ).text();
      expect(text, id).toContain('Awa;');
      for (const separator of [',', ';'] as const)
        for (const cells of parseCsv(text, separator).records)
          for (const cell of cells)
            expect(cell, `${id}, read with ${separator}`).not.toMatch(/^[\t\r\n]*[=+\-@]/);
    }
  });
});
