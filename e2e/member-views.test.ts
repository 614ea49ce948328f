import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { AdminRecordsPage } from './pages/admin-records-page.ts';
import { DashboardPage } from './pages/dashboard-page.ts';
import { EnablerSwitch } from './pages/enabler-switch.ts';
import { LoginPage } from './pages/login-page.ts';
import { NewPlotPage } from './pages/new-plot-page.ts';
import { PlotPage } from './pages/plot-page.ts';
import { registeredAccount } from './support/accounts.ts';
import { callApi, signIn } from './support/api.ts';
import { describe, expect, test } from './support/test.ts';

/*
 * What the spec asks of the administrators' and agents' screens (issue 26): another enabler's record
 * opened from this one's view, a plot's crop and irrigation, a member of many records deleted, and the
 * user's default federation.
 */

type Account = Awaited<ReturnType<typeof registeredAccount>>;

const signInAs = async (page: Page, account: Account) => {
  await (await new LoginPage(page).shown()).signIn(account.email, account.password);
  await page.getByRole('heading', { name: `Welcome ${account.username}`, exact: true }).waitFor();
};

/** A member of the account's current enabler, added through the API. */
const givenMember = async (token: string, name: string) => {
  const number = `E2E-${randomUUID().slice(0, 8)}`;
  const created = await callApi('/admin/members', {
    method: 'POST',
    token,
    body: { name, village: 'Fissel', number, federation: 'Kaolack' },
  });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, name, number };
};

/** Chooses an option of the Cloudscape select of a form field, by their texts. */
const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

