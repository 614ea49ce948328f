import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import {
  fileSizes,
  firstScreens,
  loginPageScriptBudget,
  pageFiles,
  screenLogins,
  totalSizes,
  type FirstScreen,
  type ScreenSample,
  type ViteManifest,
  withSample,
} from '../infra/local/bench/page-assets.ts';
import { findScreenSample } from '../infra/local/bench/screen-sample.ts';
import { defaultLogins } from '../infra/local/seed/index.ts';
import { LoginPage } from './pages/login-page.ts';
import { signedInPage } from './support/signed-in-page.ts';
import { describe, expect, test } from './support/test.ts';

const webDist = process.env.E2E_WEB_DIST
  ? resolve(process.env.E2E_WEB_DIST)
  : fileURLToPath(new URL('../web/dist/', import.meta.url));
const manifest = (): ViteManifest =>
  JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;

/** A page opened in a fresh context, signed in as the demo's agent or administrator when the screen needs it. */
const openScreen = (browser: Browser, screen: FirstScreen): Promise<Page> =>
  signedInPage(browser, screen.signedInAs && screenLogins(screen.signedInAs, defaultLogins));

let sample: ScreenSample | undefined;
/** The demo's member with a plot, and a benefit run, whose pages the screens open (read once). */
const screenSample = async (): Promise<ScreenSample> => {
  sample ??= await findScreenSample(inject('appUrl'), defaultLogins);
  return sample;
};

describe('first screens', () => {
  test('should keep the login page within 170 KB of gzipped JavaScript', () => {
    const login = firstScreens.find(({ path }) => path === '/') as FirstScreen;
    const { scripts } = pageFiles(manifest(), login.lazyModules);
    const gzipped = totalSizes(scripts.map((file) => fileSizes(webDist, file))).gzip;
    expect(gzipped).toBeGreaterThan(0);
    expect(gzipped).toBeLessThanOrEqual(loginPageScriptBudget);
  });

  test.for(firstScreens)(
    'should fetch for the $name the scripts and stylesheets the build manifest names, compressed',
    async (screen, { browser }) => {
      const page = await openScreen(browser, screen);
      const encodings = new Map<string, string>();
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        encodings.set(
          new URL(response.url()).pathname.slice(1),
          response.headers()['content-encoding'] ?? 'none',
        );
      });
      const ids = await screenSample();
      const ownCall = screen.ownCall && withSample(screen.ownCall, ids);
      const shown = ownCall
        ? page.waitForResponse((response) => new URL(response.url()).pathname === ownCall)
        : undefined;
      await page.goto(withSample(screen.path, ids));
      if (shown) await shown;
      else if (screen.signedInAs) await page.getByRole('heading', { level: 1 }).first().waitFor();
      else await new LoginPage(page, 'en').shown();
      const { scripts, stylesheets } = pageFiles(manifest(), screen.lazyModules);
      const predicted = [...scripts, ...stylesheets];
      // Some files come after the page's own call (the member list's preferences, once its first page is
      // there), and 'networkidle' may have been reached before that call: wait for the whole list, then
      // for a quiet network, so that a file fetched beyond the prediction still shows.
      await expect.poll(() => predicted.every((file) => encodings.has(file)), { timeout: 15_000 }).toBe(true);
      await page.waitForTimeout(1000);
      expect([...encodings.keys()].sort()).toEqual(predicted.sort());
      // Chromium accepts brotli; files under 1 000 bytes are sent as they are, as CloudFront does.
      for (const file of predicted) {
        expect(encodings.get(file), file).toBe(fileSizes(webDist, file).raw < 1000 ? 'none' : 'br');
      }
      await page.context().close();
    },
  );

  test('should open a screen whose address ends with a dot and an @ instead of answering "Not found"', async ({
    openApp,
  }) => {
    const page = await openApp({ path: '/UpdateUser/agent%40demo.local' });
    await new LoginPage(page, 'en').shown();
    const direct = await fetch(`${inject('appUrl')}/UpdateUser/first.last%40coop.example.org`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await fetch(`${inject('appUrl')}/assets/missing.js`)).status).toBe(404);
  });
});
