import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { expect, inject, test as base } from 'vitest';
import { launchBrowser } from './browser.ts';
import './provided-context.ts';
import { runtimeLogFrom } from './runtime-log.ts';

export interface OpenAppOptions {
  /** Sets navigator.language and Accept-Language, which choose the SPA's language. */
  locale?: string;
  path?: string;
  /**
   * A phone's screen instead of a desktop's: Lighthouse's mobile one (412 × 823 CSS pixels, touch), or
   * one of this size.
   */
  phone?: boolean | { width: number; height: number };
  /** Where the browser's geolocation says the device is (allowed to the app). */
  geolocation?: { latitude: number; longitude: number; accuracy: number };
  /** A desktop's screen of this size (1366 × 768: an administrator's laptop). */
  viewport?: { width: number; height: number };
}

const phoneScreen = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

const resultsDir = fileURLToPath(new URL('../../test-results/', import.meta.url));
const fileNameOf = (text: string): string =>
  text
    .replace(/[^\w-]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 100);

/**
 * The end-to-end test: `browser` is one Chromium per test file; `openApp` opens the app in a fresh
 * browser context (own cookies, own locale) and screenshots every page it opened when the test fails,
 * and a failing test prints what the runtime logged during it.
 */
export const test = base
  .extend('runtimeLog', { auto: true }, async ({ task }, { onCleanup }): Promise<void> => {
    const log = await runtimeLogFrom(inject('runtimeLogFile'));
    onCleanup(async () => {
      if (task.result?.state === 'fail')
        console.log(`The runtime's log during the test:\n${await log.written()}`);
    });
  })
  // Vitest reads a fixture's dependencies from its destructuring pattern, so this one needs an empty one.
  // eslint-disable-next-line no-empty-pattern
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }): Promise<Browser> => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('openApp', async ({ browser, task }, { onCleanup }) => {
    const pages: Page[] = [];
    const violations: string[] = [];
    onCleanup(async () => {
      if (task.result?.state === 'fail') {
        await mkdir(resultsDir, { recursive: true });
        const name = fileNameOf(`${task.file.name}-${task.name}`);
        await Promise.all(
          pages.map((page, index) =>
            page
              .screenshot({ path: join(resultsDir, `${name}-${index + 1}.png`), fullPage: true })
              .catch(() => undefined),
          ),
        );
      }
      await Promise.all(pages.map((page) => page.context().close()));
      expect(violations, 'refused by the Content-Security-Policy').toEqual([]);
    });
    return async ({
      locale = 'en-US',
      path = '/',
      phone = false,
      geolocation,
      viewport,
    }: OpenAppOptions = {}): Promise<Page> => {
      const context = await browser.newContext({
        locale,
        baseURL: inject('appUrl'),
        ...(phone ? phoneScreen : {}),
        ...(typeof phone === 'object' ? { viewport: phone } : {}),
        ...(geolocation ? { geolocation, permissions: ['geolocation'] } : {}),
        ...(viewport && { viewport }),
      });
      const page = await context.newPage();
      // The local server sends CloudFront's Content-Security-Policy: whatever it refuses fails the test.
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
          violations.push(`${page.url()}: ${message.text()}`);
      });
      pages.push(page);
      await page.goto(path);
      return page;
    };
  });

export { describe, expect } from 'vitest';