describe("another enabler's record", () => {
  test('should offer the administrator the switch to its enabler, and open it there', async ({ openApp }) => {
    const admin = await registeredAccount('Ada Across', 'ADMIN');
    // A member of another enabler than the administrator's, read with a session moved there and back.
    let token = await signIn(admin.email, admin.password);
    const current = (await callApi('/me/enabler', { token })).body.id as string;
    const { body: enablers } = await callApi('/admin/enablers', { token });
    const other = (enablers as { id: string; name: string; latestConfigVersion: number | null }[]).find(
      (enabler) => enabler.id !== current && enabler.latestConfigVersion !== null,
    );
    if (!other) throw new Error('The demo has a second enabler with a configuration');
    token = (await callApi(`/auth/enablerProfile/${other.id}`, { token })).body.accessToken;
    const { body: list } = await callApi('/members?page=1&pageSize=10', { token });
    const theirs = list.members[0] as { id: string; name: string };
    expect((await callApi(`/auth/enablerProfile/${current}`, { token })).status).toBe(200);

    const page = await openApp();
    await signInAs(page, admin);
    await page.goto(`/Member/${theirs.id}`);
    const dialog = page.getByRole('dialog', { name: 'An error occured' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      'This resource belongs to another enabler. Change the view to that enabler to open it.',
    );
    await dialog.getByRole('button', { name: `Switch to ${other.name}`, exact: true }).click();

    // The app reloads on the same screen, in the other enabler's view, where the member opens.
    await page.getByRole('heading', { level: 1, name: theirs.name, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/Member/${theirs.id}`);
    expect(await new EnablerSwitch(page).selector.textContent()).toContain(other.name);
  });
});

describe("a plot's crop and irrigation", () => {
  test('should be set on a new plot, shown on its page, changed there and shown in the admin table', async ({
    openApp,
  }) => {
    const admin = await registeredAccount('Ada Crops', 'ADMIN');
    const member = await givenMember(
      await signIn(admin.email, admin.password),
      `Awa Crop ${randomUUID().slice(0, 6)}`,
    );
    const page = await openApp();
    await signInAs(page, admin);

    const newPlot = await new NewPlotPage(page).open(member.id);
    await newPlot.fill({ name: 'Millet field' });
    await page.getByLabel('Crop', { exact: true }).fill(' Millet ');
    await choose(page, 'Irrigated', 'Yes');
    await newPlot.save();
    const plot = await new PlotPage(page).shown();
    expect((await plot.valueBeside('Crop').innerText()).trim()).toBe('Millet');
    expect((await plot.valueBeside('Irrigated').innerText()).trim()).toBe('Yes');

    await page.getByLabel('Crop', { exact: true }).fill('Sorghum');
    await choose(page, 'Irrigated', 'Not known');
    await page.getByRole('button', { name: 'Update the crop', exact: true }).click();
    await page.getByText('The crop has been updated.').waitFor();
    // The plot's details are drawn from a deferred value (a render React may interrupt): just after.
    await expect.poll(async () => (await plot.valueBeside('Crop').innerText()).trim()).toBe('Sorghum');
    expect((await plot.valueBeside('Irrigated').innerText()).trim()).toBe('Not known');
    // The protection's update keeps them.
    await plot.droughtMonthlyContribField.fill('12');
    await page.getByRole('button', { name: 'Update the protection', exact: true }).click();
    await page.getByText('The protection has been updated.').waitFor();
    await page.reload();
    await plot.shown();
    expect((await plot.valueBeside('Crop').innerText()).trim()).toBe('Sorghum');

    const admins = new AdminRecordsPage(page);
    await admins.openTable('/AdminFields', member.name);
    const headers = (await page.locator('table thead th').allTextContents()).map((text) => text.trim());
    const row = admins.rows.filter({ hasText: member.name }).first();
    const cells = (await row.locator('td, th').allTextContents()).map((text) => text.trim());
    expect(cells[headers.indexOf('Crop')]).toBe('Sorghum');
    expect(cells[headers.indexOf('Irrigated')]).toBe('Not known');
  });
});

describe('a member of many records', () => {
  test('should leave the list at once and have its records deleted with the progress shown', async ({
    openApp,
  }) => {
    const admin = await registeredAccount('Ada Deletes', 'ADMIN');
    const token = await signIn(admin.email, admin.password);
    const member = await givenMember(token, `Awa Seasons ${randomUUID().slice(0, 6)}`);
    const plot = await callApi(`/members/${member.id}/plots`, {
      method: 'POST',
      token,
      body: { name: 'North', latitude: 14, longitude: -16, droughtMonthlyContrib: 10 },
    });
    expect(plot.status).toBe(201);
    // Seasons of monthly contributions: more than one transaction can delete with the member.
    const CONTRIBUTIONS = 150;
    for (let index = 0; index < CONTRIBUTIONS; index += 1) {
      const contribution = await callApi(`/members/${member.id}/contribute`, {
        method: 'POST',
        token,
        body: { amount: 10, plotId: plot.body.id },
      });
      expect(contribution.status).toBe(201);
    }
    const records = CONTRIBUTIONS + 1;

    const page = await openApp();
    await signInAs(page, admin);
    await page.goto('/AdminMembers');
    await page.getByRole('searchbox').fill(member.name);
    const admins = new AdminRecordsPage(page);
    // Its own row's menu, named for it: the list may still show other members while the search runs.
    const described = `${member.name} (no. ${member.number})`;
    await page.getByRole('button', { name: `Actions for ${described}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    expect(await admins.dialog.innerText()).toContain(described);
    await admins.dialog.getByRole('button', { name: 'Delete', exact: true }).click();

    const progress = page.getByRole('dialog', { name: `Deleting ${described}` });
    await progress.waitFor();
    // Off the list at once: the table read again after the deletion has it no more.
    await page.getByText(`${described} was deleted.`).waitFor();
    await admins.drawn();
    expect(await admins.rows.filter({ hasText: member.name }).count()).toBe(0);
    await progress.getByText(`All ${records} plots and records deleted.`).waitFor({ timeout: 60_000 });
    await progress.getByRole('button', { name: 'Close', exact: true }).click();

    expect(await callApi(`/members/${member.id}`, { token })).toMatchObject({
      status: 410,
      body: { code: 'ERR_MEMBER_DELETED' },
    });
  }, 300_000);
});

describe("the user's default federation", () => {
  test("should start an agent's dashboard and new member on it", async ({ openApp }) => {
    const agent = await registeredAccount('Fatou Fatick', 'USER', 'Fatick');
    const page = await openApp();
    const federationReads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/dashboard/numberOfCoveredPlots')
        federationReads.push(url.searchParams.get('federation') ?? 'every federation');
    });
    await signInAs(page, agent);
    const dashboard = await new DashboardPage(page).goto();
    await dashboard.figureValue('activeCovers').filter({ hasText: /\d/ }).waitFor();
    expect(await page.locator('.dashboard-filters__federation button').innerText()).toBe('Fatick');
    // Every read, the first one included (and the refreshes every 10 seconds), is of that federation.
    expect(new Set(federationReads)).toEqual(new Set(['Fatick']));

    await page.goto('/Onboarding');
    expect(await page.locator('input[name="federation"]').inputValue()).toBe('Fatick');
  });

  test("should fill an administrator's new member form with it", async ({ openApp }) => {
    const admin = await registeredAccount('Ada Thies', 'ADMIN', 'Thiès');
    const page = await openApp();
    await signInAs(page, admin);
    await page.goto('/NewMember');
    expect(await new AdminRecordsPage(page).field('federation').inputValue()).toBe('Thiès');
  });
});
