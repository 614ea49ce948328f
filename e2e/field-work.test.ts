import { randomUUID } from 'node:crypto';
import { defaultLogins } from '../infra/local/seed/index.ts';
import { MemberPage } from './pages/member-page.ts';
import { MembersPage } from './pages/members-page.ts';
import { NewPlotPage } from './pages/new-plot-page.ts';
import { OnboardingPage } from './pages/onboarding-page.ts';
import { callApi, signIn } from './support/api.ts';
import { loseNextAnswer, memberWithPlot } from './support/members.ts';
import { signInAsDemoAgent } from './support/demo-sign-in.ts';
import { describe, expect, test } from './support/test.ts';

/** Digits of a formatted amount ('XOF 1,500', '1 500 F CFA' → '1500'). */
const digits = (text: string) => text.replace(/[^\d]/g, '');

describe('field work', () => {
  test('an agent onboards a member, adds a plot, records a contribution and sees it everywhere', async ({
    openApp,
  }) => {
    const page = await openApp({ locale: 'en-US' });
    await signInAsDemoAgent(page);

    const name = `Aminata Faye ${randomUUID().slice(0, 6)}`;
    const onboarding = await new OnboardingPage(page, 'en').goto();
    const memberId = await onboarding.onboard({
      name,
      village: 'Fissel',
      number: `E2E-${randomUUID().slice(0, 8)}`,
      federation: 'Fatick',
    });

    const member = await new MemberPage(page, 'en').shown();
    expect(await member.contribution.isSubmitDisabled()).toBe(true);
    expect(await member.noPlotMessage.isVisible()).toBe(true);

    await member.addPlotButton.click();
    const newPlot = await new NewPlotPage(page, 'en').shown();
    const plotId = await newPlot.addPlot({ name: 'Millet field', droughtMonthlyContrib: '1500' });
    expect(plotId).not.toBe('');

    await member.goto(memberId);
    const confirmation = await member.contribution.submit('1500');
    expect(digits(confirmation)).toContain('1500');
    // The cards show the member read again after the write, drawn as a transition: just after the confirmation.
    await expect
      .poll(async () => digits(await member.statusCard('contributionTotal')), { timeout: 5_000 })
      .toBe('1500');

    await member.openTab('contributions');
    const rows = await member.tableTexts();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.join(' ')).toContain('Millet field');

    const list = await new MembersPage(page, 'en').goto();
    await list.search(name);
    const row = await list.rowTexts(name);
    expect(digits(row.contributionTotal)).toBe('1500');
    expect(digits(row.pendingBenefit)).toBe('0');
    expect(row.federation).toBe('Fatick');
  });

  test('an agent pays out part of a pending benefit, and never more than it', async ({ openApp }) => {
    const token = await signIn(defaultLogins.userEmail, defaultLogins.userPassword);
    const richest = await callApi('/members?page=1&pageSize=10&sort:pendingBenefits=desc', { token });
    const beneficiary = richest.body.members[0] as { id: string; pendingBenefits: number };
    expect(beneficiary.pendingBenefits).toBeGreaterThan(1);

    const page = await openApp({ locale: 'en-US' });
    await signInAsDemoAgent(page);
    const member = await new MemberPage(page, 'en').goto(beneficiary.id);
    expect(digits(await member.statusCard('pendingBenefits'))).toBe(
      String(Math.round(beneficiary.pendingBenefits)),
    );

    await member.cashout.amountField.fill(String(beneficiary.pendingBenefits + 1));
    expect(await member.cashout.isSubmitDisabled()).toBe(true);

    await member.cashout.submit('1');
    const after = await callApi(`/members/${beneficiary.id}`, { token });
    expect(after.body.cashoutBalance).toBe(beneficiary.pendingBenefits - 1);
    await expect
      .poll(async () => digits(await member.statusCard('pendingBenefits')), { timeout: 5_000 })
      .toBe(String(Math.round(beneficiary.pendingBenefits - 1)));
  });

  test('a contribution whose answer was lost is kept, sent again with its key and recorded once', async ({
    openApp,
  }) => {
    const token = await signIn(defaultLogins.userEmail, defaultLogins.userPassword);
    const memberId = await memberWithPlot(token, 'Moussa Sarr', 'Niakhar');

    const page = await openApp({ locale: 'en-US' });
    await signInAsDemoAgent(page);
    // The first contribution reaches the server, which records it; its answer never reaches the browser.
    const serverAnswers = await loseNextAnswer(page, `/members/${memberId}/contribute`);
    const member = await new MemberPage(page, 'en').goto(memberId);
    const retried = page.waitForResponse(
      (response) => response.url().endsWith(`/api/members/${memberId}/contribute`) && response.ok(),
    );
    await member.contribution.request('1500');
    await member.contribution.confirmation.getByRole('button', { name: 'Collect', exact: true }).click();
    // Kept on the device, and sent again by itself with the same key: the server answers the first answer.
    await page.getByText(/^The contribution of .* is kept on this device/).waitFor({ state: 'visible' });
    expect((await retried).headers()['idempotent-replayed']).toBe('true');
    expect(serverAnswers).toEqual([201]);

    await expect
      .poll(async () => (await callApi(`/members/${memberId}`, { token })).body.contributions.length)
      .toBe(1);
    const after = await callApi(`/members/${memberId}`, { token });
    expect(after.body.contributionTotal).toBe(1500);
    await member.goto(memberId);
    expect(digits(await member.statusCard('contributionTotal'))).toBe('1500');
  });
});
