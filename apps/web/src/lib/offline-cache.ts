/**
 * The service worker's caches (src/sw/sw.ts, issue 32), named in one place for the worker and the
 * page. The page empties `api` when the customer signs out: the next person on the phone must never
 * read the last one's bookings offline.
 */
export const CACHES = {
  pages: 'd3-pages',
  assets: 'd3-assets',
  images: 'd3-images',
  api: 'd3-api',
} as const;

/** Empties the kept API answers (sign-out); nothing to do where the browser has no Cache API. */
export async function forgetKeptApiAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(CACHES.api);
}
