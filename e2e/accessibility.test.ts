import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { defaultLogins } from '../infra/local/seed/index.ts';
import { screens, type ScreenId } from '../web/src/navigation/screens.ts';
import en from '../web/src/i18n/en.json' with { type: 'json' };
import adminEn from '../web/src/i18n/admin/en.json' with { type: 'json' };
import adminFr from '../web/src/i18n/admin/fr.json' with { type: 'json' };
import fr from '../web/src/i18n/fr.json' with { type: 'json' };
import offlineEn from '../web/src/i18n/screens/offline/en.json' with { type: 'json' };
import offlineFr from '../web/src/i18n/screens/offline/fr.json' with { type: 'json' };
import { LoginPage } from './pages/login-page.ts';
import type { Language } from './pages/translated-page.ts';
import { registeredAccount } from './support/accounts.ts';
import { callApi, signIn } from './support/api.ts';
import { previewedRunByApi } from './support/benefit-runs.ts';
import { check, type Finding } from './support/axe.ts';
import { describe, expect, test } from './support/test.ts';

/**
 * axe-core on every screen of the SPA's screen list (web/src/navigation/screens.ts), in English and in French:
 * no serious or critical violation. A screen added to the list is visited here without a line of this
 * file, or fails it when its address needs a parameter this file cannot fill.
 */

const languages = {
  en: { locale: 'en-US', texts: en, admin: adminEn, offline: offlineEn.offline },
  fr: { locale: 'fr-FR', texts: fr, admin: adminFr, offline: offlineFr.offline },
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The seeded records whose screens take an id in their address. */
interface SeededIds {
  memberId: string;
  plotId: string;
  plotMemberId: string;
  enablerId: string;
  configId: string;
  userEmail: string;
  contributionId: string;
  payoutId: string;
  cashoutId: string;
  benefitRunId: string;
}

/** A screen's address parameters, for the screens whose path has some. */
const parametersOf: Partial<Record<ScreenId, (ids: SeededIds) => Record<string, string>>> = {
  register: () => ({ token: 'a11y-token' }),
  resetPassword: () => ({ token: 'a11y-token' }),
  member: (ids) => ({ id: ids.memberId }),
  newPlot: (ids) => ({ memberId: ids.plotMemberId }),
  plot: (ids) => ({ memberId: ids.plotMemberId, plotId: ids.plotId }),
  updateMember: (ids) => ({ id: ids.memberId }),
  enablerConfigs: (ids) => ({ id: ids.enablerId }),
  enablerConfig: (ids) => ({ enablerId: ids.enablerId, configId: ids.configId }),
  newEnablerConfig: (ids) => ({ id: ids.enablerId }),
  updateEnabler: (ids) => ({ id: ids.enablerId }),
  updateUser: (ids) => ({ email: ids.userEmail }),
  updateField: (ids) => ({ memberId: ids.plotMemberId, id: ids.plotId }),
  updateContribution: (ids) => ({ id: ids.contributionId }),
  updatePayout: (ids) => ({ id: ids.payoutId }),
  updateCashout: (ids) => ({ id: ids.cashoutId }),
  benefitRun: (ids) => ({ id: ids.benefitRunId }),
};

const addressOf = (screen: (typeof screens)[number], ids: SeededIds): string =>
  screen.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = parametersOf[screen.id]?.(ids)[name];
    if (value === undefined) throw new Error(`No :${name} for the ${screen.id} screen in parametersOf`);
    return encodeURIComponent(value);
  });

/** The fields read here of a listed record. */
interface Listed {
  id: string;
  _id: string;
  memberId: string;
}

const firstOf = (items: readonly Listed[] | undefined, what: string): Listed => {
  const item = items?.[0];
  if (item === undefined) throw new Error(`The seeded runtime has no ${what}`);
  return item;
};

