import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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

export const launchBrowser = async (): Promise<Browser> => {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium is not at ${executablePath}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  return chromium.launch({ executablePath, headless: true, args: chromiumArgs });
};
