import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { defaultLogins } from '../infra/local/seed/index.ts';
import { bannerPng } from '../infra/local/seed/png.ts';
import { AdminEnablersPage } from './pages/admin-enablers-page.ts';
import { EnablerConfigPage } from './pages/enabler-config-page.ts';
import { EnablerConfigsPage } from './pages/enabler-configs-page.ts';
import { EnablerFormPage } from './pages/enabler-form-page.ts';
import { EnablerSwitch } from './pages/enabler-switch.ts';
import { NewEnablerConfigPage } from './pages/new-enabler-config-page.ts';
import { callApi, signIn } from './support/api.ts';
import { signInAsDemoAdmin } from './support/demo-sign-in.ts';
import { describe, expect, test } from './support/test.ts';

// A 1×1 PNG and a 600×120 one: real images, far under the 30 KB limit.
const logoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// PNG and JPEG are the only images accepted (an SVG can carry script).
const banner = bannerPng('#2e7d32', 600, 120);

let folder = '';
const file = (name: string) => join(folder, name);

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'cpbo-e2e-enablers-'));
  await writeFile(file('logo.png'), logoPng);
});
/** Every test creates its own enabler (the demo enablers stay as the other tests expect them) and it goes at the end. */
const created: string[] = [];
const uniqueName = (prefix: string) => {
  const name = `${prefix} ${Date.now().toString(36)}`;
  created.push(name);
  return name;
};

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  const token = await signIn(defaultLogins.adminEmail, defaultLogins.adminPassword);
  const { body: enablers } = await callApi('/admin/enablers', { token });
  for (const { id, name } of enablers as { id: string; name: string }[]) {
    if (created.includes(name)) await callApi(`/admin/enablers/${id}`, { method: 'DELETE', token });
  }
});

/** Creates an enabler through the form and returns to the list. */
const createEnabler = async (page: Page, name: string, bannerPath: string) => {
  const list = await new AdminEnablersPage(page).open();
  await list.addButton.click();
  const form = await new EnablerFormPage(page).shown();
  await form.nameField.fill(name);
  await form.chooseLogo(file('logo.png'));
  await form.chooseBanner(bannerPath);
  await form.save();
  await list.shown();
  await list.row(name).waitFor();
  return list;
};

/** Uploads a config file from the enabler list; resolves on the new version's detail page. */
const uploadConfig = async (page: Page, name: string, configPath: string, version = 1) => {
  const list = await new AdminEnablersPage(page).open();
  await list.openConfigs(name);
  const configs = await new EnablerConfigsPage(page).shown(name);
  await configs.uploadButton.click();
  const upload = await new NewEnablerConfigPage(page).shown(name);
  await upload.chooseFile(configPath);
  await upload.uploadAndConfirm();
  return new EnablerConfigPage(page).shown(name, version);
};

describe('enablers and their configurations', () => {
  test('should create an enabler with its images, configure it, and switch to it', async ({ openApp }) => {
    const page = await openApp();
    await signInAsDemoAdmin(page);
    const name = uniqueName('E2E Growers');
    await writeFile(file('banner.png'), banner);
    const enablerSwitch = new EnablerSwitch(page);
    // The administrator's choice is kept for their next sign-in: it is put back at the end for the other tests.
    const workedFor = (await enablerSwitch.selector.textContent())?.trim() ?? '';

    const list = await createEnabler(page, name, file('banner.png'));
    // Without a config it cannot be worked for yet: the list says so, the selector does not offer it.
    expect(await list.noConfigMessage(name).isVisible()).toBe(true);
    expect(await enablerSwitch.offeredEnablers()).not.toContain(name);

    await writeFile(
      file('config.json'),
      JSON.stringify({
        currency: 'XOF',
        maxCompensationFactor: 10,
        lengthOfSeasonInMonth: 4,
        lengthOfCoverageInMonth: 6,
        benefitFactorsByMonth: [0.2, 0.5, 1, 1],
      }),
    );
    await uploadConfig(page, name, file('config.json'));

    expect(await enablerSwitch.offeredEnablers()).toContain(name);
    await enablerSwitch.switchTo(name);
    const homeBanner = enablerSwitch.homeBanner(name);
    await homeBanner.waitFor();
    expect(await homeBanner.getAttribute('src')).toBe(`data:image/png;base64,${banner.toString('base64')}`);
    expect(await enablerSwitch.selector.textContent()).toContain(name);

    await enablerSwitch.switchTo(workedFor);
    await enablerSwitch.homeBanner(workedFor).waitFor();
  });

  test('should download a config exactly as it was uploaded, with or without a damage threshold', async ({
    openApp,
  }) => {
    const page = await openApp();
    await signInAsDemoAdmin(page);
    const name = uniqueName('E2E Round Trip');
    await writeFile(file('round-trip-banner.png'), banner);
    await createEnabler(page, name, file('round-trip-banner.png'));

    const withThreshold = {
      currency: 'INR',
      maxCompensationFactor: 7.5,
      lengthOfSeasonInMonth: 5,
      lengthOfCoverageInMonth: 7,
      damageThreshold: 0.35,
      benefitFactorsByMonth: [0.25, 0.5, 0.75, 1, 1, 1, 0.5],
    };
    const { damageThreshold: _threshold, ...withoutThreshold } = withThreshold;
    for (const [version, uploaded] of [withThreshold, withoutThreshold].entries()) {
      const path = file(`round-trip-${version + 1}.json`);
      await writeFile(path, `${JSON.stringify(uploaded, null, 2)}\n`);
      const detail = await uploadConfig(page, name, path, version + 1);
      const download = await detail.download();

      expect(download.suggestedFilename()).toBe(`config_${name}_v${version + 1}.json`);
      const downloaded: unknown = JSON.parse(await readFile(await download.path(), 'utf8'));
      expect(downloaded).toStrictEqual(uploaded);
    }
  });
});
