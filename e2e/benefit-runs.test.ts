import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { addMonths, monthsBetween } from '../schemas/coverage-dates.ts';
import { defaultLogins } from '../infra/local/seed/index.ts';
import { BenefitRunsPage } from './pages/benefit-runs-page.ts';
import { DashboardPage } from './pages/dashboard-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { MemberPage } from './pages/member-page.ts';
import { PlotPage } from './pages/plot-page.ts';
import { registeredAccount } from './support/accounts.ts';
import { coveredMember as givenMember, MONTHLY } from './support/members.ts';
import { callApi, signIn } from './support/api.ts';
import { describe, expect, test } from './support/test.ts';

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

// Amounts are written with no-break spaces: compared as plain spaces.
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

const signInThroughForm = async (page: Page, email: string, password: string) => {
  const login = await new LoginPage(page, 'en').shown();
  await login.emailField.fill(email);
  await login.passwordField.fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: /^Welcome / }).waitFor();
};

/**
 * The benefit rule, computed here on its own (not with the product's code): the Maximum is the monthly
 * contribution ÷ maxCompensationFactor in whole F CFA; a benefit is the Maximum × the month's factor ×
 * the index × the paid share (paid ÷ the monthly contribution for each month begun, at most 1), in
 * whole F CFA, at most the Maximum.
 */
const ruleOf = (
  config: { benefitFactorsByMonth: number[]; maxCompensationFactor: number },
  start: string,
  assessmentDate: string,
  monthly = MONTHLY,
) => {
  const month = monthsBetween(start, assessmentDate);
  const maximum = Math.round(monthly / config.maxCompensationFactor);
  const factor = config.benefitFactorsByMonth[month] ?? 0;
  const due = monthly * (month + 1);
  return {
    maximum,
    factor,
    benefitOf: (paid: number, damageIndex: number) =>
      Math.min(maximum, Math.round(maximum * factor * damageIndex * Math.min(1, paid / due))),
  };
};