/** Ids of the administrator's current enabler's records, through the API. */
const seededIds = async (): Promise<SeededIds> => {
  const token = await signIn(defaultLogins.adminEmail, defaultLogins.adminPassword);
  const get = async (path: string) => {
    const { status, body } = await callApi(path, { token });
    if (status !== 200) throw new Error(`GET ${path}: ${status}`);
    return body;
  };
  const enabler = await get('/me/enabler');
  const plot = firstOf((await get('/admin/plots')).items, 'plot');
  const assessment = `A11Y-${randomUUID().slice(0, 8)},${new Date().toISOString().slice(0, 10)}`;
  const config = firstOf(await get(`/admin/enablers/${enabler.id}/configs`), 'configuration');
  return {
    memberId: firstOf((await get('/members')).members, 'member').id,
    plotId: plot.id,
    plotMemberId: plot.memberId,
    enablerId: enabler.id,
    configId: config._id,
    userEmail: defaultLogins.userEmail,
    contributionId: firstOf((await get('/admin/contributions')).items, 'contribution').id,
    payoutId: firstOf((await get('/admin/payouts')).items, 'payout').id,
    cashoutId: firstOf((await get('/admin/cashouts')).items, 'cashout').id,
    // A run of a demo village and of a village with no member (a refused row), waiting for approval:
    // its tables are checked. (A plot nobody has is refused at the upload.)
    benefitRunId: await previewedRunByApi(
      token,
      [
        'assessmentId,assessmentDate,plotId,village,damageIndex',
        `${assessment},,Fissel,0.5`,
        `${assessment},,Nowhere ${randomUUID().slice(0, 8)},0.5`,
      ].join('\n'),
    ),
  };
};

/** Waits for a screen to have finished loading: its requests answered, its heading and no spinner shown. */
const settled = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await page
    .locator('[class*="awsui_loading"]:visible, [aria-busy="true"]:visible')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
};

/**
 * States a first load does not show: menus, tabs, dialogs and form errors, each checked like a screen.
 * A state runs on the page as a visited screen left it and leaves it in any state.
 */
interface State {
  name: string;
  screen: ScreenId;
  show: (page: Page, language: Language) => Promise<void>;
}

/** A screen with its nth tab chosen (the first shows on load). */
const tabState = (name: string, screen: ScreenId, index: number): State => ({
  name,
  screen,
  show: async (page) => {
    await page.getByRole('tab').nth(index).click();
    await page.waitForLoadState('networkidle');
  },
});

