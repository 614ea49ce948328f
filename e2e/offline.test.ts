import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { LoginPage } from './pages/login-page.ts';
import { MemberPage } from './pages/member-page.ts';
import { MembersPage } from './pages/members-page.ts';
import { NewPlotPage } from './pages/new-plot-page.ts';
import { OnboardingPage } from './pages/onboarding-page.ts';
import { WaitingPage } from './pages/waiting-page.ts';
import { registeredAccount } from './support/accounts.ts';
import { callApi, signIn } from './support/api.ts';
import { loseNextAnswer, memberWithPlot } from './support/members.ts';
import { describe, expect, test } from './support/test.ts';

type Account = Awaited<ReturnType<typeof registeredAccount>>;

const signInThroughForm = async (page: Page, { email, password, username }: Account) => {
  const login = await new LoginPage(page, 'en').shown();
  await login.signIn(email, password);
  await page.getByText(username, { exact: false }).first().waitFor({ state: 'visible' });
};

/**
 * Resolves once the service worker, its precache installed, controls the page (browser code, as text: no
 * DOM types here).
 */
const serviceWorkerReady = (page: Page) =>
  expect
    .poll(() => page.evaluate('Boolean(navigator.serviceWorker.controller)'), { timeout: 20_000 })
    .toBe(true);

/** The reads the device kept for offline use (IndexedDB), as stored. */
const keptReads = (page: Page): Promise<string> =>
  page.evaluate(`new Promise((resolve) => {
    const opening = indexedDB.open('cpbo-offline');
    opening.onerror = () => resolve('');
    opening.onsuccess = () => {
      const reading = opening.result.transaction('records').objectStore('records').get('query-cache');
      reading.onsuccess = () => resolve(JSON.stringify(reading.result ?? ''));
      reading.onerror = () => resolve('');
    };
  })`);

/** A member with a pending benefit to pay from, as the API lists it. */
const memberWithBenefit = async (token: string) => {
  const richest = await callApi('/members?page=1&pageSize=10&sort:pendingBenefits=desc', { token });
  const member = richest.body.members[0] as { id: string; name: string; pendingBenefits: number };
  expect(member.pendingBenefits).toBeGreaterThan(10);
  return member;
};

// Amounts are written with no-break spaces and the currency: compared by their digits.
const digits = (text: string) => text.replace(/[^\d]/g, '');

