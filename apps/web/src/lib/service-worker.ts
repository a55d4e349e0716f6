import { toastAction } from './toast';

/** The site's one service worker (src/sw/sw.ts, built into dist/sw.js by vite-plugin-pwa). */
export const SERVICE_WORKER_URL = '/sw.js';
export const UPDATE_READY_MESSAGE = 'A new version of D3 Deals is ready.';
/** How often an open tab asks for a new build besides on each page load (ms). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let registered: Promise<ServiceWorkerRegistration | undefined> | undefined;

/**
 * Registers the service worker once per page (issue 32) — after the page has loaded, so it never
 * competes with the first view — and keeps it current: a new build installs beside the running one
 * and waits; the customer is told a reload is needed and, when they take it, the new worker takes
 * over and the page reloads itself. No cache ever needs clearing by hand.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV)
    return Promise.resolve(undefined);
  registered ??= (async () => {
    const { Workbox } = await import('workbox-window');
    const workbox = new Workbox(SERVICE_WORKER_URL);
    workbox.addEventListener('waiting', () => {
      workbox.addEventListener('controlling', () => window.location.reload());
      toastAction(UPDATE_READY_MESSAGE, 'Reload', () => workbox.messageSkipWaiting());
    });
    const registration = await workbox.register();
    const check = () => void registration?.update().catch(() => undefined);
    setInterval(check, UPDATE_CHECK_MS);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check();
    });
    return registration;
  })().catch(() => undefined);
  return registered;
}
