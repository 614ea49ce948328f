import type { Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { defaultLogins } from '../infra/local/seed/index.ts';
import { callApi, signIn } from './support/api.ts';
import { previewedRunByApi } from './support/benefit-runs.ts';
import { memberWithPlot } from './support/members.ts';
import { signedInPage } from './support/signed-in-page.ts';
import { describe, expect, test } from './support/test.ts';

/**
 * A screen's outline (web/src/app/shell/outline.ts) is drawn before the app's code, then replaced by the
 * screen: its heading and description must sit where the screen draws its own, or the page moves under the
 * user (a layout shift) and the screen's description counts as a new largest paint. Checked on a phone, in
 * both languages, where the waiting list's button goes under its heading in French and beside it in English,
 * and the users' description names the enabler. The home page has its enabler's banner under its heading.
 * The new plot's description names the member (from its early read), under the breadcrumbs' row; the member's
 * page has the member's name as its heading, and its status cards under the tabs' row; the plot's page the
 * plot's name, its details and its location's section (from the plot's early read). The data
 * screen, the logs and a new benefit run have their first section's description drawn too (their largest
 * text). A benefit run's page has the run's assessment in its heading, and its uploader's alert (its largest
 * text) is drawn under it, wrapped as the page wraps it (from the run's early read).
 */
const phone = { width: 390, height: 844 };
const agent = { email: defaultLogins.userEmail, password: defaultLogins.userPassword };
const admin = { email: defaultLogins.adminEmail, password: defaultLogins.adminPassword };
const cases: {
  screen: string;
  path: string;
  locale: string;
  login: typeof agent;
  held?: string;
  banner?: boolean;
  /** Its largest text is its first section's description, which the outline draws too. */
  section?: boolean;
  /** Its largest text is a status card's label, which the outline draws with the cards' values. */
  cards?: boolean;
}[] = [
  // Its heading names the user, and the enabler's banner is under it, both from the session's restore.
  { screen: 'home page', path: '/', locale: 'en-US', login: agent, banner: true },
  { screen: 'home page', path: '/', locale: 'fr-FR', login: agent, banner: true },
  // An administrator's bar has two rows on a phone, which the outline takes from the session's role.
  { screen: 'administrator’s home page', path: '/', locale: 'fr-FR', login: admin, banner: true },
  { screen: 'new member', path: '/Onboarding', locale: 'en-US', login: agent },
  { screen: 'new member', path: '/Onboarding', locale: 'fr-FR', login: agent },
  { screen: 'waiting list', path: '/Waiting', locale: 'en-US', login: agent },
  { screen: 'waiting list', path: '/Waiting', locale: 'fr-FR', login: agent },
  // Its description names the enabler, from the session's restore. The outline stands in for the screen
  // before its rows come: held, so that the heading has not gained their count, which may wrap it.
  { screen: 'users', path: '/AdminUsers', locale: 'en-US', login: admin, held: '/api/admin/users' },
  { screen: 'users', path: '/AdminUsers', locale: 'fr-FR', login: admin, held: '/api/admin/users' },
  // Its description names the enabler; an administrator's has the recompute button beside the heading.
  { screen: 'dashboard', path: '/Dashboard', locale: 'en-US', login: agent },
  { screen: 'dashboard', path: '/Dashboard', locale: 'fr-FR', login: agent },
  { screen: 'administrator’s dashboard', path: '/Dashboard', locale: 'en-US', login: admin },
  { screen: 'administrator’s dashboard', path: '/Dashboard', locale: 'fr-FR', login: admin },
  // A member of the agent's enabler, made for the test: its long number wraps the description on a phone.
  { screen: 'new plot', path: '/Member/:memberId/Field', locale: 'en-US', login: agent },
  { screen: 'new plot', path: '/Member/:memberId/Field', locale: 'fr-FR', login: agent },
  // Under its tabs' row (their arrows in English: the tabs scroll on a phone), the member's status cards.
  { screen: 'member’s page', path: '/Member/:memberId', locale: 'en-US', login: agent, cards: true },
  { screen: 'member’s page', path: '/Member/:memberId', locale: 'fr-FR', login: agent, cards: true },
  // Its details above its location's section, whose description is its largest text.
  {
    screen: 'plot’s page',
    path: '/Member/:memberId/Field/:plotId',
    locale: 'en-US',
    login: agent,
    section: true,
  },
  {
    screen: 'plot’s page',
    path: '/Member/:memberId/Field/:plotId',
    locale: 'fr-FR',
    login: agent,
    section: true,
  },
  { screen: 'data', path: '/AdminDatas', locale: 'en-US', login: admin, section: true },
  { screen: 'data', path: '/AdminDatas', locale: 'fr-FR', login: admin, section: true },
  // Under their tabs' row, the activity table's header.
  { screen: 'logs', path: '/AdminLogs', locale: 'en-US', login: admin, section: true },
  { screen: 'logs', path: '/AdminLogs', locale: 'fr-FR', login: admin, section: true },
  // Under its breadcrumbs' row.
  { screen: 'new benefit run', path: '/NewBenefitRun', locale: 'en-US', login: admin, section: true },
  { screen: 'new benefit run', path: '/NewBenefitRun', locale: 'fr-FR', login: admin, section: true },
];

let agentsMember: Promise<{ memberId: string; plotId: string }> | undefined;
/** An address with a member of the agent's enabler in place of `:memberId`, and its plot of `:plotId`. */
const withMember = async (path: string): Promise<string> => {
  if (!path.includes(':memberId')) return path;
  agentsMember ??= signIn(agent.email, agent.password).then(async (token) => {
    const memberId = await memberWithPlot(token, 'Outline', 'Kaffrine');
    const { body } = await callApi(`/members/${encodeURIComponent(memberId)}`, { token });
    return { memberId, plotId: (body.plots as { id: string }[])[0]?.id ?? '' };
  });
  const { memberId, plotId } = await agentsMember;
  return path
    .replace(':memberId', encodeURIComponent(memberId))
    .replace(':plotId', encodeURIComponent(plotId));
};

interface Drawn {
  text: string;
  top: number;
  left: number;
}

const drawnOf = (page: Page, selector: string): Promise<Drawn> =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const { top, left } = element.getBoundingClientRect();
      return { text: element.textContent ?? '', top, left };
    });

