import type { Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { defaultLogins } from '../infra/local/seed/index.ts';
import { signedInPage } from './support/signed-in-page.ts';
import { describe, expect, test } from './support/test.ts';

/**
 * A screen's outline (web/src/app/shell/outline.ts) is drawn before the app's code, then replaced by the
 * screen: its heading and description must sit where the screen draws its own, or the page moves under the
 * user (a layout shift) and the screen's description counts as a new largest paint. Checked on a phone, in
 * both languages, where the waiting list's button goes under its heading in French and beside it in English.
 */
const phone = { width: 390, height: 844 };
const cases = [
  { screen: 'new member', path: '/Onboarding', locale: 'en-US' },
  { screen: 'new member', path: '/Onboarding', locale: 'fr-FR' },
  { screen: 'waiting list', path: '/Waiting', locale: 'en-US' },
  { screen: 'waiting list', path: '/Waiting', locale: 'fr-FR' },
];

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
    'should draw the $screen’s heading and description where the screen draws them ($locale, on a phone)',
    async ({ path, locale }, { browser }) => {
      const page = await signedInPage(
        browser,
        { email: defaultLogins.userEmail, password: defaultLogins.userPassword },
        { locale, viewport: phone, isMobile: true },
      );
      onTestFinished(() => page.context().close());

      // The outline alone: the app's code never comes.
      await page.context().route(/\/assets\/app-[^/]*\.js$/, (route) => route.abort());
      await page.goto(path);
      await page.locator('.screen-outline__description').waitFor();
      const heading = await drawnOf(page, '.screen-outline__heading');
      const description = await drawnOf(page, '.screen-outline__description');
      await page.context().unrouteAll();

      await page.goto(path);
      const screenHeading = page.getByRole('heading', { level: 1, name: heading.text, exact: true });
      await screenHeading.waitFor();
      const drawnHeading = await screenHeading.evaluate((element) => element.getBoundingClientRect());
      const drawnDescription = await drawnOf(
        page,
        `p:text-is(${JSON.stringify(description.text)}), div:text-is(${JSON.stringify(description.text)})`,
      );
      expect(Math.abs(drawnHeading.top - heading.top)).toBeLessThanOrEqual(2);
      expect(drawnHeading.left).toBeCloseTo(heading.left, 0);
      expect(Math.abs(drawnDescription.top - description.top)).toBeLessThanOrEqual(2);
      expect(drawnDescription.left).toBeCloseTo(description.left, 0);
    },
  );
});
