/**
 * `npm run bench:taps -w bench` (issue 32): on each server-rendered page, how long its buttons show
 * before the page is live — from the first button in the DOM (`#root button` or a marked control) to
 * `<html data-hydrated>` (root-layout.tsx's HydratedMark) — and how many of the buttons shown in that
 * window keep a tap for later (`data-tap`, replayed after hydration) or are links that work anyway.
 *
 * Starts the built product (PGlite, demo catalogue) and opens /, /hotdeals, /stores,
 * /service-requests, an offer and a store page in Debian's Chromium as a phone (390 × 844, touch) at
 * 4x CPU slowdown, with no network delay and with Lighthouse's slow 4G as DevTools applies it
 * (562.5 ms, 1.47 Mbps down, 675 kbps up). BENCH_TAPS_RUNS (default 3) runs per page and network,
 * a fresh context each. Writes the `taps` section of bench/RESULTS.md unless BENCH_WRITE=false.
 * Needs `npm run build` first.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { median } from './load.js';
import { replaceSection } from './results-file.js';
import { demoPages, exitUnlessBuilt, slowPhone, startBuiltProduct } from './server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3182);
const RUNS = Number(process.env.BENCH_TAPS_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

exitUnlessBuilt();

/** Lighthouse's mobile slow 4G as DevTools applies it (its "devtools" throttling figures). */
const NETWORKS = {
  none: null,
  'slow 4G': { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 },
} as const;

interface TapWindow {
  firstButtonMs: number;
  hydratedMs: number;
  windowMs: number;
  /** Buttons and links in #root when the first button showed up… */
  shown: number;
  /** …of which links (work before hydration) or marked controls (keep the tap). */
  working: number;
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const server = await startBuiltProduct(PORT);
const base = server.base;
const rows: string[] = [];
const load = os.loadavg();
try {
  const pages = await demoPages(base);
  for (const [networkName, network] of Object.entries(NETWORKS)) {
    for (const [name, url] of pages) {
      const windows: TapWindow[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const { context, page, cdp } = await slowPhone(browser);
        if (network) {
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
        }
        await page.addInitScript(() => {
          const w = window as unknown as { __taps: Partial<TapWindow> };
          w.__taps = {};
          const t = w.__taps;
          const observer = new MutationObserver(() => {
            const root = document.getElementById('root');
            if (t.firstButtonMs === undefined && root?.querySelector('button, [data-tap]')) {
              t.firstButtonMs = performance.now();
              const controls = [...root.querySelectorAll('button, a[href], [data-tap]')];
              t.shown = controls.length;
              t.working = controls.filter(
                (element) =>
                  element.matches('a[href], [data-tap]') && !element.matches('button:not([data-tap])'),
              ).length;
            }
            if (t.hydratedMs === undefined && document.documentElement.dataset.hydrated === 'true') {
              t.hydratedMs = performance.now();
              observer.disconnect();
            }
          });
          observer.observe(document, {
            subtree: true,
            childList: true,
            attributes: true,
            attributeFilter: ['data-hydrated'],
          });
        });
        await page.goto(`${base}${url}`, { waitUntil: 'commit' });
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
          timeout: 120_000,
        });
        const measured = await page.evaluate(() => (window as unknown as { __taps: TapWindow }).__taps);
        windows.push({ ...measured, windowMs: measured.hydratedMs - measured.firstButtonMs });
        await context.close();
      }
      const format = (list: number[]) => list.map((value) => `${(value / 1000).toFixed(2)} s`).join(', ');
      const first = windows[0] as TapWindow;
      const row = `| ${name} | ${networkName} | ${format(windows.map((w) => w.firstButtonMs))} | ${format(windows.map((w) => w.windowMs))} | ${(median(windows.map((w) => w.windowMs)) / 1000).toFixed(2)} s | ${first.working} of ${first.shown} |`;
      console.log(row);
      rows.push(row);
    }
  }
} finally {
  await browser.close();
  server.stop();
}

const cpus = os.cpus();
const body = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus.length} × ${cpus[0]?.model.trim()}, load average ${load.map((value) => value.toFixed(1)).join(' / ')} at the start (a shared host, busy with other engineers' builds and tests: figures vary run to run). Chromium as a phone (390 × 844, touch), 4x CPU slowdown, ${RUNS} runs per page and network, a fresh context each. "window": first button in the DOM → page hydrated (\`<html data-hydrated>\`); a tap in that window on a link works (a page load), on a marked control (\`data-tap\`) it is kept and replayed after hydration, any other button looks disabled until then. "working": links and marked controls among the buttons and links in the page when the first button showed.

| page | network | first button at | window (each run) | window median | working when shown |
|---|---|---|---|---:|---|
${rows.join('\n')}`;
console.log(body);
if (process.env.BENCH_WRITE !== 'false') replaceSection(path.join(repo, 'bench', 'RESULTS.md'), 'taps', body);
