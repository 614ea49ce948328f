import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditOfMonth } from '#data/audit.ts';
import { benefitUploadKey } from '#data/benefit-run-files.ts';
import { listCampaigns } from '#data/campaigns.ts';
import { readMemberPartition } from '#data/member-page.ts';
import { readEnvironment } from '#platform/environment.ts';
import { useQueueTransport } from '#platform/queue.ts';
import { putS3Object } from '#platform/s3.ts';
import { deliverBenefitSteps, uploadAssessment as upload } from '../../testing/benefit-runs.ts';
import { callApi } from '../../testing/call-api.ts';
import { givenMember } from '../../testing/member-fixtures.ts';
import { givenContribution } from '../../testing/money-fixtures.ts';
import { expectTotalsMatchRecords } from '../../testing/money-totals-check.ts';
import { givenAdministeredEnabler, givenSignedInUser } from '../../testing/signed-in-users.ts';
import { handler as api } from './handler.ts';

/*
 * Benefit runs end to end: an administrator uploads an assessment, the benefit-run job previews it
 * (delivered here as SQS would), another administrator approves it, the job pays it. Plots are covered
 * from 1 January 2026 for 6 months under the demo config (factors 0.5 then 1, no threshold, cap 10 ×
 * the season's contributions); assessed on 15 February, a plot is in its month 1, factor 1.
 */

const queued: { queue: string; message: unknown }[] = [];
useQueueTransport({ send: async (queue, message) => void queued.push({ queue, message }) });

/** Delivers the queued steps (and the steps they queue) to the worker. */
const runJobs = () => deliverBenefitSteps(queued);

