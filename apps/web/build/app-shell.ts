import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/** Files (no leading slash) that dist/index.html loads: its entry, module preloads and styles. */
function indexFiles(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="\/([\w./-]+\.(?:js|css))"/g)].map((match) => match[1] as string);
}

/** Every page chunk route-preloads.json names (the server-rendered entry pages' code). */
function entryPageFiles(json: string): string[] {
  const routes = JSON.parse(json) as { files: string[] }[];
  return routes.flatMap((route) => route.files.map((file) => file.replace(/^\//, '')));
}

/**
 * Workbox manifest transform (issue 32): the service worker precaches the app shell only — the code
 * every page starts with, the server-rendered entry pages' code, the account pages promised offline
 * (My Bookings, a voucher, the chat: offline-pages.json), the public scripts, icons and the manifest — not all ~150 chunks: on a first visit over mobile data the worker's install then costs
 * little beyond what the page itself loaded (those files come from the HTTP cache). Other chunks
 * are cached as they are used (src/sw/sw.ts).
 */
export async function appShellOnly<T extends { url: string }>(entries: T[]): Promise<{ manifest: T[] }> {
  const indexFile = path.join(dist, 'index.html');
  const routesFile = path.join(dist, 'route-preloads.json');
  const offlineFile = path.join(dist, 'offline-pages.json');
  const shell = new Set([
    ...(existsSync(indexFile) ? indexFiles(readFileSync(indexFile, 'utf8')) : []),
    ...(existsSync(routesFile) ? entryPageFiles(readFileSync(routesFile, 'utf8')) : []),
    ...(existsSync(offlineFile)
      ? (JSON.parse(readFileSync(offlineFile, 'utf8')) as string[]).map((file) => file.replace(/^\//, ''))
      : []),
  ]);
  const manifest = entries.filter(
    (entry) => !entry.url.startsWith('assets/') || shell.has(entry.url) || entry.url.endsWith('.css'),
  );
  return { manifest };
}