describe('offline field work', () => {
  test('the app is installable: its manifest and icons are served, and its worker is always revalidated', async () => {
    const appUrl = inject('appUrl');
    const manifest = await fetch(`${appUrl}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    const {
      icons,
      start_url: startUrl,
      display,
    } = (await manifest.json()) as {
      icons: { src: string; sizes: string }[];
      start_url: string;
      display: string;
    };
    expect([startUrl, display]).toEqual(['/', 'standalone']);
    expect(icons.map(({ sizes }) => sizes)).toEqual(['192x192', '512x512']);
    for (const { src } of icons) {
      expect((await fetch(`${appUrl}${src}`)).headers.get('content-type'), src).toBe('image/png');
    }
    const worker = await fetch(`${appUrl}/sw.js`);
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // A new build's worker is seen at the next visit, whatever the caches between.
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const page = await fetch(`${appUrl}/Members`);
    expect(await page.text()).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  test('an agent works offline; back online every write arrives once, a cashout above the balance comes back refused', async ({
    openApp,
  }) => {
    const agent = await registeredAccount('Offline agent');
    const token = await signIn(agent.email, agent.password);
    const beneficiary = await memberWithBenefit(token);
    const balance = beneficiary.pendingBenefits;

    // 1. Signed in, the member list and the beneficiary's page read, then the network goes.
    const page = await openApp();
    await signInThroughForm(page, agent);
    const list = await new MembersPage(page, 'en').goto();
    await serviceWorkerReady(page);
    await new MemberPage(page, 'en').goto(beneficiary.id);
    await expect
      .poll(() => keptReads(page), { timeout: 15_000 })
      .toContain(JSON.stringify(['members', 'detail', beneficiary.id]));
    await list.goto();
    await page.context().setOffline(true);

    // 2. A reload without network opens the app, with what was read and the banner.
    await page.reload();
    await list.shown();
    const waiting = new WaitingPage(page, 'en');
    await waiting.offlineNotice.waitFor({ state: 'visible' });

    // 3. A new member, its plot and contribution, and two payments, kept on the device.
    const name = `Fatou Ndiaye ${randomUUID().slice(0, 6)}`;
    const number = `OFF-${randomUUID().slice(0, 8)}`;
    await list.addMemberButton.click();
    const localMemberId = await new OnboardingPage(page, 'en').onboard({ name, village: 'Sob', number });
    expect(localMemberId).toMatch(/^local-/);
    const member = await new MemberPage(page, 'en').shown();
    await member.addPlotButton.click();
    const newPlot = await new NewPlotPage(page, 'en').shown();
    await newPlot.nameField.fill('Sorghum field');
    await newPlot.droughtMonthlyContribField.fill('1500');
    await newPlot.saveButton.click();
    await newPlot.confirmDefaultPosition();
    await page.waitForURL(`**/Member/${localMemberId}`);
    await member.shown();
    await member.contribution.request('1500');
    await member.contribution.confirmation.getByRole('button', { name: 'Collect', exact: true }).click();
    await page.getByText(/^The contribution of .* is kept on this device/).waitFor({ state: 'visible' });

    const paid = await new MemberPage(page, 'en').goto(beneficiary.id);
    await paid.cashout.request('1');
    await paid.cashout.confirmation.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText(/^The payment of .* is kept on this device/).waitFor({ state: 'visible' });
    // The balance the device shows counts the payment waiting: what is left is paid too.
    const rest = Math.floor(balance - 1);
    await paid.cashout.request(String(rest));
    await paid.cashout.confirmation.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect.poll(() => waiting.waitingCount()).toBe(5);
    await waiting.open();
    const kinds = (await waiting.rowTexts()).map((row) => row[0]);
    expect(kinds).toEqual(['New member', 'New plot', 'Contribution', 'Benefit payment', 'Benefit payment']);

    // Meanwhile another agent pays 1 from the same benefit: the last payment no longer fits.
    const elsewhere = await callApi(`/members/${beneficiary.id}/cashouts`, {
      method: 'POST',
      token,
      body: { amount: 1 },
    });
    expect(elsewhere.status).toBe(201);

    // 4. Back online: the queue goes in order; the member is numbered and its plot and contribution follow.
    await page.context().setOffline(false);
    await expect.poll(() => waiting.rows.count(), { timeout: 30_000 }).toBe(1);
    // 5. The payment above the balance stays, with the server's reason.
    await expect
      .poll(async () => (await waiting.rowTexts())[0]?.[4], { timeout: 30_000 })
      .toBe("Refused: The amount is above the member's pending benefit.");
    const [refused] = await waiting.rowTexts();
    expect(refused?.[0]).toBe('Benefit payment');
    expect(digits(refused?.[2] ?? '')).toBe(String(rest));

    // Everything arrived once: read through the API and on another browser's screens.
    const found = await callApi(`/members?page=1&pageSize=10&filter:search=${encodeURIComponent(number)}`, {
      token,
    });
    expect(found.body.count).toBe(1);
    const created = await callApi(`/members/${found.body.members[0].id}`, { token });
    expect(created.body.plots).toHaveLength(1);
    expect(created.body.contributions).toHaveLength(1);
    expect(created.body.contributionTotal).toBe(1500);
    const after = await callApi(`/members/${beneficiary.id}`, { token });
    expect(after.body.cashoutBalance).toBeCloseTo(balance - 2, 2);

    const other = await openApp();
    await signInThroughForm(other, agent);
    const seen = await new MemberPage(other, 'en').goto(found.body.members[0].id);
    expect(digits(await seen.statusCard('contributionTotal'))).toBe('1500');
    const seenPaid = await new MemberPage(other, 'en').goto(beneficiary.id);
    expect(digits(await seenPaid.statusCard('pendingBenefits'))).toBe(String(Math.round(balance - 2)));
  }, 180_000);

  test('a queued write whose answer is lost is sent again with its key and recorded once', async ({
    openApp,
  }) => {
    const agent = await registeredAccount('Offline agent');
    const token = await signIn(agent.email, agent.password);
    const memberId = await memberWithPlot(token, 'Ousmane Diop', 'Diourbel');

    const page = await openApp();
    await signInThroughForm(page, agent);
    const member = await new MemberPage(page, 'en').goto(memberId);
    await serviceWorkerReady(page);
    // The agent sees the form before the connection drops.
    await member.contribution.amountField.waitFor({ state: 'visible' });
    await page.context().setOffline(true);
    await member.contribution.request('1500');
    await member.contribution.confirmation.getByRole('button', { name: 'Collect', exact: true }).click();
    await page.getByText(/^The contribution of .* is kept on this device/).waitFor({ state: 'visible' });

    // The first send reaches the server, which records it; its answer never reaches the browser.
    const serverAnswers = await loseNextAnswer(page, `/members/${memberId}/contribute`);
    const sent = page.waitForResponse(
      (response) => response.url().endsWith(`/api/members/${memberId}/contribute`) && response.ok(),
    );
    await page.context().setOffline(false);
    const retry = await sent;
    expect(serverAnswers).toEqual([201]);
    expect(retry.headers()['idempotent-replayed']).toBe('true');

    const waiting = new WaitingPage(page, 'en');
    await expect.poll(() => waiting.waitingCount()).toBe(0);
    const after = await callApi(`/members/${memberId}`, { token });
    expect(after.body.contributions).toHaveLength(1);
    expect(after.body.contributionTotal).toBe(1500);
  });
});
