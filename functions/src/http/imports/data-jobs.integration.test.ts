import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '@cpbo/events/http-api-event.ts';
import type { DataFile, ExportedMember } from '@cpbo/schemas/data-files.ts';
import { getDataJob } from '#data/jobs/data-jobs.ts';
import { getEnabler } from '#data/enablers/enablers.ts';
import { listCampaigns } from '#data/enablers/campaigns.ts';
import { changeMoneyRecord } from '#data/money/money-change.ts';
import { createMoneyRecord } from '#data/money/money-create.ts';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { benefitClaimKey } from '#data/money/benefit-claims.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { readEnvironment } from '#platform/environment.ts';
import { callApi } from '../../testing/call-api.ts';
import {
  exportFile,
  importDirectly,
  importFile,
  resetDataJobRuns,
  runQueued,
  sent,
  useEmptyTable,
} from '../../testing/data-job-runs.ts';
import { givenMember } from '../../testing/member-fixtures.ts';
import { givenContribution, givenPayout } from '../../testing/money-fixtures.ts';
import { expectTotalsMatchRecords } from '../../testing/money-totals-check.ts';
import { sqsEventOf } from '../../testing/queue-events.ts';
import { givenAdministeredEnabler, givenSignedInUser } from '../../testing/signed-in-users.ts';
import { scanTable } from '../../testing/table-items.ts';
import { givenEnabler } from '../../testing/fixtures.ts';
import { handler as importWorker } from '../../workers/import/handler.ts';
import { handler as exportsApi } from '../exports/handler.ts';
import { handler as payoutsApi } from '../admin-payouts/handler.ts';
import { handler as importsApi } from './handler.ts';

/* The Data page's jobs end to end (testing/data-job-runs.ts runs them as the queues would). */

afterEach(() => {
  resetDataJobRuns();
  vi.restoreAllMocks();
});

/** Imports a file through the API and its worker: the job as its administrator then reads it. */
const importedJob = async (token: string, file: unknown) => {
  const started = await importFile(token, file);
  expect(started.status).toBe(202);
  expect(await runQueued()).toEqual([]);
  return (await callApi(importsApi, 'GET', `/imports/jobs/${started.body.job.id}`, { token })).body.job;
};

/** A copy of a member with a new id, number and plot ids; its money records keep their ids. */
const withNewMemberAndPlotIds = (member: ExportedMember): ExportedMember => {
  const plotIds = new Map(member.plots.map((plot) => [plot.id, randomUUID()]));
  const newPlotId = (record: { plotId: string }) => ({ plotId: plotIds.get(record.plotId) as string });
  return {
    ...structuredClone(member),
    id: randomUUID(),
    number: `X-${randomUUID().slice(0, 8)}`,
    plots: member.plots.map((plot) => ({ ...plot, id: plotIds.get(plot.id) as string })),
    contributions: member.contributions.map((record) => ({ ...record, ...newPlotId(record) })),
    payouts: member.payouts.map((record) => ({ ...record, ...newPlotId(record) })),
  };
};

/** An enabler with three members: plots, contributions, payouts (two campaigns) and cashouts. */
const givenEnablerWithMoney = async () => {
  const { enablerId, admin } = await givenAdministeredEnabler();
  for (let index = 0; index < 3; index += 1) {
    const { member, plotIds } = await givenMember(
      enablerId,
      2,
      `Member ${index} ${randomUUID().slice(0, 6)}`,
    );
    const plotId = plotIds[0];
    for (const month of ['02', '03'])
      await givenContribution(member.id, 1250, {
        plotId,
        contributionDate: `2026-${month}-01T10:00:00.000Z`,
        by: 'agent@example.org',
      });
    await givenPayout(member.id, 9000 + index, {
      plotId,
      assessmentId: `camp-${index % 2}`,
      assessmentDate: '2026-04-30',
      payoutDate: '2026-05-02',
      by: 'admin@example.org',
    });
    await createMoneyRecord({
      type: 'CASHOUT',
      member,
      plot: null,
      values: { amountCents: 3000, cashoutDate: '2026-05-10T09:00:00.000Z' },
      by: 'agent@example.org',
    });
  }
  return { enablerId, admin };
};