describe('screen outlines', () => {
  test.for(cases)(
    'should draw the $screen’s heading and what is under it where the screen draws them ($locale, on a phone)',
    async ({ path: pattern, locale, login, held, banner, section, cards }, { browser }) => {
      const path = await withMember(pattern);
      const page = await signedInPage(browser, login, { locale, viewport: phone, isMobile: true });
      onTestFinished(() => page.context().close());

      // The outline alone: the app's code never comes.
      await page.context().route(/\/assets\/app-[^/]*\.js$/, (route) => route.abort());
      await page.goto(path);
      const under = banner ? '.screen-outline__banner' : '.screen-outline__description';
      await page.locator(under).waitFor();
      const heading = await drawnOf(page, '.screen-outline__heading');
      const description = await drawnOf(page, under);
      const sectionDescription = section
        ? await drawnOf(page, '.screen-outline__section-description')
        : undefined;
      const card = cards ? await drawnOf(page, '.screen-outline__card-label >> nth=-1') : undefined;
      const cardValue = cards ? await drawnOf(page, '.screen-outline__card-value >> nth=-1') : undefined;
      await page.context().unrouteAll();

      if (held !== undefined)
        await page.route(
          (url) => url.pathname === held,
          () => undefined,
        );
      await page.goto(path);
      // The users' heading gains their count once they are read.
      const screenHeading = page.getByRole('heading', { level: 1 }).filter({ hasText: heading.text }).first();
      await screenHeading.waitFor();
      const drawnHeading = await screenHeading.evaluate((element) => element.getBoundingClientRect());
      const drawnDescription = await drawnOf(
        page,
        banner
          ? 'img.home-banner:not(.screen-outline__banner)'
          : `p:text-is(${JSON.stringify(description.text)}), div:text-is(${JSON.stringify(description.text)})`,
      );
      expect(Math.abs(drawnHeading.top - heading.top)).toBeLessThanOrEqual(2);
      expect(drawnHeading.left).toBeCloseTo(heading.left, 0);
      expect(Math.abs(drawnDescription.top - description.top)).toBeLessThanOrEqual(2);
      expect(drawnDescription.left).toBeCloseTo(description.left, 0);
      if (sectionDescription) {
        const drawnSection = await drawnOf(page, `p:text-is(${JSON.stringify(sectionDescription.text)})`);
        expect(Math.abs(drawnSection.top - sectionDescription.top)).toBeLessThanOrEqual(2);
        expect(drawnSection.left).toBeCloseTo(sectionDescription.left, 0);
      }
      if (card && cardValue) {
        const drawnCard = await drawnOf(page, `div:text-is(${JSON.stringify(card.text)})`);
        const drawnValue = await drawnOf(page, `div:text-is(${JSON.stringify(cardValue.text)}) >> nth=-1`);
        expect(Math.abs(drawnCard.top - card.top)).toBeLessThanOrEqual(2);
        expect(drawnCard.left).toBeCloseTo(card.left, 0);
        expect(Math.abs(drawnValue.top - cardValue.top)).toBeLessThanOrEqual(2);
      }
    },
  );
});

