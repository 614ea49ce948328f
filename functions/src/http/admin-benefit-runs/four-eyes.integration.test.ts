import { beforeAll, describe, expect, it } from 'vitest';
import { getBenefitRun } from '#data/benefit-runs/benefit-runs.ts';
import type { MailMessage } from '#platform/mail.ts';
import { useQueueTransport } from '#platform/queue.ts';
import { deliverBenefitSteps, uploadAssessment } from '../../testing/benefit-runs.ts';
import { callApi } from '../../testing/call-api.ts';
import { givenEnabler, givenUser, linkTokenOf, uniqueEmail } from '../../testing/fixtures.ts';
import { givenMember } from '../../testing/member-fixtures.ts';
import { givenContribution } from '../../testing/money-fixtures.ts';
import { signIn } from '../../testing/signed-in-users.ts';
import { scanTable } from '../../testing/table-items.ts';
import { handler as users } from '../admin-users/handler.ts';
import { handler as registration } from '../registration/handler.ts';
import { handler as api } from './handler.ts';

/*
 * Four eyes that need two people: the administrators of a run's uploader's line (accounts the uploader
 * brought in, created or promoted, directly or through accounts they brought in, and those who brought
 * the uploader in) may not review it. Accounts are brought in as a person would: POST /admin/users, the
 * registration from the mailed link, a sign-in. Every new administrator is mailed to the others.
 */

const steps: { message: unknown }[] = [];
const mails: MailMessage[] = [];
useQueueTransport({
  send: async (queue, message) => {
    if (queue === 'mail') mails.push(message as MailMessage);
    else steps.push({ message });
  },
});
const mailsTo = (email: string) => mails.filter((mail) => mail.to.includes(email));

type Admin = { email: string; token: string };
const PASSWORD = 'correct horse battery';

let enablerId: string;
let plotId: string;
/** Made by a script (no lineage): root brought in the uploader; stranger brought in no one of that line. */
let root: Admin;
let stranger: Admin;
let uploader: Admin;
let sibling: Admin;
let puppet: Admin;
let puppetsPuppet: Admin;

const signedIn = async (email: string): Promise<Admin> => {
  const answer = await signIn(email, PASSWORD);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { email, token: answer.body.accessToken as string };
};

