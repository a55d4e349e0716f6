/**
 * The customer site's one service worker (issue 32), built by the site's build (vite-plugin-pwa,
 * Workbox injectManifest) into dist/sw.js and registered by src/lib/service-worker.ts. It holds:
 *  - Web Push (push-handlers.ts, issue 11: it was public/push-sw.js);
 *  - the app shell: the code every page starts with (the build's index.html: its entry, module
 *    preloads and styles), the icons and the manifest, precached at install; `/app-shell` (the
 *    site's index.html as the API serves it, unrendered) answers a page opened offline that was
 *    never opened online;
 *  - pages: network first (a slow line gives up after NAVIGATION_TIMEOUT_S and shows the copy kept
 *    from the last visit), the last PAGES_KEPT pages kept for offline reading;
 *  - the site's other code (hashed, immutable) and images: from the cache once fetched;
 *  - API reads (GET /api/v1/…): network first, the last answer kept for offline reading (the
 *    customer's bookings and vouchers among them). Signing out empties that cache (CACHES.api,
 *    see src/lib/offline-cache.ts), so the next customer on the phone never reads the last one's.
 * A new build installs beside the running one and waits; the page offers a reload
 * (src/lib/service-worker.ts) and sends SKIP_WAITING when the customer takes it.
 */
import { APP_SHELL_PATH } from '@d3/shared/site/site-routes';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CACHES } from '../lib/offline-cache';
import { listenForPushes, type TPushScope } from './push-handlers';

interface TWorkerScope extends TPushScope {
  __WB_MANIFEST: { url: string; revision: string | null }[];
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: never) => void): void;
}

declare const self: TWorkerScope;

const NAVIGATION_TIMEOUT_S = 4;
const API_TIMEOUT_S = 6;
const PAGES_KEPT = 30;
const SHELL_URL = APP_SHELL_PATH;

listenForPushes(self);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

self.addEventListener('message', (event: { data?: { type?: string } }) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The unrendered index.html, for an address opened offline that has no copy of its own.
self.addEventListener('install', (event: { waitUntil(promise: Promise<unknown>): void }) => {
  event.waitUntil(caches.open(CACHES.pages).then((cache) => cache.add(SHELL_URL)));
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    sameOrigin(url) &&
    !url.pathname.startsWith('/merchant') &&
    !url.pathname.startsWith('/api/'),
  new NetworkFirst({
    cacheName: CACHES.pages,
    networkTimeoutSeconds: NAVIGATION_TIMEOUT_S,
    plugins: [new ExpirationPlugin({ maxEntries: PAGES_KEPT })],
  }),
);

registerRoute(
  ({ request, url }) => sameOrigin(url) && request.destination !== '' && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: CACHES.assets,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
);

registerRoute(
  ({ request, url }) =>
    request.destination === 'image' && (url.pathname.startsWith('/media/') || !sameOrigin(url)),
  new CacheFirst({
    cacheName: CACHES.images,
    plugins: [
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 60 * 60 * 24 * 30, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/api/v1/'),
  new NetworkFirst({
    cacheName: CACHES.api,
    networkTimeoutSeconds: API_TIMEOUT_S,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 14 })],
  }),
  'GET',
);

// A page with no copy of its own, offline: the app shell, which says it is offline and reads what it kept.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const shell = await caches.match(SHELL_URL, { cacheName: CACHES.pages });
    if (shell) return shell;
  }
  return Response.error();
});
