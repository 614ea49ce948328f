import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { defaultLogins } from '../infra/local/seed/index.ts';
import { MAX_REPORT_PAGE_SIZE } from '../schemas/operations.ts';
import { AdminRecordsPage } from './pages/admin-records-page.ts';
import { LoginPage } from './pages/login-page.ts';
import type { Language } from './pages/translated-page.ts';
import { MemberPage } from './pages/member-page.ts';
import { callApi, signIn } from './support/api.ts';
import { describe, expect, test } from './support/test.ts';

const signInAsAdmin = async (page: Page, language: Language = 'en') => {
  const login = await new LoginPage(page, language).shown();
  await login.signIn(defaultLogins.adminEmail, defaultLogins.adminPassword);
  await page.getByRole('heading', { name: /^(Welcome|Bienvenue) / }).waitFor();
};

/** Digits of a formatted amount ('₹1,500.00' → 150000): the demo's currency has two decimals or none. */
const digits = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** A date typed in the forms: dd/MM/yyyy, days before today. */
const daysAgo = (days: number) => {
  const day = new Date(Date.now() - days * 86_400_000);
  return `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
};

/** The sum of every layout shift of the page's document so far (each counted once, unlike CLS's windows). */
const layoutShifts = (page: Page): Promise<number> =>
  // A string: the suite's types have no DOM, nor the browser's layout-shift entries.
  page.evaluate(`new Promise((resolve) => {
    let sum = 0;
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) sum += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    // The buffered entries come in the observer's first callback, after this task.
    setTimeout(() => resolve(sum), 200);
  })`);

const adminTables = [
  '/AdminMembers',
  '/AdminFields',
  '/AdminContributions',
  '/AdminPayouts',
  '/AdminCashouts',
];

describe('admin tables', () => {
  test.for(['en-US', 'fr-FR'])(
    'on a phone (%s), each admin table draws its first page, count and total without moving what was drawn',
    async (locale, { openApp }) => {
      const page = await openApp({ locale, phone: true });
      await signInAsAdmin(page, locale === 'en-US' ? 'en' : 'fr');
      for (const path of adminTables) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: /\(\d+\)/ }).waitFor();
        await page.locator('table tbody tr').first().waitFor();
        // Late fonts and images would shift now, if at all.
        await page.waitForTimeout(1000);
        expect(await layoutShifts(page), path).toBeLessThanOrEqual(0.1);
      }
    },
  );

  test('an admin pays a benefit, sees it on the member page, records a cashout, edits and deletes the benefit', async ({
    openApp,
  }) => {
    const page = await openApp({ locale: 'en-US' });
    await signInAsAdmin(page);
    const admin = new AdminRecordsPage(page);
    const member = new MemberPage(page, 'en');
    const name = `Awa Diop ${randomUUID().slice(0, 6)}`;

    // A member and a plot, through the admin forms.
    await page.goto('/NewMember');
    await admin.fill({
      name,
      village: 'Fissel',
      number: `ADM-${randomUUID().slice(0, 8)}`,
      onboardingDate: daysAgo(60),
    });
    await admin.save('Create', 'Members');
    await page.goto('/NewField');
    await admin.pickMember(name);
    // Placed where it is (a plot left at the form's starting position would be asked about first).
    await admin.fill({
      name: 'Sorghum field',
      latitude: '14.15',
      longitude: '-16.07',
      startCoverageDate: daysAgo(30),
    });
    await admin.save('Create', 'Plots');

    const memberId = await (async () => {
      await admin.openTable('/AdminFields', name);
      const link = admin.rows.first().getByRole('link', { name: new RegExp(name) });
      return decodeURIComponent((await link.getAttribute('href'))?.split('/').pop() ?? '');
    })();
    const pending = async () => {
      await member.goto(memberId);
      return digits(await member.statusCard('pendingBenefits'));
    };
    expect(await pending()).toBe(0);

    // A benefit of 1,000.
    await page.goto('/NewPayout');
    await admin.pickMember(name);
    await admin.pickPlot('Sorghum field');
    await admin.fill({
      amount: '1000',
      assessmentId: `E2E-${randomUUID().slice(0, 6)}`,
      assessmentDate: daysAgo(5),
      payoutDate: daysAgo(2),
    });
    await admin.save('Create', 'Benefits');
    // 1,000 is written with its cents or without: the first figure gives the scale of the next ones.
    const afterPayout = await pending();
    const scale = afterPayout / 1000;
    expect([1, 100]).toContain(scale);
    const pendingAmount = async () => (await pending()) / scale;
    await member.openTab('benefits');
    expect((await member.tableTexts(0)).map((row) => row.join(' '))).toEqual([
      expect.stringContaining('Sorghum field'),
    ]);

    // A cashout of 400: 600 pending.
    await page.goto('/NewCashout');
    await admin.pickMember(name);
    await admin.fill({ amount: '400' });
    await admin.save('Create', 'Paid benefits');
    expect(await pendingAmount()).toBe(600);

    // The benefits table counts what its filter matches and totals it; any column sorts.
    await admin.openTable('/AdminPayouts', name);
    expect(await admin.heading.innerText()).toContain('(1)');
    expect(digits(await admin.total.innerText()) / scale).toBe(1000);
    await admin.sortBy('Amount');
    expect(await admin.rows.filter({ hasText: name }).count()).toBe(1);

    // The benefit edited to 1,500: 1,100 pending.
    await admin.rowAction('Edit');
    await admin.field('amount').fill('1500');
    await admin.save('Save', 'Benefits');
    expect(await pendingAmount()).toBe(1100);

    // Deleting the benefit would leave the paid 400 above a benefit of 0: refused, nothing changes.
    await admin.openTable('/AdminPayouts', name);
    await admin.rowAction('Delete');
    await admin.dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const error = page.getByRole('dialog', { name: 'An error occured' });
    await error.waitFor();
    expect(await error.innerText()).toMatch(/paid benefit/i);
    await error.getByRole('button', { name: 'OK', exact: true }).click();
    expect(await admin.rows.filter({ hasText: name }).count()).toBe(1);
    expect(await pendingAmount()).toBe(1100);

    // Without the cashout, the benefit goes: nothing pending.
    await admin.openTable('/AdminCashouts', name);
    await admin.rowAction('Delete');
    await admin.dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText(/The paid benefit was deleted/).waitFor();
    expect(await pendingAmount()).toBe(1500);
    await admin.openTable('/AdminPayouts', name);
    await admin.rowAction('Delete');
    await admin.dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText(/The benefit was deleted/).waitFor();
    expect(await pendingAmount()).toBe(0);
  });

  test("Reports' All shows every report, read by pages of the reports' largest size", async ({ openApp }) => {
    const admin = await signIn(defaultLogins.adminEmail, defaultLogins.adminPassword);
    const agent = await signIn(defaultLogins.userEmail, defaultLogins.userPassword);
    // More than one page of the largest size, whatever the run sent before.
    const before: number = (await callApi('/admin/reports?page=1&pageSize=5', { token: admin })).body.count;
    const count = Math.max(before, MAX_REPORT_PAGE_SIZE + 5);
    for (let index = before; index < count; index += 1) {
      const report = {
        deviceManufacturer: 'Samsung',
        deviceModel: 'Galaxy A14',
        version: '2.3.1',
        appIdentifier: 'org.example.cropprotection',
        data: { index, blob: 'x'.repeat(60_000) },
      };
      expect((await callApi('/reports', { method: 'POST', token: agent, body: report })).status).toBe(201);
    }

    const page = await openApp({ locale: 'en-US' });
    const queries: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/admin/reports') queries.push(url.search);
    });
    await signInAsAdmin(page);
    await page.goto('/AdminReports');
    await page.getByRole('heading', { level: 1, name: new RegExp(`^Reports\\s*\\(${count}\\)`) }).waitFor();
    await page.getByRole('button', { name: 'Preferences' }).click();
    // 5, 10, 25, 50 and All.
    expect(await page.getByRole('dialog').getByRole('radio').count()).toBe(5);
    await page.getByRole('radio', { name: 'All' }).check();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 30_000 }).toBe(count);
    const pages = Math.ceil(count / MAX_REPORT_PAGE_SIZE);
    expect(queries.slice(-pages)).toEqual(
      Array.from({ length: pages }, (_, index) => `?page=${index + 1}&pageSize=${MAX_REPORT_PAGE_SIZE}`),
    );
  });
});
