import type { Plugin } from 'vite';

/** The one address Redoc loads from outside: its attribution logo, shown unconditionally in the side menu. */
export const redocLogoUrl = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
/** An empty data: URL: the image fails at once, without a request, and Redoc then drops it. */
const noImage = 'data:,';

const isRedocBundle = (id: string): boolean => /[\\/]node_modules[\\/]redoc[\\/]bundles[\\/]/.test(id);

/**
 * Redoc's bundle without its request to the internet: the back office runs without one, and an
 * administrator's visit must not be told to a third party. Fails when the address is gone from a Redoc
 * bundle the build reads, so that an upgrade is looked at again (the e2e test blocks every other host).
 */
export const withoutRedocLogo = (code: string): string => {
  if (!code.includes(redocLogoUrl)) throw new Error(`Redoc's bundle no longer names ${redocLogoUrl}`);
  return code.replaceAll(redocLogoUrl, noImage);
};

export const redocOffline = (): Plugin => ({
  name: 'cpbo:redoc-offline',
  enforce: 'pre',
  transform(code, id) {
    return isRedocBundle(id) && id.endsWith('.js') ? withoutRedocLogo(code) : undefined;
  },
});