describe('exports and imports', () => {
  let source: Awaited<ReturnType<typeof givenEnablerWithMoney>>;
  let exported: string;

  beforeAll(async () => {
    source = await givenEnablerWithMoney();
    sent.length = 0;
    exported = (await exportFile(source.admin.token, 'members')).text;
  });

  it('exports the current enabler with its configs, members and records, in the file schema', () => {
    const file = JSON.parse(exported) as DataFile;
    expect(file).toHaveLength(1);
    expect(file[0]).toMatchObject({ _id: source.enablerId, configs: [{ version: 1, currency: 'XOF' }] });
    expect(file[0]?.members).toHaveLength(3);
    expect(file[0]?.members[0]).toMatchObject({
      plots: [{}, {}],
      contributions: [{ amount: 12.5 }, { amount: 12.5 }],
      cashouts: [{ amount: 30 }],
    });
  });

  it('gives the same file after importing it into an empty environment and exporting again', async () => {
    await useEmptyTable();
    const jobId = await importDirectly(exported, source.enablerId);
    expect(await runQueued()).toEqual([]);
    expect(await getDataJob(jobId)).toMatchObject({
      state: 'DONE',
      done: 3,
      total: 3,
      errorCount: 0,
      errors: [],
    });
    const admin = await givenSignedInUser('ADMIN', source.enablerId);
    expect((await exportFile(admin.token, 'members')).text).toBe(exported);
    expect((await getEnabler(source.enablerId))?.memberCount).toBe(3);
    expect((await listCampaigns(source.enablerId)).map((campaign) => campaign.id).sort()).toEqual([
      'camp-0',
      'camp-1',
    ]);
    for (const member of (JSON.parse(exported) as DataFile)[0]?.members ?? [])
      await expectTotalsMatchRecords(member.id);
  });

  it('changes nothing when the same file is imported again', async () => {
    await useEmptyTable();
    await importDirectly(exported, source.enablerId);
    await runQueued();
    const admin = await givenSignedInUser('ADMIN', source.enablerId);
    const before = await scanTable();
    const again = await importFile(admin.token, JSON.parse(exported));
    expect(await runQueued()).toEqual([]);
    const after = await scanTable();
    // The job and the application log's lines about it (LOG#…) are the only writes.
    const withoutJobs = (items: Record<string, unknown>[]) =>
      items.filter((item) => item.entityType !== 'DATA_JOB' && !String(item.pk).startsWith('LOG#'));
    expect(withoutJobs(after)).toEqual(withoutJobs(before));
    const done = await callApi(importsApi, 'GET', `/imports/jobs/${again.body.job.id}`, {
      token: admin.token,
    });
    expect(done.body.job).toMatchObject({ state: 'DONE', errorCount: 0 });
  });

  it('refuses an invalid file with every error and its path, and writes nothing', async () => {
    await useEmptyTable();
    const admin = await givenSignedInUser('ADMIN', (await givenEnabler()).id);
    const file = JSON.parse(exported) as DataFile;
    const broken = structuredClone(file) as unknown as Record<string, unknown>[];
    const members = (broken[0] as { members: Record<string, unknown>[] }).members;
    delete members[1]?.village;
    (members[2] as Record<string, unknown>).plots = 'none';
    const before = await scanTable();
    const answer = await importFile(admin.token, broken);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'ERR_IMPORT_INVALID_FILE', details: { count: 2 } });
    expect(answer.body.details.errors.map((error: { where: string }) => error.where).sort()).toEqual([
      '/0/members/1',
      '/0/members/2/plots',
    ]);
    expect(await scanTable()).toEqual(before);
    expect(sent).toEqual([]);
  });

  it('refuses an enabler image that is not a PNG or JPEG by its bytes, in the body and through the worker', async () => {
    await useEmptyTable();
    const admin = await givenSignedInUser('ADMIN', (await givenEnabler()).id);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const file = structuredClone(JSON.parse(exported)) as DataFile;
    (file[0] as { logo: string | null }).logo = `data:image/png;base64,${svg.toString('base64')}`;
    const before = await scanTable();
    const answer = await importFile(admin.token, file);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'ERR_IMPORT_INVALID_FILE',
      details: { count: 1, errors: [{ where: '/0/logo', code: 'ERR_IMAGE_NOT_PNG_OR_JPEG' }] },
    });
    expect(await scanTable()).toEqual(before);
    // A file uploaded aside is checked by the worker, which refuses it the same way.
    const jobId = await importDirectly(JSON.stringify(file), source.enablerId);
    expect(await runQueued()).toEqual([]);
    expect(await getDataJob(jobId)).toMatchObject({
      state: 'INVALID',
      errorCount: 1,
      errors: [{ where: '/0/logo', code: 'ERR_IMAGE_NOT_PNG_OR_JPEG' }],
    });
    const svgTyped = structuredClone(file);
    (svgTyped[0] as { logo: string | null }).logo = `data:image/svg+xml;base64,${svg.toString('base64')}`;
    expect((await importFile(admin.token, svgTyped)).body).toMatchObject({ code: 'ERR_IMPORT_INVALID_FILE' });
  });

  it('resumes an import cut short by a failure without duplicating anything', async () => {
    await useEmptyTable();
    const jobId = await importDirectly(exported, source.enablerId);
    const client = dynamo();
    const send = client.send.bind(client);
    let batchWrites = 0;
    // The worker dies at its second batch write: after the members' claims and part of their records.
    vi.spyOn(client, 'send').mockImplementation((async (command: { constructor: { name: string } }) => {
      if (command.constructor.name === 'BatchWriteCommand' && ++batchWrites === 2)
        throw new Error('Lambda killed');
      return send(command as never);
    }) as never);
    expect(await runQueued(1)).toHaveLength(1);
    vi.restoreAllMocks();
    // The failed delivery freed the import lock: another import need not wait for its lease to lapse.
    expect((await scanTable()).filter((item) => item.pk === 'IMPORTLOCK')).toEqual([]);
    expect(await runQueued(2)).toEqual([]);
    expect((await scanTable()).filter((item) => item.pk === 'IMPORTLOCK')).toEqual([]);
    expect(await getDataJob(jobId)).toMatchObject({ state: 'DONE', done: 3, errorCount: 0 });
    const admin = await givenSignedInUser('ADMIN', source.enablerId);
    expect((await exportFile(admin.token, 'members')).text).toBe(exported);
    expect((await getEnabler(source.enablerId))?.memberCount).toBe(3);
    for (const member of (JSON.parse(exported) as DataFile)[0]?.members ?? [])
      await expectTotalsMatchRecords(member.id);
  });

  it('imports the valid members of a file and reports the others (a record on a missing plot, a duplicate)', async () => {
    await useEmptyTable();
    const admin = await givenSignedInUser('ADMIN', (await givenEnabler()).id);
    const file = structuredClone(JSON.parse(exported)) as DataFile;
    const members = file[0]?.members as DataFile[number]['members'][number][];
    (members[0]?.contributions[0] as { plotId: string }).plotId = 'not-a-plot';
    members.push({
      ...structuredClone(members[1] as (typeof members)[number]),
      id: randomUUID(),
      plots: [],
      contributions: [],
      payouts: [],
      cashouts: [],
    });
    const started = await importFile(admin.token, file);
    await runQueued();
    const done = await callApi(importsApi, 'GET', `/imports/jobs/${started.body.job.id}`, {
      token: admin.token,
    });
    expect(done.body.job).toMatchObject({ state: 'DONE', done: 4, total: 4, errorCount: 2 });
    expect(done.body.job.errors).toEqual([
      expect.objectContaining({
        where: '/0/members/0/contributions/0/plotId',
        code: 'ERR_IMPORT_RECORD_INVALID',
      }),
      expect.objectContaining({ where: '/0/members/3', code: 'ERR_DUPLICATE_MEMBER' }),
    ]);
    expect((await getEnabler(source.enablerId))?.memberCount).toBe(2);
  });

  it('never writes over a member or record id held elsewhere: the member is refused with ERR_IMPORT_ID_TAKEN', async () => {
    // An administrator of another enabler imports the source's ids under their own enabler.
    const other = await givenAdministeredEnabler();
    const file = structuredClone(JSON.parse(exported)) as DataFile;
    const head = file[0] as DataFile[number];
    head._id = other.enablerId;
    const [sameMember, original] = head.members as [ExportedMember, ExportedMember];
    sameMember.number = `X-${randomUUID().slice(0, 8)}`;
    // New member and plot ids, but the source's contribution, payout and cashout ids.
    const sameRecords = withNewMemberAndPlotIds(original);
    head.members = [sameMember, sameRecords];
    const sourceBefore = (await scanTable()).filter((item) => item.enablerId === source.enablerId);
    const job = await importedJob(other.admin.token, file);
    expect(job).toMatchObject({ state: 'DONE', done: 2, errorCount: 2 });
    expect(job.errors).toEqual([
      expect.objectContaining({ where: '/0/members/0/id', code: 'ERR_IMPORT_ID_TAKEN' }),
      expect.objectContaining({ where: '/0/members/1/contributions/0/id', code: 'ERR_IMPORT_ID_TAKEN' }),
    ]);
    const after = await scanTable();
    expect(after.filter((item) => item.enablerId === source.enablerId)).toEqual(sourceBefore);
    // Nothing of either member was written under the other enabler, not even a claim or a plot.
    expect(after.filter((item) => item.memberId === sameRecords.id || item.id === sameRecords.id)).toEqual(
      [],
    );
    expect((await getEnabler(other.enablerId))?.memberCount).toBe(0);
    expect((await exportFile(source.admin.token, 'members')).text).toBe(exported);
  });

  it("never gives a deleted record's id to another member: importing it is refused", async () => {
    const owner = await givenAdministeredEnabler();
    const { member, plotIds } = await givenMember(owner.enablerId, 1, `Owner ${randomUUID().slice(0, 6)}`);
    const deleted = await createMoneyRecord({
      type: 'CONTRIBUTION',
      member,
      plot: { id: plotIds[0] as string, name: 'Field 1' },
      values: { amountCents: 500, protectionType: 'DROUGHT', contributionDate: '2026-02-01T10:00:00.000Z' },
      by: 'agent@example.org',
    });
    await changeMoneyRecord({
      type: 'CONTRIBUTION',
      enablerId: owner.enablerId,
      memberId: member.id,
      recordId: deleted.id,
      values: null,
      by: owner.admin.email,
    });
    const other = await givenAdministeredEnabler();
    const file = structuredClone(JSON.parse(exported)) as DataFile;
    const head = file[0] as DataFile[number];
    head._id = other.enablerId;
    const reusing = withNewMemberAndPlotIds(head.members[2] as ExportedMember);
    // Every record id new but the deleted contribution's.
    for (const list of [reusing.contributions, reusing.payouts, reusing.cashouts])
      for (const record of list) record.id = randomUUID();
    (reusing.contributions[0] as { id: string }).id = deleted.id;
    head.members = [reusing];
    const job = await importedJob(other.admin.token, file);
    expect(job).toMatchObject({ state: 'DONE', done: 1, errorCount: 1 });
    expect(job.errors).toEqual([
      expect.objectContaining({ where: '/0/members/0/contributions/0/id', code: 'ERR_IMPORT_ID_TAKEN' }),
    ]);
    expect((await scanTable()).filter((item) => item.memberId === reusing.id)).toEqual([]);
  });

  it('refuses a member whose payout names an assessment and plot another payout holds, or twice, and writes nothing of it', async () => {
    const other = await givenAdministeredEnabler();
    const file = structuredClone(JSON.parse(exported)) as DataFile;
    const head = file[0] as DataFile[number];
    head._id = other.enablerId;
    const fresh = (member: ExportedMember) => {
      const copy = withNewMemberAndPlotIds(member);
      for (const list of [copy.contributions, copy.payouts, copy.cashouts])
        for (const record of list) record.id = randomUUID();
      return copy;
    };
    const [held, twice, kept] = [
      fresh(head.members[0] as ExportedMember),
      fresh(head.members[1] as ExportedMember),
      fresh(head.members[2] as ExportedMember),
    ];
    // The first member's plot was paid for its payout's assessment by a run, its payout since gone
    // with a member deleted: the claim stays, naming that payout.
    const [payout] = held.payouts as [ExportedMember['payouts'][number]];
    await dynamo().send(
      new PutCommand({
        TableName: readEnvironment('tableName'),
        Item: {
          ...benefitClaimKey(other.enablerId, payout.assessmentId, payout.plotId),
          entityType: 'BENEFIT_CLAIM',
          plotId: payout.plotId,
          payoutId: 'paid-by-a-run',
          runId: 'run-1',
          memberId: 'gone',
          amountCents: 100,
        },
      }),
    );
    // The second names its payout's assessment and plot twice.
    twice.payouts.push({ ...(twice.payouts[0] as ExportedMember['payouts'][number]), id: randomUUID() });
    head.members = [held, twice, kept];
    const job = await importedJob(other.admin.token, file);
    expect(job).toMatchObject({ state: 'DONE', done: 3, errorCount: 2 });
    expect(job.errors).toEqual([
      expect.objectContaining({
        where: '/0/members/1/payouts/1/assessmentId',
        code: 'ERR_PLOT_PAID_FOR_ASSESSMENT',
      }),
      expect.objectContaining({
        where: '/0/members/0/payouts/0/assessmentId',
        code: 'ERR_PLOT_PAID_FOR_ASSESSMENT',
      }),
    ]);
    const after = await scanTable();
    for (const refused of [held, twice])
      expect(after.filter((item) => item.memberId === refused.id || item.id === refused.id)).toEqual([]);
    // The third is imported with its payout's claim: a payout of it by hand is refused the other way round.
    const [keptPayout] = kept.payouts as [ExportedMember['payouts'][number]];
    const again = await callApi(payoutsApi, 'POST', '/admin/payouts', {
      token: other.admin.token,
      body: {
        memberId: kept.id,
        plotId: keptPayout.plotId,
        amount: 5,
        assessmentId: keptPayout.assessmentId,
        assessmentDate: Date.UTC(2026, 3, 30) / 1000,
        payoutDate: Date.UTC(2026, 4, 2) / 1000,
      },
    });
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'ERR_PLOT_PAID_FOR_ASSESSMENT', details: { payoutId: keptPayout.id, runId: null } },
    });
  });

  it('refuses the second of two members of a file that share a record id, and imports the first', async () => {
    await useEmptyTable();
    const admin = await givenSignedInUser('ADMIN', (await givenEnabler()).id);
    const file = structuredClone(JSON.parse(exported)) as DataFile;
    const head = file[0] as DataFile[number];
    const [first, second] = head.members as [ExportedMember, ExportedMember];
    (second.cashouts[0] as { id: string }).id = (first.cashouts[0] as { id: string }).id;
    head.members = [first, second];
    const job = await importedJob(admin.token, file);
    expect(job).toMatchObject({ state: 'DONE', done: 2, errorCount: 1 });
    expect(job.errors).toEqual([
      expect.objectContaining({ where: '/0/members/1/cashouts/0/id', code: 'ERR_IMPORT_ID_TAKEN' }),
    ]);
    expect((await getEnabler(source.enablerId))?.memberCount).toBe(1);
  });

  it('lets two imports of the same ids under two enablers run at once: one imports them, the other is refused', async () => {
    await useEmptyTable();
    const jobs = [];
    for (const enablerId of [randomUUID(), randomUUID()]) {
      const file = structuredClone(JSON.parse(exported)) as DataFile;
      (file[0] as DataFile[number])._id = enablerId;
      jobs.push({ enablerId, id: await importDirectly(JSON.stringify(file), enablerId) });
    }
    sent.length = 0;
    // Both workers at the same moment, as two Lambda instances would run them.
    const answers = await Promise.all(
      jobs.map(({ id }) => importWorker(sqsEventOf({ jobId: id }), lambdaContext('import-worker'))),
    );
    expect(answers.flatMap((answer) => answer.batchItemFailures)).toEqual([]);
    const done = await Promise.all(jobs.map(({ id }) => getDataJob(id)));
    expect(done.map((job) => job?.state)).toEqual(['DONE', 'DONE']);
    // Whichever ran first imported the three members; the other was refused each of them.
    expect(done.map((job) => job?.errorCount).sort()).toEqual([0, 3]);
    const refused = done.find((job) => job?.errorCount === 3);
    expect(new Set(refused?.errors.map((error) => error.code))).toEqual(new Set(['ERR_IMPORT_ID_TAKEN']));
    const counts = await Promise.all(jobs.map(({ enablerId }) => getEnabler(enablerId)));
    expect(counts.map((enabler) => enabler?.memberCount).sort()).toEqual([0, 3]);
    const members = (await scanTable()).filter((item) => item.entityType === 'MEMBER');
    expect(members).toHaveLength(3);
  });

  it("refuses another administrator's upload as not found, whoever names it", async () => {
    const owner = await givenSignedInUser('ADMIN', source.enablerId);
    const upload = await callApi(importsApi, 'POST', '/imports/uploads', { token: owner.token });
    const put = await fetch(upload.body.url, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: exported,
    });
    expect(put.status).toBe(200);
    sent.length = 0;
    const sameEnabler = await givenSignedInUser('ADMIN', source.enablerId);
    const otherEnabler = await givenSignedInUser('ADMIN', (await givenEnabler()).id);
    for (const attacker of [sameEnabler, otherEnabler])
      for (const kind of ['all', 'onboard'] as const) {
        const answer = await callApi(importsApi, 'POST', `/imports/${kind}`, {
          token: attacker.token,
          body: { upload: upload.body.upload },
        });
        expect(answer.status).toBe(404);
        expect(answer.body.code).toBe('ERR_IMPORT_UPLOAD_NOT_FOUND');
      }
    const user = await givenSignedInUser('USER', source.enablerId);
    const asUser = await callApi(importsApi, 'POST', '/imports/all', {
      token: user.token,
      body: { upload: upload.body.upload },
    });
    expect(asUser.status).toBe(403);
    expect(sent).toEqual([]);
    const own = await callApi(importsApi, 'POST', '/imports/all', {
      token: owner.token,
      body: { upload: upload.body.upload },
    });
    expect(own.status).toBe(202);
  });

  it('onboards new members in the current enabler, and reports them as duplicates the second time', async () => {
    const enabler = await givenEnabler();
    const admin = await givenSignedInUser('ADMIN', enabler.id);
    const file = [
      { name: 'Awa Sarr', village: 'Fissel', number: 'ON-1' },
      { name: 'Moussa Ba', village: 'Fissel', number: 'ON-2', onboardingDate: '2026-01-15', gender: false },
    ];
    const first = await importFile(admin.token, file, 'onboard');
    await runQueued();
    const second = await importFile(admin.token, file, 'onboard');
    await runQueued();
    const jobOf = async (id: string) =>
      (await callApi(importsApi, 'GET', `/imports/jobs/${id}`, { token: admin.token })).body.job;
    expect(await jobOf(first.body.job.id)).toMatchObject({ state: 'DONE', done: 2, errorCount: 0 });
    expect(await jobOf(second.body.job.id)).toMatchObject({ state: 'DONE', done: 2, errorCount: 2 });
    expect((await getEnabler(enabler.id))?.memberCount).toBe(2);
    const members = JSON.parse((await exportFile(admin.token, 'members')).text)[0].members;
    expect(members.map((member: { number: string }) => member.number).sort()).toEqual(['ON-1', 'ON-2']);
  });

  it("lets no administrator read another's job, and imports an upload made through its presigned URL", async () => {
    const other = await givenSignedInUser('ADMIN', source.enablerId);
    const started = await callApi(exportsApi, 'GET', '/exports/enablers', { token: source.admin.token });
    expect(
      (await callApi(exportsApi, 'GET', `/exports/jobs/${started.body.job.id}`, { token: other.token }))
        .status,
    ).toBe(404);
    expect(
      (
        await callApi(importsApi, 'GET', `/imports/jobs/${started.body.job.id}`, {
          token: source.admin.token,
        })
      ).status,
    ).toBe(404);
    sent.length = 0;
    const upload = await callApi(importsApi, 'POST', '/imports/uploads', { token: other.token });
    expect(upload.status).toBe(201);
    const put = await fetch(upload.body.url, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '[{"not": "an enabler"}]',
    });
    expect(put.status).toBe(200);
    const missing = await callApi(importsApi, 'POST', '/imports/all', {
      token: other.token,
      body: { upload: randomUUID() },
    });
    expect(missing.body.code).toBe('ERR_IMPORT_UPLOAD_NOT_FOUND');
    const imported = await callApi(importsApi, 'POST', '/imports/all', {
      token: other.token,
      body: { upload: upload.body.upload },
    });
    expect(imported.status).toBe(202);
    await runQueued();
    const job = (
      await callApi(importsApi, 'GET', `/imports/jobs/${imported.body.job.id}`, { token: other.token })
    ).body.job;
    expect(job).toMatchObject({ state: 'INVALID', done: 0 });
    expect(job.errorCount).toBeGreaterThan(0);
    expect(job.errors[0]).toMatchObject({ where: '/0', code: 'ERR_IMPORT_INVALID_FILE' });
  });
});
