import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { redocLogoUrl, withoutRedocLogo } from './redoc-offline.ts';

const require = createRequire(import.meta.url);
const redocBrowserBundle = (): string =>
  readFileSync(require.resolve('redoc/bundles/redoc.browser.lib.js'), 'utf8');

describe('redocOffline', () => {
  it('should leave no address of another host in the image Redoc shows', () => {
    const patched = withoutRedocLogo(redocBrowserBundle());
    expect(patched).not.toContain(redocLogoUrl);
    expect(patched).toContain('"redocly logo"');
    expect(patched).not.toMatch(/src:"https?:\/\//);
  });

  it('should fail on a bundle without the address, so that an upgrade is looked at', () => {
    expect(() => withoutRedocLogo('const a = 1;')).toThrow(/no longer names/);
  });
});
