/**
 * `npm run bench:trace -w bench` (issue 32): what a page's long tasks are made of on a slow phone.
 * Lighthouse puts most of the main-thread time of a server-rendered page under "Unattributable" and
 * "other"; this names it.
 *
 * Starts the built product (PGlite, demo catalogue), opens the six pages Lighthouse measures in
 * Debian's Chromium as a phone (server-process.ts `slowPhone`: 390 × 844, touch, a real 4x CPU
 * slowdown), records a trace for BENCH_TRACE_SECONDS (default 6) after the
 * navigation starts, and splits each task of 50 ms or more by the kind of work in it
 * (bench/src/trace-tasks.ts). BENCH_TRACE_RUNS (default 3) runs per page, a fresh context each;
 * BENCH_TRACE_PAGES=/,a store limits the pages. Prints each run and the median run per page (by
 * blocking time); writes the `trace` section of bench/RESULTS.md unless BENCH_WRITE=false.
 * BENCH_TRACE_KEEP=dir keeps each run's trace there (`<page>-<run>.json`, opens in DevTools). The
 * figures are real time on this host at 4x: they scale with the host's speed, so read them beside
 * its load average (given) and compare pages or builds within one run, not across hosts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { replaceSection } from './results-file.js';
import { demoPages, exitUnlessBuilt, slowPhone, startBuiltProduct } from './server-process.js';
import {
  blockingMs,
  firstContentfulPaintMs,
  KINDS,
  type Kind,
  type LongTask,
  longTasks,
  sumByKind,
  type TraceEvent,
} from './trace-tasks.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3183);
const RUNS = Number(process.env.BENCH_TRACE_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_TRACE_SECONDS ?? 6);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KEEP = process.env.BENCH_TRACE_KEEP;
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'loading'];

exitUnlessBuilt();

interface Run {
  tasks: LongTask[];
  /** The first contentful paint, ms from the first task. */
  fcp: number;
  /** Blocking time from the first contentful paint on. */
  blocking: number;
  load: number;
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const server = await startBuiltProduct(PORT);
const medians: string[] = [];
try {
  const only = process.env.BENCH_TRACE_PAGES?.split(',');
  const pages = (await demoPages(server.base)).filter(([name]) => !only || only.includes(name));
  for (const [name, url] of pages) {
    const runs: Run[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const { context, page } = await slowPhone(browser);
      await browser.startTracing(page, { categories: CATEGORIES });
      await page.goto(`${server.base}${url}`, { waitUntil: 'commit' });
      await page.waitForTimeout(SECONDS * 1000);
      const raw = (await browser.stopTracing()).toString();
      if (KEEP) {
        mkdirSync(KEEP, { recursive: true });
        writeFileSync(path.join(KEEP, `${name.replace(/[^\w]+/g, '_')}-${run}.json`), raw);
      }
      const trace = JSON.parse(raw) as { traceEvents: TraceEvent[] };
      await context.close();
      const tasks = longTasks(trace.traceEvents);
      // As Lighthouse's TBT: from the first contentful paint (before it, the navigation's own first
      // task: the page's JavaScript context is made and the parser started).
      const fcp = firstContentfulPaintMs(trace.traceEvents) ?? 0;
      const figures: Run = {
        tasks,
        fcp,
        blocking: blockingMs(tasks, fcp),
        load: Number(os.loadavg()[0]?.toFixed(1)),
      };
      runs.push(figures);
      const longest = [...tasks].sort((a, b) => b.durationMs - a.durationMs)[0];
      console.log(
        `run ${run} ${name.padEnd(18)} FCP ${Math.round(fcp)} ms, long tasks ${tasks.length}, blocking after it ${Math.round(figures.blocking)} ms, ${kindsText(sumByKind(tasks))}; longest ${longest ? taskText(longest) : '—'} (load ${figures.load})`,
      );
    }
    const median = [...runs].sort((a, b) => a.blocking - b.blocking)[Math.floor((runs.length - 1) / 2)];
    if (median) medians.push(tableRow(name, median, runs));
  }
} finally {
  await browser.close();
  server.stop();
}

function kindsText(byKind: Record<Kind, number>): string {
  return KINDS.filter((kind) => byKind[kind] >= 1)
    .map((kind) => `${kind} ${Math.round(byKind[kind])}`)
    .join(', ');
}

function taskText(task: LongTask): string {
  const top = KINDS.filter((kind) => task.byKind[kind] >= 1)
    .sort((a, b) => task.byKind[b] - task.byKind[a])
    .slice(0, 3)
    .map((kind) => `${kind} ${Math.round(task.byKind[kind])}`)
    .join(', ');
  return `${Math.round(task.durationMs)} ms at ${Math.round(task.startMs)} ms (${top}${task.script ? `; ${task.script}` : ''})`;
}

function tableRow(name: string, median: Run, runs: readonly Run[]): string {
  const byKind = sumByKind(median.tasks);
  const longest = [...median.tasks].sort((a, b) => b.durationMs - a.durationMs)[0];
  return `| ${name} | ${runs.map((run) => Math.round(run.blocking)).join(' / ')} | ${Math.round(median.fcp)} | ${median.tasks.length} | ${KINDS.map((kind) => Math.round(byKind[kind])).join(' | ')} | ${longest ? taskText(longest) : '—'} |`;
}

const date = new Date().toISOString().slice(0, 10);
const markdown = [
  `Measured ${date} by \`npm run bench:trace -w bench\`: the built product on PGlite with its demo data,`,
  `Debian's Chromium as a phone (390 × 844 at 2x, touch) at a real 4x CPU slowdown, no network delay, ${SECONDS} s`,
  `traced from the navigation, ${RUNS} runs per page. Tasks of 50 ms or more on the page's main thread, their`,
  `time split by the kind of work nested in them (ms, the whole trace; the run with the median blocking time).`,
  `Blocking time is each task's time past 50 ms from the first contentful paint on, as Lighthouse's TBT counts`,
  `it (Lighthouse on simulated time, and only until the page is interactive). Host: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')} at the end.`,
  '',
  `| page | blocking ms after FCP, each run | FCP ms | long tasks | ${KINDS.join(' | ')} | longest task |`,
  `|---|---|---:|---:|${KINDS.map(() => '---:').join('|')}|---|`,
  ...medians,
].join('\n');
console.log(`\n${markdown}`);
if (process.env.BENCH_WRITE !== 'false')
  replaceSection(path.join(repo, 'bench', 'RESULTS.md'), 'trace', markdown);