/** The box of an element's text as drawn (what the browser weighs as a paint's size). */
const textBoxOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const range = element.ownerDocument.createRange();
      range.selectNodeContents(element);
      const { width, height } = range.getBoundingClientRect();
      return { text: element.textContent ?? '', width, height };
    });

describe('a benefit run’s outline', () => {
  let run: Promise<string> | undefined;
  /** A run the demo's administrator uploaded, waiting for another one's approval. */
  const uploadedRun = () =>
    (run ??= signIn(admin.email, admin.password).then((token) =>
      previewedRunByApi(
        token,
        [
          'assessmentId,assessmentDate,plotId,village,damageIndex',
          `OUTLINE-${Date.now().toString(36)},${new Date().toISOString().slice(0, 10)},,Fissel,0.5`,
        ].join('\n'),
      ),
    ));

  test.for(['en-US', 'fr-FR'])(
    'should draw the run’s heading where its page does, then its uploader’s alert wrapped as the page wraps it (%s, on a phone)',
    async (locale, { browser }) => {
      const path = `/BenefitRun/${encodeURIComponent(await uploadedRun())}`;
      const page = await signedInPage(browser, admin, { locale, viewport: phone, isMobile: true });
      onTestFinished(() => page.context().close());

      await page.context().route(/\/assets\/app-[^/]*\.js$/, (route) => route.abort());
      await page.goto(path);
      await page.locator('.screen-outline__alert-text').waitFor();
      const heading = await drawnOf(page, '.screen-outline__heading');
      const alert = await textBoxOf(page, '.screen-outline__alert-text');
      await page.context().unrouteAll();

      await page.goto(path);
      const screenHeading = page.getByRole('heading', { level: 1 }).filter({ hasText: heading.text }).first();
      await screenHeading.waitFor();
      const drawnHeading = await screenHeading.evaluate((element) => element.getBoundingClientRect());
      expect(Math.abs(drawnHeading.top - heading.top)).toBeLessThanOrEqual(2);
      expect(drawnHeading.left).toBeCloseTo(heading.left, 0);
      // The page's alert says the same on as many lines of the same width: its paint is no larger.
      const drawnAlert = await textBoxOf(page, `div:text-is(${JSON.stringify(alert.text)})`);
      expect(drawnAlert.text).toBe(alert.text);
      expect(drawnAlert.width).toBeCloseTo(alert.width, 0);
      expect(drawnAlert.height).toBeCloseTo(alert.height, 0);
    },
  );
});
