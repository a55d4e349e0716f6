/**
 * `npm run bench:web`: the customer home page as a mid-range phone on mobile data sees it.
 *
 * Starts the built product (`node apps/api/dist/server.js`, PGlite in a temporary DATA_DIR with
 * the demo catalogue), opens / in Debian's Chromium with 4x CPU slowdown and a 9 Mbps / 100 ms
 * network (Chrome DevTools Protocol), a fresh profile each run, and reads:
 *  - first-load JavaScript: every script the page fetched until the network went idle, as gzip
 *    bytes (the .gz files the server sends to gzip clients) and as the bytes actually transferred;
 *  - LCP and CLS from PerformanceObserver (buffered), after the page settled.
 * BENCH_WEB_RUNS (default 5) runs; medians go to the web section of bench/RESULTS.md.
 * Needs `npm run build` first (the bench:web script does it).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { median } from './load.js';
import { replaceSection } from './results-file.js';
import { startBuiltProduct } from './server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const webDist = path.join(repo, 'apps', 'web', 'dist');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3180);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const base = `http://127.0.0.1:${PORT}`;

if (
  !existsSync(path.join(repo, 'apps', 'api', 'dist', 'server.js')) ||
  !existsSync(path.join(webDist, 'index.html'))
) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const server = await startBuiltProduct(PORT);

/** gzip size of a built asset: the .gz the server sends, else compressed here. */
function gzipBytes(urlPath: string): number {
  const file = path.join(webDist, decodeURIComponent(urlPath));
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

interface RunResult {
  lcpMs: number;
  cls: number;
  jsGzipKb: number;
  jsTransferKb: number;
  scripts: number;
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const runs: RunResult[] = [];
try {
  for (let run = 1; run <= RUNS; run += 1) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 13; moto g power (2023)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 100,
      downloadThroughput: (9 * 1_000_000) / 8,
      uploadThroughput: (9 * 1_000_000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const transferred = new Map<string, number>();
    const scriptRequests = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.type === 'Script') scriptRequests.set(event.requestId, new URL(event.request.url).pathname);
    });
    cdp.on('Network.loadingFinished', (event) => {
      const pathname = scriptRequests.get(event.requestId);
      if (pathname) transferred.set(pathname, event.encodedDataLength);
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __cls: number; __lcpElement: string };
      w.__lcp = 0;
      w.__cls = 0;
      w.__lcpElement = '';
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element; url?: string })[]) {
          w.__lcp = entry.startTime;
          const element = entry.element;
          w.__lcpElement = element
            ? `${element.tagName.toLowerCase()}${entry.url ? ` ${entry.url}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`
            : '';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2000);
    const { lcp, cls, lcpElement, fcp, domContentLoaded, heroImageEnd } = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __cls: number; __lcpElement: string };
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const navigation = performance.getEntriesByType('navigation')[0] as
        | PerformanceNavigationTiming
        | undefined;
      const hero = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/media/')) as
        | PerformanceResourceTiming
        | undefined;
      return {
        lcp: w.__lcp,
        cls: w.__cls,
        lcpElement: w.__lcpElement,
        fcp: Math.round(paint?.startTime ?? 0),
        domContentLoaded: Math.round(navigation?.domContentLoadedEventEnd ?? 0),
        heroImageEnd: Math.round(hero?.responseEnd ?? 0),
      };
    });
    const paths = [...new Set(scriptRequests.values())].filter(
      (p) => p.endsWith('.js') && !p.startsWith('/api/'),
    );
    const result: RunResult = {
      lcpMs: Math.round(lcp),
      cls: Number(cls.toFixed(4)),
      jsGzipKb: Number((paths.reduce((sum, p) => sum + gzipBytes(p), 0) / 1024).toFixed(1)),
      jsTransferKb: Number(([...transferred.values()].reduce((sum, n) => sum + n, 0) / 1024).toFixed(1)),
      scripts: paths.length,
    };
    console.log(
      `run ${run}: LCP ${result.lcpMs} ms, CLS ${result.cls}, JS ${result.jsGzipKb} KB gzip (${result.jsTransferKb} KB transferred, ${result.scripts} files)`,
    );
    console.log(
      `  FCP ${fcp} ms, DOMContentLoaded ${domContentLoaded} ms, first image loaded ${heroImageEnd} ms`,
    );
    if (run === 1) console.log(`  LCP element: ${lcpElement}\n  scripts: ${paths.join(', ')}`);
    runs.push(result);
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}

const summary = {
  lcpMs: median(runs.map((r) => r.lcpMs)),
  cls: median(runs.map((r) => r.cls)),
  jsGzipKb: median(runs.map((r) => r.jsGzipKb)),
  jsTransferKb: median(runs.map((r) => r.jsTransferKb)),
};
const date = new Date().toISOString().slice(0, 10);
const markdown = [
  `Measured ${date}, ${RUNS} runs (medians), Chromium ${browser.version()} headless, 412×915 phone viewport, 4x CPU slowdown, 9 Mbps / 100 ms network, fresh profile per run, demo catalogue on PGlite.`,
  '',
  '| figure | target | measured |',
  '|---|---:|---:|',
  `| home first-load JS (gzip) | ≤ 170 KB | ${summary.jsGzipKb} KB (${summary.jsTransferKb} KB transferred: gzip over plain HTTP; brotli over HTTPS is smaller) |`,
  `| home LCP | < 1250 ms | ${summary.lcpMs} ms |`,
  `| home CLS | < 0.05 | ${summary.cls} |`,
].join('\n');
console.log(`\n${markdown}`);
if (process.env.BENCH_WRITE !== 'false')
  replaceSection(path.join(repo, 'bench', 'RESULTS.md'), 'web', markdown);