type Admin = { email: string; token: string };
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
    expect(changing.body).toMatchObject({
      code: 'ERR_BENEFIT_FILE_INVALID',
      details: {
        count: 1,
        problems: [
          { row: 2, line: 3, where: 'assessmentDate', message: "differs from the first row's (2026-02-15)" },
        ],
      },
    });
    const schema = await upload(uploader, csv('DRY-BAD', [',Fissel,0.5,', ',Fissel,1.5,']));
    expect(schema.body.details).toEqual({
      count: 1,
      problems: [{ row: 2, line: 3, where: 'damageIndex', message: 'must be <= 1' }],
    });
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
    expect(many.body.details.problems[99]).toEqual({
      row: 100,
      line: 101,
      where: 'damageIndex',
      message: 'must be <= 1',
    });
    const rules = await upload(uploader, csv('DRY-BAD', ['x,Ndiaffate,0.4,', `${awa.plotIds[0]},,0.5,12`]));
    expect(
      rules.body.details.problems.map(({ row, line, where }: Record<string, unknown>) => [row, line, where]),
    ).toEqual([
      [1, 2, 'plotId'],
      [2, 3, 'benefitAmount'],
    ]);
    const json = await upload(uploader, JSON.stringify({ assessmentId: 'DRY-BAD', rows: [] }), 'json');
    expect(json.body.details.problems.map(({ where }: Record<string, unknown>) => where)).toEqual([
      '',
      'rows',
    ]);
    expect((await call(uploader, 'GET', '')).body.runs).toHaveLength(before);
  });

  it('previews a village: its covered plots valued by the rule, refused rows with their reasons, the sums and the possible duplicates', async () => {
    const run = await previewed(
      csv('DRY-2026', [',Ndiaffate,0.4,', `${fatou.plotIds[0]},,,5000`, `${randomUUID()},,0.9,`]),
    );
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
        rows: 6,
        // 25.00 × 1 × 0.4, 10.00 × 0.4, 30.00 × 0.4.
        accepted: { plots: 3, members: 3, amount: 26 },
        refused: 3,
        refusedByReason: { ZERO_BENEFIT: 1, ABOVE_CAP: 1, UNKNOWN_PLOT: 1 },
        perFederation: [{ federation: 'Kaolack', plots: 3, members: 3, amount: 26 }],
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
        row.cap,
      ]),
    ).toEqual([
      [1, 'ZERO_BENEFIT', null, 0],
      [2, 'ABOVE_CAP', 5000, 100],
      [3, 'UNKNOWN_PLOT', null, null],
    ]);
    const byBenefit = await call(uploader, 'GET', `/${runId}/rows`, undefined, {
      'sort:benefit': 'desc',
      pageSize: '5',
      page: '1',
    });
    expect(byBenefit.body.items.slice(0, 3)).toEqual([
      expect.objectContaining({
        memberName: '=Moussa Ba',
        seasonContributions: 30,
        month: 1,
        factor: 1,
        damageIndex: 0.4,
        cap: 300,
        benefit: 12,
      }),
      expect.objectContaining({ memberName: 'Awa Diop', seasonContributions: 25, benefit: 10 }),
      expect.objectContaining({ memberName: 'Awa Dioup', seasonContributions: 10, benefit: 4 }),
    ]);
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
      'row,plotId,plotName,memberId,memberName,memberNumber,village,federation,seasonContributions,month,factor,damageIndex,givenAmount,cap,benefit,status,reason',
    );
    expect(lines).toHaveLength(7);
    expect(
      lines.some(
        (line) => line.includes("'=Moussa Ba") && line.endsWith(',30.00,1,1,0.4,,300.00,12.00,ACCEPTED,'),
      ),
    ).toBe(true);
  });

  it('is approved by another administrator only, with a comment, and pays what it previewed, once', async () => {
    const own = await call(uploader, 'POST', `/${runId}/approve`, { comment: 'Checked' });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('ERR_BENEFIT_RUN_SELF_REVIEW');
    const before = new Map(
      await Promise.all(
        [awa, awaToo, moussa].map(
          async ({ memberId }) => [memberId, (await expectTotalsMatchRecords(memberId)).profile] as const,
        ),
      ),
    );
    const approved = await call(reviewer, 'POST', `/${runId}/approve`, {
      comment: 'Matches the index report',
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
      payment: { paid: { plots: 3, members: 3, amount: 26 }, notPaid: 0, notPaidByReason: {} },
    });
    for (const [member, cents] of [
      [awa, 1000],
      [awaToo, 400],
      [moussa, 1200],
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
      trail.map(({ action, by, before: was, after }) => [action, by, was?.state ?? null, after?.state]),
    ).toEqual([
      ['CREATE', uploader.email, null, 'PREVIEWING'],
      ['UPDATE', reviewer.email, 'PENDING_APPROVAL', 'APPROVED'],
    ]);
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
      ['bank-1', 'BANK', 'CBAO', 1, 10],
      ['bank-2', 'BANK', 'Ecobank', 1, 12],
      ['cash', 'CASH', null, 1, 4],
    ]);
    const read = async (file: string) =>
      (await (await fetch((await call(uploader, 'GET', `/${runId}/files/${file}`)).body.url)).text())
        .trim()
        .split('\r\n');
    expect(await read('bank-1')).toEqual([
      'bankName,bankBranchName,bankIFSC,bankAccount,memberNumber,memberName,amount,assessmentId',
      `CBAO,Kaolack,CBAO01,SN-001,${awa.member.number},Awa Diop,10.00,DRY-2026`,
    ]);
    expect((await read('bank-2'))[1]).toBe(
      `Ecobank,,,sn 001,${moussa.member.number},'=Moussa Ba,12.00,DRY-2026`,
    );
    expect(await read('cash')).toEqual([
      'memberNumber,memberName,village,federation,phone,amount,assessmentId',
      `${awaToo.member.number},Awa Dioup,Ndiaffate,Kaolack,770000002,4.00,DRY-2026`,
    ]);
    expect((await call(uploader, 'GET', `/${runId}/files/bank-3`)).status).toBe(404);
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
    for (const run of [first, second])
      expect((await call(reviewer, 'POST', `/${run.id}/approve`, { comment: 'Go' })).status).toBe(202);
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
    expect((await call(uploader, 'POST', `/${rejected.id}/reject`, { comment: 'No' })).body.code).toBe(
      'ERR_BENEFIT_RUN_SELF_REVIEW',
    );
    const answer = await call(reviewer, 'POST', `/${rejected.id}/reject`, { comment: 'Wrong index' });
    expect(answer.body.run).toMatchObject({
      state: 'REJECTED',
      review: { decision: 'REJECTED', by: reviewer.email, comment: 'Wrong index' },
    });
    expect((await call(reviewer, 'POST', `/${rejected.id}/approve`, { comment: 'After all' })).status).toBe(
      409,
    );
    const cancelled = await previewed(csv('DRY-NO', [',Fissel,0.5,']));
    const withdrawn = await call(uploader, 'POST', `/${cancelled.id}/cancel`, {});
    expect(withdrawn.body.run).toMatchObject({
      state: 'CANCELLED',
      cancellation: { by: uploader.email, comment: null },
    });
    expect((await call(uploader, 'POST', `/${cancelled.id}/resume`)).body.code).toBe('ERR_BENEFIT_RUN_STATE');
    expect(queued).toEqual([]);
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