describe('benefit runs', () => {
  test('one administrator uploads a village assessment, another approves it, the members and the dashboard move by what the preview showed, and a second upload pays nobody', async ({
    openApp,
  }) => {
    const adminToken = await signIn(defaultLogins.adminEmail, defaultLogins.adminPassword);
    // Two administrators the demo's brought in: neither brought the other in, so one may review the other's run.
    const uploader = await registeredAccount('First Admin', 'ADMIN');
    const reviewer = await registeredAccount('Second Admin', 'ADMIN');
    const { body: enabler } = await callApi('/me/enabler', { token: adminToken });
    const { currency, benefitFactorsByMonth, damageThreshold, maxCompensationFactor } = enabler.config as {
      currency: string;
      benefitFactorsByMonth: number[];
      damageThreshold: number | null;
      maxCompensationFactor: number;
    };
    const amountText = (amount: number) =>
      plain(new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount));

    // A village and a federation of the test's own, so that its figures are the test's alone. The plots
    // started their cover 75 days before the assessment: always in their third month (month 2).
    const suffix = randomUUID().slice(0, 8);
    const village = `E2E village ${suffix}`;
    const federation = `E2E federation ${suffix}`;
    const assessmentDate = isoDay(Date.now());
    const start = isoDay(Date.now() - 75 * DAY_MS);
    const contributionDay = isoDay(Date.now() - 60 * DAY_MS);
    // Two members who share a phone: a possible duplicate beneficiary.
    const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
    const phone = `+221 77 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
    const mariama = await givenMember(
      adminToken,
      { name: 'Mariama Sarr', village, federation, phone },
      { startCoverageDate: start, contributions: [{ day: contributionDay, amount: 2000 }] },
    );
    const ousmane = await givenMember(
      adminToken,
      { name: 'Ousmane Faye', village, federation, phone },
      { startCoverageDate: start, contributions: [{ day: contributionDay, amount: 1000 }] },
    );

    // What the rule pays them for an index of 0.5, from the enabler's config.
    const damageIndex = 0.5;
    const rule = ruleOf({ benefitFactorsByMonth, maxCompensationFactor }, start, assessmentDate);
    expect(rule.factor * damageIndex, 'the demo config pays in month 3').toBeGreaterThan(0);
    expect(damageIndex).toBeGreaterThanOrEqual(damageThreshold ?? 0);
    const benefitOf = (contributions: number) => rule.benefitOf(contributions, damageIndex);
    const expected = new Map([
      [mariama.shown, benefitOf(2000)],
      [ousmane.shown, benefitOf(1000)],
    ]);
    const total = benefitOf(2000) + benefitOf(1000);

    // The village, and one of its plots named on its own row too: the area's second naming is refused.
    const assessmentId = `E2E-DRY-${suffix}`;
    const assessment = [
      'assessmentId,assessmentDate,plotId,village,damageIndex',
      `${assessmentId},${assessmentDate},,${village},${damageIndex}`,
      `${assessmentId},${assessmentDate},${mariama.plotId},,${damageIndex}`,
    ].join('\n');

    // Every federation's pending benefit before, as the dashboard sums it (one test file at a time).
    const pendingByFederation = await callApi('/dashboard/totalPendingBenefitsByFederation', {
      token: adminToken,
    });
    expect(pendingByFederation.status).toBe(200);
    const pendingBefore =
      (pendingByFederation.body as { amount: number }[]).reduce(
        (sum, { amount }) => sum + Math.round(amount * 100),
        0,
      ) / 100;
    const uploaderPage = await openApp({ locale: 'en-US' });
    await signInThroughForm(uploaderPage, uploader.email, uploader.password);

    // One administrator uploads the assessment.
    const runs = new BenefitRunsPage(uploaderPage);
    await runs.openFromMenu();
    const runId = await runs.upload('drought.csv', assessment);
    await runs.waitForState('Waiting for approval');

    // The preview: the village's two plots, their total, the plot named twice refused, the shared phone flagged.
    expect(await runs.figureText('Plots to pay')).toBe('2');
    expect(await runs.figureText('Members')).toBe('2');
    expect(await runs.figureText('Total')).toBe(amountText(total));
    const rows = await runs.tableTexts('Rows');
    expect(rows).toHaveLength(3);
    const previewed = new Map(
      rows.filter((row) => row[9] === 'Accepted').map((row) => [row[2] ?? '', row[10] ?? '']),
    );
    expect(previewed).toEqual(new Map([...expected].map(([name, amount]) => [name, amountText(amount)])));
    await runs.openTab('Refused rows');
    const refused = await runs.tableTexts('Refused rows');
    expect(refused.map((row) => [row[2], row[7]])).toEqual([[mariama.shown, 'Plot named twice']]);
    await runs.openTab('Possible duplicates');
    const duplicates = await runs.tableTexts('Possible duplicate beneficiaries');
    expect(duplicates.map((row) => [row[1], row[3]]).sort()).toEqual([
      ['Same phone', mariama.shown],
      ['Same phone', ousmane.shown],
    ]);
    // What they share: the phone, as compared (its digits).
    expect(phone.replace(/\D/g, '')).toContain(duplicates[0]?.[2]);
    // The uploader cannot approve their own run.
    expect(await runs.reviewButton('approve').isDisabled()).toBe(true);

    // Nor can the administrator who brought the uploader in: four eyes need two people.
    const makerPage = await openApp({ locale: 'en-US' });
    await signInThroughForm(makerPage, defaultLogins.adminEmail, defaultLogins.adminPassword);
    const maker = await new BenefitRunsPage(makerPage).openRun(runId);
    await makerPage.getByText('Another administrator must review this run', { exact: true }).waitFor();
    await makerPage
      .getByText(`your account and that of ${uploader.email}, who uploaded it, were created or made`, {
        exact: false,
      })
      .waitFor();
    expect(await maker.reviewButton('approve').isDisabled()).toBe(true);
    expect(await maker.reviewButton('reject').isDisabled()).toBe(true);

    // A second administrator approves it; the job pays it.
    const reviewerPage = await openApp({ locale: 'en-US' });
    await signInThroughForm(reviewerPage, reviewer.email, reviewer.password);
    const review = await new BenefitRunsPage(reviewerPage).openRun(runId);
    await review.review('approve', 'Matches the index report');
    await review.waitForState('Paid');
    expect(await review.figureText('Amount paid')).toBe(amountText(total));

    // The members' pending benefits moved by exactly what the preview showed.
    const member = new MemberPage(reviewerPage, 'en');
    for (const { memberId, shown } of [mariama, ousmane]) {
      await member.goto(memberId);
      expect(await member.statusCard('pendingBenefits')).toBe(previewed.get(shown));
    }

    // So did the dashboard: the federation's pending benefit and benefits computed, and every federation's.
    const figures = new DashboardPage(reviewerPage, 'en');
    await figures.openFromMenu();
    await expect
      .poll(() => figures.figure('pendingBenefit'), { timeout: 30_000 })
      .toBe(amountText(pendingBefore + total));
    await figures.chooseFederation(federation);
    await expect.poll(() => figures.figure('pendingBenefit'), { timeout: 30_000 }).toBe(amountText(total));
    await expect.poll(() => figures.figure('benefitsComputed')).toBe(amountText(total));

    // A second upload of the same assessment pays nobody: its plots were paid.
    await runs.openFromMenu();
    const againId = await runs.upload('drought-again.csv', assessment);
    await runs.waitForState('Waiting for approval');
    expect(await runs.figureText('Plots to pay')).toBe('0');
    expect(await runs.figureText('Total')).toBe(amountText(0));
    await runs.openTab('Refused rows');
    expect((await runs.tableTexts('Refused rows')).map((row) => row[7]).sort()).toEqual([
      'Already paid for this assessment',
      'Already paid for this assessment',
      'Plot named twice',
    ]);
    await review.openRun(againId);
    await review.review('approve', 'Nothing left to pay');
    await review.waitForState('Paid');
    expect(await review.figureText('Amount paid')).toBe(amountText(0));
    for (const { memberId, shown } of [mariama, ousmane]) {
      await member.goto(memberId);
      expect(await member.statusCard('pendingBenefits')).toBe(previewed.get(shown));
    }
  }, 300_000);

  test('pays a plot up to date exactly the Maximum its plot page shows at index 1 in a month of factor 1, and half its contributions half, in French and in English', async ({
    openApp,
  }) => {
    const adminToken = await signIn(defaultLogins.adminEmail, defaultLogins.adminPassword);
    const uploader = await registeredAccount('Promise Uploader', 'ADMIN');
    const reviewer = await registeredAccount('Promise Reviewer', 'ADMIN');
    const { body: enabler } = await callApi('/me/enabler', { token: adminToken });
    const config = enabler.config as { benefitFactorsByMonth: number[]; maxCompensationFactor: number };
    // Covered from four months ago today: the assessment falls in month 5, whose demo factor is 1.
    const today = isoDay(Date.now());
    const start = addMonths(today, -4);
    const rule = ruleOf(config, start, today);
    expect(rule.factor, 'month 5 of the demo config').toBe(1);
    const suffix = randomUUID().slice(0, 8);
    const village = `E2E promise ${suffix}`;
    const fields = (name: string, phone: string) => ({ name, village, federation: `E2E ${suffix}`, phone });
    const contributions = (total: number) => [{ day: addMonths(start, 1), amount: total }];
    // Five months begun: 5 000 due. One paid them all, the other half.
    const upToDate = await givenMember(adminToken, fields('Aminata Kane', '+221 70 000 11 01'), {
      startCoverageDate: start,
      contributions: contributions(5 * MONTHLY),
    });
    const half = await givenMember(adminToken, fields('Babacar Kane', '+221 70 000 11 02'), {
      startCoverageDate: start,
      contributions: contributions(2.5 * MONTHLY),
    });

    // The plot page's promise, in French: its Maximum, and what a total loss pays today.
    const french = await openApp({ locale: 'fr-FR' });
    await new LoginPage(french, 'fr').shown();
    await new LoginPage(french, 'fr').signIn(uploader.email, uploader.password);
    await french.getByRole('heading', { name: /^Bienvenue / }).waitFor();
    const frPlot = await new PlotPage(french, 'fr').open(upToDate.memberId, upToDate.plotId);
    const frenchAmount = (amount: number) =>
      plain(new Intl.NumberFormat('fr', { style: 'currency', currency: 'XOF' }).format(amount));
    await expect.poll(async () => plain(await frPlot.maximum.innerText())).toBe(frenchAmount(rule.maximum));
    expect(plain(await frPlot.totalLoss.innerText())).toBe(frenchAmount(rule.maximum));
    await frPlot.open(half.memberId, half.plotId);
    await expect
      .poll(async () => plain(await frPlot.totalLoss.innerText()))
      .toBe(frenchAmount(rule.maximum / 2));

    // A run of their village at index 1, uploaded by one administrator and approved by another.
    const english = await openApp({ locale: 'en-US' });
    await signInThroughForm(english, reviewer.email, reviewer.password);
    const enPlot = await new PlotPage(english, 'en').open(half.memberId, half.plotId);
    const amountText = (amount: number) =>
      plain(new Intl.NumberFormat('en', { style: 'currency', currency: 'XOF' }).format(amount));
    await expect.poll(async () => plain(await enPlot.maximum.innerText())).toBe(amountText(rule.maximum));
    expect(plain(await enPlot.totalLoss.innerText())).toBe(amountText(rule.maximum / 2));
    const uploaderPage = await openApp({ locale: 'en-US' });
    await signInThroughForm(uploaderPage, uploader.email, uploader.password);
    const runs = new BenefitRunsPage(uploaderPage);
    await runs.openFromMenu();
    const runId = await runs.upload(
      'promise.csv',
      ['assessmentId,assessmentDate,village,damageIndex', `E2E-PROMISE-${suffix},${today},${village},1`].join(
        '\n',
      ),
    );
    await runs.waitForState('Waiting for approval');
    expect(await runs.figureText('Total')).toBe(amountText(rule.maximum * 1.5));
    const review = await new BenefitRunsPage(english).openRun(runId);
    await review.review('approve', 'The promise kept');
    await review.waitForState('Paid');

    // Paid exactly the Maximum, and half of it: the members' pending benefits, in both languages.
    const frMember = new MemberPage(french, 'fr');
    await frMember.goto(upToDate.memberId);
    await expect.poll(() => frMember.statusCard('pendingBenefits')).toBe(frenchAmount(rule.maximum));
    const enMember = new MemberPage(english, 'en');
    await enMember.goto(half.memberId);
    await expect.poll(() => enMember.statusCard('pendingBenefits')).toBe(amountText(rule.maximum / 2));
  }, 300_000);
});