let accounts = 0;
/** An account `by` creates, registered from its mailed link, signed in. */
const bringIn = async (
  by: Admin,
  role: 'ADMIN' | 'USER' = 'ADMIN',
  email = uniqueEmail(role.toLowerCase()),
) => {
  accounts += 1;
  const created = await callApi(users, 'POST', '/admin/users', {
    token: by.token,
    body: { email, username: `Account ${accounts}`, role },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const token = linkTokenOf(mailsTo(email).at(-1), 'register');
  const registered = await callApi(registration, 'POST', '/register', {
    body: { token, password: PASSWORD },
  });
  expect(registered.status).toBe(200);
  return signedIn(email);
};

const scripted = async (language: 'en' | 'fr' = 'en') =>
  signedIn((await givenUser({ role: 'ADMIN', enablerId, language }, PASSWORD)).email);

const userPath = (email: string) => `/admin/users/${encodeURIComponent(email)}`;

const call = (admin: Admin, method: string, path: string, body?: unknown) =>
  callApi(api, method, `/admin/benefit-runs${path}`, { token: admin.token, body });

let assessments = 0;
/** A run of `by` that pays the plot, previewed and awaiting its review. */
const pendingRun = async (by: Admin) => {
  assessments += 1;
  const started = await uploadAssessment(
    by,
    [
      'assessmentId,assessmentDate,plotId,village,damageIndex,benefitAmount',
      `FOUR-EYES-${assessments},2026-02-15,${plotId},,0.5,`,
    ].join('\r\n'),
  );
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await deliverBenefitSteps(steps);
  const { run } = (await call(by, 'GET', `/${started.body.run.id}`)).body;
  expect(run).toMatchObject({
    state: 'PENDING_APPROVAL',
    createdBy: by.email,
    preview: { accepted: { plots: 1 } },
  });
  return run as { id: string; preview: { computedAt: string } };
};

/** The table's items of the enabler (its runs, audit, members, money) and of the run. */
const itemsOf = async (runId: string) =>
  (await scanTable()).filter((item) => {
    const text = JSON.stringify(item);
    return text.includes(enablerId) || text.includes(runId);
  });

const linkedRefusal = (link: 'BROUGHT_IN_BY_UPLOADER' | 'BROUGHT_IN_UPLOADER', by: Admin) => ({
  status: 403,
  body: { code: 'ERR_BENEFIT_RUN_LINKED_REVIEW', details: { uploader: by.email, link } },
});

beforeAll(async () => {
  enablerId = (await givenEnabler()).id;
  const member = await givenMember(enablerId, 1, 'Awa Four-Eyes', { village: 'Ndiaffate' });
  plotId = member.plotIds[0] as string;
  for (const day of ['2026-01-10', '2026-02-10'])
    await givenContribution(member.memberId, 1000, { plotId, contributionDate: `${day}T10:00:00.000Z` });
  root = await scripted('fr');
  stranger = await scripted();
  uploader = await bringIn(root);
  sibling = await bringIn(root);
  puppet = await bringIn(uploader);
  puppetsPuppet = await bringIn(puppet);
});

describe('the review of a benefit run', () => {
  it('is refused to an administrator the uploader created, or one created by that one, and writes nothing', async () => {
    const run = await pendingRun(uploader);
    const before = await itemsOf(run.id);
    for (const admin of [puppet, puppetsPuppet])
      for (const decision of ['approve', 'reject'])
        expect(
          await call(admin, 'POST', `/${run.id}/${decision}`, {
            comment: 'Looks fine',
            previewComputedAt: run.preview.computedAt,
          }),
        ).toMatchObject(linkedRefusal('BROUGHT_IN_BY_UPLOADER', uploader));
    expect(await itemsOf(run.id)).toEqual(before);
    expect(steps).toEqual([]);
    // The run's page says so before anyone tries; the uploader's own line is the uploader's review.
    expect((await call(puppetsPuppet, 'GET', `/${run.id}`)).body.linkedToUploader).toBe(true);
    expect((await call(sibling, 'GET', `/${run.id}`)).body.linkedToUploader).toBe(false);
    expect((await call(uploader, 'GET', `/${run.id}`)).body.linkedToUploader).toBe(false);
    expect(
      (
        await call(uploader, 'POST', `/${run.id}/approve`, {
          comment: 'Mine',
          previewComputedAt: run.preview.computedAt,
        })
      ).body.code,
    ).toBe('ERR_BENEFIT_RUN_SELF_REVIEW');
    await call(uploader, 'POST', `/${run.id}/cancel`, {});
  });

  it('is refused to the administrator who brought the uploader in: a puppet uploads, its maker approves', async () => {
    const run = await pendingRun(uploader);
    expect(
      await call(root, 'POST', `/${run.id}/approve`, {
        comment: 'Go',
        previewComputedAt: run.preview.computedAt,
      }),
    ).toMatchObject(linkedRefusal('BROUGHT_IN_UPLOADER', uploader));
    const made = await pendingRun(puppetsPuppet);
    for (const maker of [puppet, uploader, root])
      expect(
        await call(maker, 'POST', `/${made.id}/reject`, {
          comment: 'No',
          previewComputedAt: made.preview.computedAt,
        }),
      ).toMatchObject(linkedRefusal('BROUGHT_IN_UPLOADER', puppetsPuppet));
    expect((await getBenefitRun(made.id))?.state).toBe('PENDING_APPROVAL');
    for (const pending of [run, made]) await call(stranger, 'POST', `/${pending.id}/cancel`, {});
  });

  it('is taken from an administrator of another line, and the run pays', async () => {
    const run = await pendingRun(uploader);
    const approved = await call(sibling, 'POST', `/${run.id}/approve`, {
      comment: 'Matches the index',
      previewComputedAt: run.preview.computedAt,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(202);
    await deliverBenefitSteps(steps);
    expect((await call(uploader, 'GET', `/${run.id}`)).body.run).toMatchObject({
      state: 'PAID',
      review: { decision: 'APPROVED', by: sibling.email },
      payment: { paid: { plots: 1 } },
    });
  });

  it('stays refused once the account in between is deleted; an address created again brings its new lineage', async () => {
    const run = await pendingRun(uploader);
    expect((await callApi(users, 'DELETE', userPath(puppet.email), { token: root.token })).status).toBe(204);
    expect(
      await call(puppetsPuppet, 'POST', `/${run.id}/approve`, {
        comment: 'Go',
        previewComputedAt: run.preview.computedAt,
      }),
    ).toMatchObject(linkedRefusal('BROUGHT_IN_BY_UPLOADER', uploader));
    // The puppet's address, now an account the stranger made: independent of the uploader.
    const reborn = await bringIn(stranger, 'ADMIN', puppet.email);
    const listed = (await callApi(users, 'GET', '/admin/users', { token: root.token })).body;
    expect(listed.find((user: { email: string }) => user.email === puppet.email)).toMatchObject({
      createdBy: stranger.email,
      promotedBy: null,
    });
    expect(
      (
        await call(reborn, 'POST', `/${run.id}/approve`, {
          comment: 'Checked',
          previewComputedAt: run.preview.computedAt,
        })
      ).status,
    ).toBe(202);
    await deliverBenefitSteps(steps);
  });

  it('is refused to an agent the uploader created and another administrator promoted', async () => {
    const agent = await bringIn(uploader, 'USER');
    const promoted = await callApi(users, 'POST', userPath(agent.email), {
      token: stranger.token,
      body: { role: 'ADMIN' },
    });
    expect(promoted.body).toMatchObject({
      role: 'ADMIN',
      createdBy: uploader.email,
      promotedBy: stranger.email,
    });
    const run = await pendingRun(uploader);
    expect(
      await call(await signedIn(agent.email), 'POST', `/${run.id}/approve`, {
        comment: 'Go',
        previewComputedAt: run.preview.computedAt,
      }),
    ).toMatchObject(linkedRefusal('BROUGHT_IN_BY_UPLOADER', uploader));
    await call(uploader, 'POST', `/${run.id}/cancel`, {});
  });
});

describe('a new administrator', () => {
  const about = (email: string, subject: string) =>
    mails.filter((mail) => mail.subject === subject && mail.text.includes(email));

  it('is mailed to every other active administrator, in their language: who made it, which account, when', async () => {
    const email = uniqueEmail('new-admin');
    await bringIn(uploader, 'ADMIN', email);
    const toRoot = about(email, 'Un nouveau compte administrateur a été créé').find((mail) =>
      mail.to.includes(root.email),
    );
    expect(toRoot?.text).toContain(`<${uploader.email}> a créé le compte administrateur Account `);
    expect(toRoot?.text).toMatch(/ le \d{1,2} \S+ \d{4} à \d\d:\d\d UTC\./);
    const inEnglish = about(email, 'A new administrator account was created');
    expect(inEnglish.map((mail) => mail.to[0])).toEqual(
      expect.arrayContaining([stranger.email, sibling.email, uploader.email]),
    );
    expect(inEnglish[0]?.text).toContain(`<${uploader.email}> created the administrator account Account `);
    expect(inEnglish[0]?.text).toContain(`<${email}> on `);
    expect(inEnglish[0]?.text).toMatch(/ on \d{1,2} \S+ \d{4} at \d\d:\d\d UTC\./);
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual(['Your crop-protection back-office account']);
  });

  it('is mailed when an account is promoted too, and an agent created is not', async () => {
    const email = uniqueEmail('agent');
    await bringIn(sibling, 'USER', email);
    expect(about(email, 'A new administrator account was created')).toEqual([]);
    expect(
      (await callApi(users, 'POST', userPath(email), { token: stranger.token, body: { role: 'ADMIN' } }))
        .status,
    ).toBe(200);
    const promotedMails = about(email, 'An account was made an administrator');
    expect(promotedMails.map((mail) => mail.to[0])).toEqual(
      expect.arrayContaining([stranger.email, sibling.email, uploader.email]),
    );
    expect(promotedMails.map((mail) => mail.to[0])).not.toContain(email);
    expect(promotedMails[0]?.text).toContain(`<${stranger.email}> made the account `);
    expect(about(email, 'Un compte est devenu administrateur').map((mail) => mail.to[0])).toContain(
      root.email,
    );
  });
});
