import type { Locator, Page } from 'playwright-core';
import fr from '../web/src/i18n/fr.json' with { type: 'json' };
import offlineFr from '../web/src/i18n/screens/offline/fr.json' with { type: 'json' };
import { LoginPage } from './pages/login-page.ts';
import { MemberPage } from './pages/member-page.ts';
import { MembersPage } from './pages/members-page.ts';
import { NewPlotPage } from './pages/new-plot-page.ts';
import { WaitingPage } from './pages/waiting-page.ts';
import { registeredAccount } from './support/accounts.ts';
import { callApi, signIn } from './support/api.ts';
import { check, type Finding } from './support/axe.ts';
import { memberWithPlot } from './support/members.ts';
import { describe, expect, test } from './support/test.ts';

/**
 * Issue 38's field agent's day on a cheap phone: 390 × 844 CSS pixels, touch, French. What the agent
 * must see without looking for it: a contribution's confirmation, the phone's position on a new plot,
 * a search that answers offline, what was sent once the network is back, and the waiting list's actions.
 */
const phone = { width: 390, height: 844 };
// Somewhere in Senegal, as the phone's positioning would report it.
const position = { latitude: 14.6937, longitude: -17.4441, accuracy: 12 };

const { offline } = offlineFr;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const prefixOf = (text: string) => new RegExp(`^${escapeRegExp(text.split('{{')[0] ?? '')}`);

/** Whether the element is wholly inside the screen as the agent sees it, without scrolling. */
const inViewport = async (locator: Locator): Promise<boolean> => {
  const box = await locator.boundingBox();
  return (
    box !== null &&
    box.height > 0 &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= phone.height &&
    box.x + box.width <= phone.width
  );
};

/** No part of the page reaches past the screen's right edge (nothing to scroll sideways to). */
const fitsWidth = (page: Page): Promise<unknown> =>
  page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth');

const serviceWorkerReady = (page: Page) =>
  expect
    .poll(() => page.evaluate('Boolean(navigator.serviceWorker.controller)'), { timeout: 20_000 })
    .toBe(true);

describe('a field agent on a phone, in French', () => {
  test('sees the contribution recorded, places a plot from the phone, searches offline, is told what was sent, reaches the waiting list’s actions', async ({
    openApp,
  }) => {
    const agent = await registeredAccount('Agent au téléphone');
    const token = await signIn(agent.email, agent.password);
    const memberId = await memberWithPlot(token, 'Awa Sarr', 'Kaffrine');
    const { name: memberName } = (await callApi(`/members/${memberId}`, { token })).body as { name: string };
    const findings: Finding[] = [];

    const page = await openApp({ locale: 'fr-FR', phone, geolocation: position });
    await new LoginPage(page, 'fr').signIn(agent.email, agent.password);
    // At a phone's width the top bar names the agent only in its menu's label.
    await page
      .getByRole('button', { name: `${fr.header.userMenu}: ${agent.username}`, exact: true })
      .waitFor({ state: 'visible' });

    // 1. A contribution: its confirmation is where the agent looks, naming the amount, member and plot.
    const member = await new MemberPage(page, 'fr').goto(memberId);
    await serviceWorkerReady(page);
    // The amount starts at the plot's monthly contribution.
    await expect.poll(() => member.contribution.amountField.inputValue()).toBe('1500');
    await member.contribution.request('1500');
    await member.contribution.confirm();
    const done = page.getByText(
      /^Une cotisation de .* a été encaissée auprès de .* pour la parcelle Groundnut field\.$/,
    );
    await expect.poll(() => inViewport(done), { timeout: 5_000 }).toBe(true);
    expect(await done.innerText()).toContain(memberName);
    expect(await fitsWidth(page)).toBe(true);
    findings.push(...(await check(page, 'member page, contribution recorded')));

    // 2. A new plot placed from the phone's position (mocked), its accuracy said.
    await member.addPlotButton.click();
    const newPlot = await new NewPlotPage(page, 'fr').shown();
    await page.getByRole('button', { name: fr.plots.placement.useDevice, exact: true }).click();
    await page.getByText(fr.plots.placement.located.replace('{{accuracy}}', '12')).waitFor();
    await newPlot.nameField.fill('Champ de mil');
    await newPlot.droughtMonthlyContribField.fill('900');
    expect(await fitsWidth(page)).toBe(true);
    findings.push(...(await check(page, 'new plot, placed from the phone')));
    await newPlot.saveButton.click();
    // Placed: no question about the default position; the new plot's page opens.
    await page.waitForURL(`**/Member/${memberId}/Field/*`);
    const { plots } = (await callApi(`/members/${memberId}`, { token })).body as {
      plots: { name: string; latitude: number; longitude: number }[];
    };
    const placed = plots.find(({ name }) => name === 'Champ de mil');
    expect(placed?.latitude).toBeCloseTo(position.latitude, 4);
    expect(placed?.longitude).toBeCloseTo(position.longitude, 4);

    // 3. The list read, then no network: the search answers from what the device holds, at once.
    const list = await new MembersPage(page, 'fr').goto();
    await page.context().setOffline(true);
    await new WaitingPage(page, 'fr').offlineNotice.waitFor({ state: 'visible' });
    await list.searchField.fill(memberName);
    await list.row(memberName).waitFor({ state: 'visible', timeout: 5_000 });
    await page.getByText(prefixOf(fr.members.list.offline.results)).waitFor({ state: 'visible' });
    // The search applies once the typing pauses: until then the whole list the device holds shows.
    await expect.poll(() => list.rows.count(), { timeout: 5_000 }).toBe(1);
    expect(await fitsWidth(page)).toBe(true);
    findings.push(...(await check(page, 'member list, offline search')));

    // 4. Three contributions kept offline; one is discarded from the waiting list, in reach at this width.
    await list.openMember(memberName);
    const offlineMember = await new MemberPage(page, 'fr').shown();
    for (let count = 1; count <= 3; count += 1) {
      await offlineMember.contribution.request('1500');
      await offlineMember.contribution.confirmation
        .getByRole('button', { name: 'Encaisser', exact: true })
        .click();
      await offlineMember.contribution.confirmation.waitFor({ state: 'hidden' });
    }
    const waiting = new WaitingPage(page, 'fr');
    await expect.poll(() => waiting.waitingCount()).toBe(3);
    await waiting.open();
    const discard = page
      .getByRole('button', { name: new RegExp(`^${escapeRegExp(offline.list.discard)}:`) })
      .last();
    await discard.scrollIntoViewIfNeeded();
    expect(await inViewport(discard)).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    findings.push(...(await check(page, 'waiting list, offline')));
    await discard.click();
    const dialog = page.getByRole('dialog').filter({ visible: true });
    await dialog.getByRole('button', { name: offline.discard.confirm, exact: true }).click();
    await expect.poll(() => waiting.rows.count()).toBe(2);

    // 5. Back online: the two go, once each, and the agent is told so.
    await page.context().setOffline(false);
    const sent = page.getByRole('status').getByText(/^2 cotisations envoyées\.$/);
    await sent.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await inViewport(sent)).toBe(true);
    findings.push(...(await check(page, 'waiting list, sent notice')));
    const after = (await callApi(`/members/${memberId}`, { token })).body as { contributions: unknown[] };
    expect(after.contributions).toHaveLength(3);
    expect(findings).toEqual([]);
  }, 180_000);
});
