import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker's precache: the code, styles and fonts of every screen (the plugin adds the manifest
 * and its icons). Not the API reference's Redoc (about 340 KB gzipped of an administrator's page) that an
 * agent's first visit would otherwise download.
 */
export const precachedFiles = ['**/*.{js,css,html,woff2,svg}'];
export const notPrecached = ['**/redoc-view-*.js'];

/**
 * The installable app and its service worker (Workbox, generated at build time): the shell and every
 * screen's code are precached under the build's hashes, so a signed-in agent's reload without network
 * opens the app. The SPA registers the worker itself, after sign-in (app/offline/service-worker.ts),
 * so that the login page loads none of it. A new build's worker waits until the agent accepts the
 * reload, so that a page never runs with half of its files from another build.
 */
export const serviceWorker = () =>
  VitePWA({
    injectRegister: false,
    registerType: 'prompt',
    includeAssets: [],
    manifest: {
      name: 'Crop protection back office',
      short_name: 'Crop protection',
      description: 'Back office of the crop-protection programme',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#0f7b3f',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      ],
    },
    workbox: {
      globPatterns: precachedFiles,
      globIgnores: notPrecached,
      // A screen's address opens the precached shell; the API is never answered from the cache.
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//],
      // One file (no importScripts), so the worker's Content-Security-Policy is the page's.
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      // The first worker takes the open page at once (the screens' code it loads later comes from the
      // precache, offline too); a new build's worker waits for the agent (skipWaiting false).
      clientsClaim: true,
      skipWaiting: false,
    },
  });
