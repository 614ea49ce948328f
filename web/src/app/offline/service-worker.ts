/** The service worker the build writes (vite-plugin-pwa, build/service-worker.ts). */
const WORKER_URL = '/sw.js';
/** How often a long-open app asks for a new build. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Makes the waiting worker of a new build take over; the page then reloads on its files. */
export type ApplyUpdate = () => void;

const whenLoadedAndIdle = (run: () => void) => {
  // After the page's own load, and when the main thread is free: the precache's downloads and the
  // worker's start never compete with the first screen.
  const idle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(run, { timeout: 5000 })
      : setTimeout(run, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
};

/**
 * Registers the service worker of a field agent's app (production builds only: the dev server has none).
 * A new build's worker installs beside the running one and waits: `onUpdate` is told, and the agent's
 * answer (`apply`) makes it take over and reloads the page, so that no page runs on two builds' files.
 */
export function registerServiceWorker(onUpdate: (apply: ApplyUpdate) => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { serviceWorker } = navigator;
  whenLoadedAndIdle(() => {
    serviceWorker
      .register(WORKER_URL)
      .then((registration) => {
        let reloading = false;
        const offer = (worker: ServiceWorker) =>
          onUpdate(() => {
            serviceWorker.addEventListener('controllerchange', () => {
              if (reloading) return;
              reloading = true;
              window.location.reload();
            });
            worker.postMessage({ type: 'SKIP_WAITING' });
          });
        // A first install controls the next load; only a worker replacing another one is an update.
        if (registration.waiting && serviceWorker.controller) offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed' && serviceWorker.controller) offer(installing);
          });
        });
        setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      })
      // No worker (private mode, blocked): the app works online as before.
      .catch(() => undefined);
  });
}
