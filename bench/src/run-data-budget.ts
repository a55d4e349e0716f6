/**
 * `npm run bench:data -w bench` (issue 32): what a first and a repeat visit to / and /hotdeals cost
 * on the wire — compressed bytes as Chromium received them (CDP `encodedDataLength`), by kind — and
 * what the service worker's install fetched beside the first visit.
 *
 * Starts the built product (PGlite, demo catalogue) and, per page, a fresh phone context (390 × 844):
 * the first visit loads the page and waits until the service worker controls it (its install's
 * fetches are counted apart); the repeat visit opens the page again in the same context, the way a
 * customer comes back the next day with the worker installed and the HTTP cache warm. Responses
 * served by the worker from its cache cost nothing on the wire and are counted as such.
 * Writes the `data-budget` section of bench/RESULTS.md unless BENCH_WRITE=false.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { replaceSection } from './results-file.js';
import { startBuiltProduct } from './server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3183);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(path.join(repo, 'apps', 'web', 'dist', 'sw.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

type TKind = 'document' | 'script' | 'style' | 'api' | 'image' | 'other';
type TTally = Record<TKind, number>;
const empty = (): TTally => ({ document: 0, script: 0, style: 0, api: 0, image: 0, other: 0 });

function kindOf(url: string, type: string): TKind {
  const pathname = new URL(url).pathname;
  if (pathname.startsWith('/api/')) return 'api';
  if (type === 'Document') return 'document';
  if (type === 'Script' || pathname.endsWith('.js')) return 'script';
  if (type === 'Stylesheet' || pathname.endsWith('.css')) return 'style';
  if (type === 'Image') return 'image';
  return 'other';
}

/** Counts every response the browser (page and its service worker) took from the network. */
async function meter(page: Page) {
  const tally = { page: empty(), requests: 0, fromWorker: 0 };
  const context = page.context();
  const attach = async (cdp: Awaited<ReturnType<typeof context.newCDPSession>>, into: 'page') => {
    const seen = new Map<string, { url: string; type: string; fromWorker: boolean }>();
    cdp.on('Network.responseReceived', (event) => {
      seen.set(event.requestId, {
        url: event.response.url,
        type: event.type,
        fromWorker: Boolean(event.response.fromServiceWorker),
      });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const request = seen.get(event.requestId);
      if (!request || request.url.startsWith('data:')) return;
      if (request.fromWorker) {
        tally.fromWorker += 1;
        return; // the worker's own fetch (if any) is counted on its side
      }
      tally.requests += 1;
      tally[into][kindOf(request.url, request.type)] += event.encodedDataLength;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  };
  await attach(await context.newCDPSession(page), 'page');
  return tally;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (tally: TTally) => Object.values(tally).reduce((sum, n) => sum + n, 0);

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const server = await startBuiltProduct(PORT);
const load = os.loadavg();
const rows: string[] = [];
try {
  for (const pathname of ['/', '/hotdeals']) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    // The worker's own network (its precache): Playwright reports a service worker's requests on the context.
    const workerTally = empty();
    context.on('requestfinished', async (request) => {
      if (!request.serviceWorker()) return;
      const sizes = await request.sizes().catch(() => null);
      if (sizes) workerTally[kindOf(request.url(), '')] += sizes.responseBodySize + sizes.responseHeadersSize;
    });
    const first = await context.newPage();
    const firstTally = await meter(first);
    await first.goto(`${server.base}${pathname}`, { waitUntil: 'networkidle' });
    await first.waitForFunction(
      async () => {
        await navigator.serviceWorker.ready;
        return navigator.serviceWorker.controller !== null;
      },
      null,
      { timeout: 120_000 },
    );
    await first.waitForTimeout(3000);
    await first.close();
    const repeat = await context.newPage();
    const repeatTally = await meter(repeat);
    await repeat.goto(`${server.base}${pathname}`, { waitUntil: 'networkidle' });
    await repeat.waitForTimeout(1500);
    const row = `| ${pathname} | ${kb(total(firstTally.page))} kB (document ${kb(firstTally.page.document)}, script ${kb(firstTally.page.script)}, style ${kb(firstTally.page.style)}, API ${kb(firstTally.page.api)}, images ${kb(firstTally.page.image)}) | ${kb(total(workerTally))} kB | ${kb(total(repeatTally.page))} kB (document ${kb(repeatTally.page.document)}, script ${kb(repeatTally.page.script)}, style ${kb(repeatTally.page.style)}, API ${kb(repeatTally.page.api)}, images ${kb(repeatTally.page.image)}) | ${repeatTally.fromWorker} |`;
    console.log(row);
    rows.push(row);
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}

const cpus = os.cpus();
const body = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus.length} × ${cpus[0]?.model.trim()}, load average ${load.map((value) => value.toFixed(1)).join(' / ')} (a shared host, busy with other engineers' work). Chromium as a phone (390 × 844), compressed bytes as received (CDP encodedDataLength: headers included), no throttling (bytes do not depend on it). First visit: a fresh profile. Worker install: what the service worker fetched for its precache beside that visit (most of it from the HTTP cache the page had just filled, so little on the wire). Repeat visit: the same profile again, the worker in charge: the document (server-rendered, with its data) and the API reads it makes are what the network still carries; code and styles come from the worker's cache.

| page | first visit | worker install | repeat visit | answered by the worker |
|---|---|---:|---|---:|
${rows.join('\n')}`;
console.log(body);
if (process.env.BENCH_WRITE !== 'false')
  replaceSection(path.join(repo, 'bench', 'RESULTS.md'), 'data-budget', body);
