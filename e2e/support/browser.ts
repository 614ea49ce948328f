import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's chromium; CHROMIUM_PATH for any other build. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// No GPU, sandbox, background traffic or updates: the same run on a laptop, in a container and on CI.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-dev-shm-usage',
];

const executablePath = (): string => {
  const path = chromiumPath();
  if (!existsSync(path)) {
    throw new Error(
      `Chromium is not at ${path}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  return path;
};

export const launchBrowser = async (): Promise<Browser> =>
  chromium.launch({ executablePath: executablePath(), headless: true, args: chromiumArgs });

/**
 * A browser that keeps its profile (cookies included) in a folder, as an installed one does: closed
 * and launched again on the same folder, it is a browser restart.
 */
export const launchPersistentBrowser = async (profileDir: string, baseURL: string): Promise<BrowserContext> =>
  chromium.launchPersistentContext(profileDir, {
    executablePath: executablePath(),
    headless: true,
    args: chromiumArgs,
    locale: 'en-US',
    baseURL,
  });
