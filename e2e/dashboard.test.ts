import { randomUUID } from 'node:crypto';
import { defaultLogins } from '../infra/local/seed/index.ts';
import { DashboardPage } from './pages/dashboard-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { MemberPage } from './pages/member-page.ts';
import { callApi, signIn } from './support/api.ts';
import { signInAsDemoAgent } from './support/demo-sign-in.ts';
import { describe, expect, test } from './support/test.ts';

// Amounts are written with no-break spaces: compared as plain spaces.
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The sum of a dashboard series, to the cent. */
const seriesTotal = (series: { amount: number }[]) =>
  series.reduce((total, { amount }) => total + Math.round(amount * 100), 0) / 100;

// The aggregates follow the table's stream (the local poller reads it every 200 ms when idle), and the
// screen reads its figures again every 10 s: "within seconds" is this bound, from the confirmation.
const SHOWN_WITHIN_MS = 12_000;

describe('dashboard', () => {
  test('a contribution recorded on the member page shows in the dashboard figures within seconds', async ({
    openApp,
  }) => {
    const token = await signIn(defaultLogins.userEmail, defaultLogins.userPassword);
    const { body: enabler } = await callApi('/me/enabler', { token });
    const currency = enabler.config.currency as string;
    const amountText = (amount: number) =>
      plain(new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount));

    // A member of a federation of its own, so that the federation's figures are this test's alone.
    const federation = `E2E federation ${randomUUID().slice(0, 8)}`;
    const onboarded = await callApi('/members', {
      method: 'POST',
      token,
      body: {
        name: `Fatou Diop ${randomUUID().slice(0, 6)}`,
        village: 'Fimela',
        number: `E2E-${randomUUID()}`,
        federation,
      },
    });
    expect(onboarded.status).toBe(201);
    const memberId = onboarded.body.id as string;
    const plot = await callApi(`/members/${memberId}/plots`, {
      method: 'POST',
      token,
      body: { name: 'Sorghum field', latitude: 14.1, longitude: -16.6, droughtMonthlyContrib: 1500 },
    });
    expect(plot.status).toBe(201);

    const page = await openApp({ locale: 'en-US' });
    await signInAsDemoAgent(page);
    const dashboard = await new DashboardPage(page, 'en').goto();
    // The demo agent's dashboard starts on its default federation (Kaolack) each time it opens: this
    // test reads them all.
    await dashboard.chooseFederation('All federations');
    await expect.poll(() => dashboard.charts.count()).toBe(4);

    // Every federation's total before, as the API answers it (no other test writes meanwhile: one file at a time).
    const before = await callApi('/dashboard/totalContributionsByDate?timeScale=monthly', { token });
    expect(before.status).toBe(200);
    const totalBefore = seriesTotal(before.body);
    await expect.poll(() => dashboard.figure('contributions')).toBe(amountText(totalBefore));

    const member = await new MemberPage(page, 'en').goto(memberId);
    await member.contribution.submit('1500');
    const recordedAt = Date.now();

    await dashboard.openFromMenu();
    await dashboard.chooseFederation('All federations');
    await expect
      .poll(() => dashboard.figure('contributions'), { timeout: SHOWN_WITHIN_MS, interval: 100 })
      .toBe(amountText(totalBefore + 1500));
    const shownAfterMs = Date.now() - recordedAt;
    expect(shownAfterMs).toBeLessThan(SHOWN_WITHIN_MS);

    // The member's federation alone: its plot started its cover today, and it has paid 1 500.
    await dashboard.chooseFederation(federation);
    await expect
      .poll(() => dashboard.figure('contributions'), { timeout: SHOWN_WITHIN_MS })
      .toBe(amountText(1500));
    await expect.poll(() => dashboard.figure('newCovers')).toBe('1');
    await expect.poll(() => dashboard.figure('activeCovers')).toBe('1');
    expect(await dashboard.figure('pendingBenefit')).toBe(amountText(0));
    const months = await dashboard.chartTable('Contributions per month');
    expect(months[0]).toEqual(['Month', 'Contributions']);
    expect(months).toHaveLength(13);
    const now = new Date();
    const thisMonth = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${now.getUTCFullYear()}`;
    expect(months.at(-1)).toEqual([thisMonth, amountText(1500)]);
    expect(months.slice(1, -1).every(([, amount]) => amount === amountText(0))).toBe(true);

    console.info(`dashboard: the contribution showed ${shownAfterMs} ms after its confirmation`);
  });
  test('an administrator recomputes the figures: the job shows until it is done, then the same figures', async ({
    openApp,
  }) => {
    const token = await signIn(defaultLogins.adminEmail, defaultLogins.adminPassword);
    const before = await callApi('/dashboard/totalContributionsByDate?timeScale=monthly', { token });
    expect(before.status).toBe(200);

    const page = await openApp({ locale: 'en-US' });
    const login = await new LoginPage(page, 'en').shown();
    await login.emailField.fill(defaultLogins.adminEmail);
    await login.passwordField.fill(defaultLogins.adminPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const dashboard = new DashboardPage(page, 'en');
    await dashboard.menuLink.waitFor({ state: 'visible' });
    await dashboard.openFromMenu();
    await expect.poll(() => dashboard.charts.count()).toBe(4);
    await expect.poll(() => dashboard.figure('contributions')).not.toBe('');
    const figureBefore = await dashboard.figure('contributions');

    await page.getByRole('button', { name: 'Recompute', exact: true }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Recompute', exact: true }).click();
    const done = page.getByText(/^The dashboard was recomputed from [\d,]+ records?\.$/);
    await done.waitFor({ state: 'visible', timeout: 30_000 });
    // The figures were read again, and a repair of sound aggregates changes none of them.
    expect(await dashboard.figure('contributions')).toBe(figureBefore);
    const after = await callApi('/dashboard/totalContributionsByDate?timeScale=monthly', { token });
    expect(after.body).toEqual(before.body);
  });
});