const states: readonly State[] = [
  {
    name: 'language menu open',
    screen: 'home',
    show: async (page, language) => {
      const { label } = languages[language].texts.language;
      await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(label)}:`) }).click();
      await page.getByRole('menuitem').first().waitFor({ state: 'visible' });
      // The other language's name is spoken in that language (WCAG 3.1.2).
      const other = language === 'en' ? 'fr' : 'en';
      await page.locator(`[role="menuitem"][lang="${other}"], [role="menuitem"] [lang="${other}"]`).waitFor();
    },
  },
  tabState('second tab', 'member', 1),
  tabState('third tab', 'member', 2),
  tabState('history tab', 'member', 3),
  tabState('application log tab', 'adminLogs', 1),
  {
    name: 'federation list open',
    screen: 'dashboard',
    show: async (page) => {
      await page
        .getByRole('button', { expanded: false })
        .filter({ has: page.locator('[class*="awsui_trigger"]') })
        .first()
        .click();
      await page.getByRole('listbox').waitFor({ state: 'visible' });
    },
  },
  {
    name: 'delete confirmation',
    screen: 'adminContributions',
    show: async (page, language) => {
      const { actions } = languages[language].admin.adminTable;
      const prefix = escapeRegExp(actions.label.split('{{')[0] ?? '');
      await page
        .locator('table tbody tr')
        .first()
        .getByRole('button', { name: new RegExp(`^${prefix}`) })
        .click();
      await page.getByRole('menuitem', { name: actions.delete, exact: true }).click();
      await page.getByRole('dialog').filter({ visible: true }).waitFor();
    },
  },
  tabState('refused rows tab', 'benefitRun', 1),
  tabState('possible duplicates tab', 'benefitRun', 2),
  {
    name: 'cancel confirmation',
    screen: 'benefitRun',
    show: async (page, language) => {
      const { cancel } = languages[language].admin.benefitRuns.actions;
      await page.getByRole('button', { name: cancel.button, exact: true }).click();
      await page.getByRole('dialog').filter({ visible: true }).waitFor();
    },
  },
  {
    name: 'refused file',
    screen: 'newBenefitRun',
    show: async (page, language) => {
      const { upload } = languages[language].admin.benefitRuns;
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('plot\nx\n') });
      await page.getByRole('button', { name: upload.start, exact: true }).click();
      await page.getByRole('table', { name: upload.problems.table, exact: true }).waitFor();
    },
  },
  {
    name: 'form errors',
    screen: 'newMember',
    show: async (page, language) => {
      await page
        .getByRole('button', { name: languages[language].admin.adminForm.create, exact: true })
        .click();
      await page.locator('[id*="formField"][id$="-error"]').first().waitFor({ state: 'visible' });
    },
  },
];

const signInThroughForm = async (page: Page, language: Language, email: string, password: string) => {
  const login = await new LoginPage(page, language).shown();
  await login.emailField.fill(email);
  await login.passwordField.fill(password);
  await login.passwordField.press('Enter');
  await page.getByRole('navigation').first().waitFor({ state: 'visible' });
};

describe('accessibility', () => {
  test('every screen, and its menus, tabs, dialogs and form errors, in both languages: no serious or critical axe violation', async ({
    openApp,
  }) => {
    const ids = await seededIds();
    const findings: Finding[] = [];
    const checked: string[] = [];
    const run = async (page: Page, what: string) => {
      findings.push(...(await check(page, what)));
      checked.push(what);
    };
    const open = async (page: Page, language: Language, screen: (typeof screens)[number]) => {
      await page.goto(addressOf(screen, ids), { waitUntil: 'networkidle' });
      await settled(page);
      // The screen itself, not the page of a refused address or of a failure.
      const { notAuthorized, errorPage } = languages[language].texts;
      expect([notAuthorized.title, errorPage.title], `${screen.id} (${language})`).not.toContain(
        await page.locator('h1').first().textContent(),
      );
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
    };
    const screensOf = (access: (typeof screens)[number]['access'][]) =>
      screens.filter((screen) => access.includes(screen.access));

    for (const language of Object.keys(languages) as Language[]) {
      const { locale } = languages[language];
      const anonymous = await openApp({ locale });
      if (language === 'en') {
        // The check itself finds what it must: an image without text and a button without a name.
        const probe = await anonymous.context().newPage();
        await probe.setContent(
          '<html lang="en"><head><title>Probe</title></head><body><main><img src="data:,"><button></button></main></body></html>',
        );
        expect((await check(probe, 'probe')).map(({ rule }) => rule).sort()).toEqual([
          'button-name',
          'image-alt',
        ]);
        await probe.close();
      }
      for (const screen of screensOf(['anonymous'])) {
        await open(anonymous, language, screen);
        await run(anonymous, `${screen.id} (${language})`);
      }
      // The login form's errors, shown on an empty submit.
      await open(anonymous, language, screens[0]);
      await new LoginPage(anonymous, language).passwordField.press('Enter');
      await anonymous.getByText(languages[language].texts.login.emailRequired).waitFor();
      await run(anonymous, `login, form errors (${language})`);
      // Switched in the page: the document's language follows (the agent and administrator start anew).
      const other: Language = language === 'en' ? 'fr' : 'en';
      const { label } = languages[language].texts.language;
      await anonymous.getByRole('button', { name: new RegExp(`^${escapeRegExp(label)}:`) }).click();
      await anonymous.locator(`button[lang="${other}"]`).click();
      await anonymous.locator(`html[lang="${other}"]`).waitFor({ state: 'attached' });
      await new LoginPage(anonymous, other).shown();
      await run(anonymous, `login, switched from ${language} to ${other}`);

      // An agent's screens show no administration menu nor enabler choice: checked apart.
      const agent = await openApp({ locale });
      await signInThroughForm(agent, language, defaultLogins.userEmail, defaultLogins.userPassword);
      for (const screen of screensOf(['signedIn'])) {
        await open(agent, language, screen);
        await run(agent, `${screen.id}, agent (${language})`);
      }

      const admin = await openApp({ locale });
      await signInThroughForm(admin, language, defaultLogins.adminEmail, defaultLogins.adminPassword);
      for (const screen of screensOf(['signedIn', 'admin'])) {
        await open(admin, language, screen);
        await run(admin, `${screen.id} (${language})`);
      }
      for (const state of states) {
        const screen = screens.find(({ id }) => id === state.screen);
        if (!screen) throw new Error(`No screen ${state.screen}`);
        await open(admin, language, screen);
        await state.show(admin, language);
        await run(admin, `${state.screen}, ${state.name} (${language})`);
      }
    }

    console.log(`[a11y] ${checked.length} checks: ${checked.join(', ')}`);
    expect(findings).toEqual([]);
  }, 600_000);

  test('the offline banner, the waiting list, its dialogs and the sign-out warning, in both languages', async ({
    openApp,
  }) => {
    const findings: Finding[] = [];
    const agent = await registeredAccount('A11y agent');
    const token = await signIn(agent.email, agent.password);
    const richest = await callApi('/members?page=1&pageSize=10&sort:pendingBenefits=desc', { token });
    const member = richest.body.members[0] as { id: string; pendingBenefits: number };
    for (const language of Object.keys(languages) as Language[]) {
      const { locale, texts, offline } = languages[language];
      const page = await openApp({ locale });
      await signInThroughForm(page, language, agent.email, agent.password);
      await page.goto(`/Member/${member.id}`);
      await settled(page);
      await expect
        .poll(() => page.evaluate('Boolean(navigator.serviceWorker.controller)'), { timeout: 20_000 })
        .toBe(true);
      // A payment of the whole benefit, kept offline; meanwhile 1 is paid elsewhere: it comes back refused.
      await page.context().setOffline(true);
      const { cashoutBalance } = (await callApi(`/members/${member.id}`, { token })).body as {
        cashoutBalance: number;
      };
      const cashout = page.locator('form', {
        has: page.getByRole('heading', { name: texts.members.member.cashout.title, exact: true }),
      });
      await cashout
        .getByLabel(texts.members.member.cashout.amount, { exact: true })
        .fill(String(Math.floor(cashoutBalance)));
      await cashout.getByRole('button', { name: texts.members.member.cashout.submit, exact: true }).click();
      await page
        .getByRole('dialog')
        .filter({ visible: true })
        .getByRole('button', { name: texts.members.member.cashout.confirm, exact: true })
        .click();
      await page.getByText(offline.banner.offline, { exact: true }).waitFor();
      findings.push(...(await check(page, `offline banner (${language})`)));
      expect(
        (await callApi(`/members/${member.id}/cashouts`, { method: 'POST', token, body: { amount: 1 } }))
          .status,
      ).toBe(201);
      await page.context().setOffline(false);
      await page.getByRole('link', { name: offline.banner.waiting.replace('{{count}}', '1') }).click();
      await page
        .getByText(offline.list.states.refused.split('{{')[0] ?? '')
        .first()
        .waitFor();
      await page.context().setOffline(true);
      await page.getByText(offline.banner.offline, { exact: true }).waitFor();
      findings.push(...(await check(page, `waiting list with a refusal (${language})`)));
      for (const [action, cancel] of [
        [offline.list.correct, offline.correct.cancel],
        [offline.list.discard, offline.discard.cancel],
      ] as const) {
        await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(action)}:`) }).click();
        const dialog = page.getByRole('dialog').filter({ visible: true });
        await dialog.waitFor();
        findings.push(...(await check(page, `waiting list, ${action} dialog (${language})`)));
        await dialog.getByRole('button', { name: cancel, exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(texts.header.userMenu)}`) }).click();
      await page.getByRole('menuitem', { name: texts.header.logout, exact: true }).click();
      await page.getByRole('dialog').filter({ hasText: offline.signOut.title }).waitFor();
      findings.push(...(await check(page, `sign-out warning (${language})`)));
      await page.context().setOffline(false);
      await page.getByRole('button', { name: offline.signOut.confirm, exact: true }).click();
      await new LoginPage(page, language).shown();
    }
    expect(findings).toEqual([]);
  }, 300_000);
});
