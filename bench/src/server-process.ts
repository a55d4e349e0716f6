import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

export interface ServerInfo {
  kind: string;
  counts: { stores: number; offers: number };
  seedSeconds: number;
  startSeconds: number;
  hotDealsBytes: number;
  storeIds: string[];
  offerIds: string[];
}

export interface Running {
  info: ServerInfo;
  rssMb: () => number;
  /** CPU time (user + system) the process has used so far, in ms (from /proc, 10 ms resolution). */
  cpuMs: () => number;
  /** False once the process has exited (a crash under load). */
  alive: () => boolean;
  stop: () => Promise<void>;
}

/** CPU time (user + system) of a process in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
export function procCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Starts bench-server.ts (or another entry of this folder) in a child process and waits for its ready line. */
export async function startServer(
  port: number,
  env: Record<string, string>,
  entry = 'bench-server.ts',
): Promise<Running> {
  // BENCH_NODE_ARGS: extra flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // --expose-gc: the API bench reads RSS both as the load left it and after a full collection.
  const args = [...nodeArgs, '--expose-gc', '--conditions=source', '--import', 'tsx', path.join(here, entry)];
  const child = spawn(process.execPath, args, {
    cwd: repo,
    env: {
      ...process.env,
      // Development mode: no real M-Pesa/SMS credentials needed; the routes measured are the same.
      NODE_ENV: 'development',
      MPESA_SIMULATOR_AUTO: 'none',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<ServerInfo>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const line of buffer.split('\n')) {
        if (line.startsWith('{"ready"')) resolve(JSON.parse(line) as ServerInfo);
      }
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    info,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    cpuMs: () => procCpuMs(child.pid!),
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // A process still working off a backlog may not close in time: kill it after 10 s.
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Ends the process with a note unless the product is built (the API's server and the customer site). */
export function exitUnlessBuilt(): void {
  if (
    !existsSync(path.join(repo, 'apps', 'api', 'dist', 'server.js')) ||
    !existsSync(path.join(repo, 'apps', 'web', 'dist', 'index.html'))
  ) {
    console.error('Build first: npm run build');
    process.exit(1);
  }
}

/**
 * The customer site's six pages a site bench loads, as [name, path]: the four lists, and the offer
 * of the demo catalogue's top deal and its store (each server has its own catalogue and ids).
 */
export async function demoPages(base: string): Promise<[string, string][]> {
  const response = await fetch(`${base}/api/v1/offers/top-deals?limit=1`, {
    headers: { 'x-api-key': 'd3-dev-key' },
  });
  if (!response.ok) throw new Error(`/api/v1/offers/top-deals answered ${response.status}`);
  const top = (await response.json()) as {
    offers: { id: string; store_id?: string; store?: { id: string } }[];
  };
  const offer = top.offers[0];
  if (!offer) throw new Error('no offer in the demo catalogue');
  return [
    ['/', '/'],
    ['/hotdeals', '/hotdeals'],
    ['/stores', '/stores'],
    ['/service-requests', '/service-requests'],
    ['an offer', `/offer/${offer.id}`],
    ['a store', `/store/${offer.store_id ?? offer.store?.id}`],
  ];
}

/**
 * Starts the BUILT product (`node apps/api/dist/server.js`, PGlite in a fresh temporary DATA_DIR,
 * its demo data) on a port and waits for its ready line; `env` adds to it (e.g. WEB_DIST, WEB_SSR).
 */
export async function startBuiltProduct(
  port: number,
  env: Record<string, string> = {},
): Promise<{ base: string; stop: () => void }> {
  // The API renders pages from dist-server/ beside WEB_DIST: a dist copied without it would go out as
  // the unrendered shell, and the figures would be another product's (stop 64 measured such a copy).
  if (env.WEB_DIST && env.WEB_SSR !== 'false') {
    const entry = path.join(env.WEB_DIST, '..', 'dist-server', 'entry-server.js');
    if (!existsSync(entry))
      throw new Error(`no ${entry} beside ${env.WEB_DIST}: copy the build's dist-server too`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'd3-bench-site-'));
  const server = spawn(process.execPath, [path.join(repo, 'apps', 'api', 'dist', 'server.js')], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MPESA_SIMULATOR_AUTO: 'none',
      // A bench loads pages from one address far faster than people do (issue 31's page budget).
      PAGE_RATE_LIMIT_MAX: '100000000',
      // Several products may run side by side (BENCH_LH_BUILDS): each takes a free metrics port.
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('D3 Deals is running')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A phone as issue 32 measures one: 390 × 844 at 2x, touch, its CPU slowed 4x by DevTools (real
 * throttling, not Lighthouse's simulation). A fresh context: nothing cached from the page before.
 */
export async function slowPhone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page, cdp };
}
