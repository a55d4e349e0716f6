/**
 * `npm run bench`: the API benchmarks of issue 4 on PostgreSQL and on PGlite.
 *
 * Per backend (issue 16): the catalogue is topped up to 2,000+ stores / 50,000 offers; with the
 * response cache off every target runs beside its plain-query reference (plain-routes.ts), plus the
 * framework ceiling (hello) and the in-memory Hot Deals page; then the product targets again with
 * the 5 s response cache on. BENCH_SMALL=true adds the 5,000-offer search phase of issue 4. Each phase runs the real server in a
 * child process (bench-server.ts); autocannon runs here, in this process.
 * Results: bench/results/api-<backend>.json and the API section of bench/RESULTS.md.
 * Knobs: BENCH_BACKENDS=postgres,pglite BENCH_ROUNDS=3 BENCH_SECONDS=10 BENCH_WARMUP=3
 * BENCH_CONNECTIONS=50 BENCH_PG_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_PG_DATABASE=d3_bench
 * BENCH_PG_REUSE=true (keeps that database's catalogue, for A/B runs of one change; same scale only)
 * BENCH_ONLY=search-word,search-typo (a partial run: those targets and their references; RESULTS.md
 *   untouched, its figures kept in results/api-<backend>-partial.json at 1x for the 10x run to compare with)
 * BENCH_BUSY_CORES=1 (issue 38's busy host, on demand): a spinning process takes a core while the targets
 *   are measured (load.ts takeCores; not while the catalogue loads), and the figures say so.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BROWSER_ACCEPT_ENCODING,
  cpuIndexText,
  HELLO_TARGET,
  measure,
  type RoundResult,
  type Target,
  takeCores,
} from './load.js';
import { createBenchDatabase } from './postgres.js';
import { replaceSection } from './results-file.js';
import { newestBase, scaleVerdict } from './scale-goal.js';
import { type ServerInfo, startServer } from './server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const benchDir = path.resolve(here, '..');

const options = {
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
};
/**
 * Issue 38: `npm run bench:10x` runs the same benchmark at BENCH_SCALE=10 — 20,000 stores and
 * 500,000 offers from the bench's own generator (scale-seed.ts) — and writes its own section.
 */
const scale = Number(process.env.BENCH_SCALE ?? 1);
const STORES = String(2000 * scale);
const OFFERS = String(50_000 * scale);
const OFFERS_LABEL = (50_000 * scale).toLocaleString('en-US');
const backends = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',').map((b) => b.trim());
const PORT = Number(process.env.BENCH_PORT ?? 3170);
const BUSY_CORES = Number(process.env.BENCH_BUSY_CORES ?? 0);
const log = (line: string) => console.log(line);

/** Issue 16: a varied URL mix, so no two consecutive requests share a URL (BENCH_SINGLE_URL=true: the old single URLs). */
const varied = process.env.BENCH_SINGLE_URL !== 'true';
const WORDS = [
  'massage',
  'facial',
  'haircut',
  'manicure',
  'yoga',
  'pizza',
  'coffee',
  'brunch',
  'barber',
  'laundry',
];
const TYPOS = ['masage', 'facal', 'hiarcut', 'manicur', 'yogaa', 'piza', 'cofee', 'brnch', 'barbr', 'laundy'];
const PLACES = [
  'westlands',
  'mombasa',
  'kilimani',
  'karen',
  'nakuru',
  'thika',
  'kisumu',
  'eldoret',
  'Nairobi',
  'gigiri',
];
const CATEGORIES = [
  '',
  'Beauty%20%26%20Spa',
  'Food%20%26%20Dining',
  'Automotive',
  'Health%20%26%20Fitness',
  'Events',
];
const SORTS = ['latest', 'discount', 'price_low_high', 'price_high_low'];
function mix(count: number, make: (i: number) => string): string[] {
  return Array.from({ length: count }, (_, i) => make(i));
}
// Each maps 0..199 to 200 different URLs: 10 words (typos) x 20 page sizes; 10 words x 10 places x 2 sizes.
const searchWordPath = (i: number) =>
  `/api/v1/search?query=${WORDS[i % 10]}&limit=${20 + (Math.floor(i / 10) % 20)}`;
const searchTypoPath = (i: number) =>
  `/api/v1/search?query=${TYPOS[i % 10]}&limit=${20 + (Math.floor(i / 10) % 20)}`;
const searchPlacePath = (i: number) =>
  `/api/v1/search?query=${WORDS[i % 10]}&location=${PLACES[Math.floor(i / 10) % 10]}&limit=${20 + (Math.floor(i / 100) % 2)}`;
/**
 * `search` is the issue's row as written ("search over 200 different words, typos and places"): one
 * stream of 200 URLs in which a word, a typo and a word in a place take turns. The other three are each
 * kind alone, held to the same goal (stricter: a typo's yardstick finds nothing and answers fastest).
 */
const PREFIXES = ['mass', 'faci', 'hairc', 'mani', 'yog', 'pizz', 'coff', 'brun', 'barb', 'laund'];
const searchPrefixPath = (i: number) =>
  `/api/v1/search?query=${PREFIXES[i % 10]}&limit=${20 + (Math.floor(i / 10) % 20)}`;
const searchTwoWordsPath = (i: number) =>
  `/api/v1/search?query=${WORDS[i % 10]}%20${WORDS[(i + 3) % 10]}&limit=${20 + (Math.floor(i / 10) % 20)}`;
/**
 * Issue 38's mixed stream, 200 URLs in 20 blocks of 10: 4 words, 2 typos (a fifth), 2 prefixes
 * (a fifth), 1 word in a place, 1 two-word query. Stated in the output (SEARCH_MIX).
 */
const MIXED_KINDS = [
  searchWordPath,
  searchTypoPath,
  searchWordPath,
  searchPrefixPath,
  searchPlacePath,
  searchWordPath,
  searchTypoPath,
  searchPrefixPath,
  searchWordPath,
  searchTwoWordsPath,
];
const SEARCH_MIX = 'words 40 %, typos 20 %, prefixes 20 %, a word in a place 10 %, two words 10 %';
const searchTargets = (): Target[] =>
  varied
    ? [
        {
          name: 'search',
          paths: mix(200, (i) => [searchWordPath, searchTypoPath, searchPlacePath][i % 3]!(i)),
        },
        { name: 'search-mixed', paths: mix(200, (i) => MIXED_KINDS[i % 10]!(i)) },
        { name: 'search-prefix', paths: mix(200, searchPrefixPath) },
        { name: 'search-word', paths: mix(200, searchWordPath) },
        { name: 'search-typo', paths: mix(200, searchTypoPath) },
        { name: 'search-location', paths: mix(200, searchPlacePath) },
      ]
    : [
        { name: 'search-word', paths: ['/api/v1/search?query=massage'] },
        { name: 'search-typo', paths: ['/api/v1/search?query=masage'] },
        { name: 'search-location', paths: ['/api/v1/search?query=massage&location=westlands'] },
      ];
const hotDealsPaths = () =>
  varied
    ? mix(480, (i) => {
        const category = CATEGORIES[i % 6];
        return `/api/v1/offers?location=${PLACES[i % 10]}&sortBy=${SORTS[Math.floor(i / 10) % 4]}&page=${1 + (Math.floor(i / 40) % 5)}${category ? `&category=${category}` : ''}`;
      })
    : ['/api/v1/offers?location=westlands&page=2'];

/** The plain-query twin of a product path (bench/src/plain-routes.ts answers the same query string). */
const plainOf = (paths: string[]) =>
  paths.map((p) =>
    p
      .replace('/api/v1/offers?', '/api/v1/bench/plain/offers?')
      .replace('/api/v1/search?', '/api/v1/bench/plain/search?')
      .replace(/^\/api\/v1\/stores\//, '/api/v1/bench/plain/stores/'),
  );

/** BENCH_ONLY=search-word,search-typo: only those product targets (a partial run, not written to RESULTS.md). */
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());

/**
 * Issue 38: the server-rendered pages beside the API call that returns their data, on varied URLs
 * (no two requests in a row share one): `page-<x>` is the page, `api-<x>` its call. The home page,
 * Hot Deals and the stores list vary by a query parameter the page ignores (`?from=`); a query
 * string only skips their inline boot data, which the render answers anyway. Pages are asked for
 * as a browser asks (Accept-Encoding: gzip, deflate, br, zstd), so they leave compressed; the API
 * calls, as before, without (stop 48: a kept page is compressed once, not for each reader).
 */
function pageTargets(storeIds: string[], offerIds: string[]): { page: Target; api: Target }[] {
  const html = { accept: 'text/html', acceptEncoding: BROWSER_ACCEPT_ENCODING };
  const n = 480;
  return [
    {
      page: { name: 'page-home', paths: mix(n, (i) => `/?from=${i}`), ...html },
      api: { name: 'api-home', paths: mix(n, (i) => `/api/v1/offers/top-deals?limit=${20}&from=${i}`) },
    },
    {
      page: { name: 'page-hotdeals', paths: mix(n, (i) => `/hotdeals?from=${i}`), ...html },
      api: {
        name: 'api-hotdeals',
        paths: mix(n, (i) => `/api/v1/offers?status=active&limit=12&sortBy=latest&page=1&from=${i}`),
      },
    },
    {
      page: { name: 'page-stores', paths: mix(n, (i) => `/stores?from=${i}`), ...html },
      api: {
        name: 'api-stores',
        paths: mix(n, (i) => `/api/v1/stores?limit=20&sortBy=popular&page=1&from=${i}`),
      },
    },
    {
      page: { name: 'page-store', paths: storeIds.map((id) => `/store/${id}`), ...html },
      api: { name: 'api-store', paths: storeIds.map((id) => `/api/v1/stores/${id}`) },
    },
    {
      page: { name: 'page-offer', paths: offerIds.map((id) => `/offer/${id}`), ...html },
      api: { name: 'api-offer', paths: offerIds.map((id) => `/api/v1/offers/${id}`) },
    },
  ].filter(({ page }) => !only || only.includes(page.name));
}

/** Product targets and, beside each, its plain-query reference (`plain-<name>`). */
function productTargets(storeIds: string[]): { product: Target[]; plain: Target[] } {
  const product: Target[] = [
    { name: 'hot-deals', paths: hotDealsPaths() },
    { name: 'store', paths: storeIds.map((id) => `/api/v1/stores/${id}`) },
    ...searchTargets(),
  ].filter((target) => !only || only.includes(target.name));
  return { product, plain: product.map((t) => ({ name: `plain-${t.name}`, paths: plainOf(t.paths) })) };
}

/**
 * The cached pages' second yardstick (issue 38, stop 56): a page's bytes as a kept copy sends them
 * (Hot Deals in brotli), from memory through a bare route. The load generator (autocannon) turns
 * every answer's body into a string; compressed bytes cost it about twice what the memory route's
 * ASCII JSON does, and on a 2-core host the generator shares the CPU with the server. Against this
 * route the page cache is measured on equal bytes.
 */
const MEMORY_PAGE_TARGET: Target = {
  name: 'memory-page',
  paths: ['/api/v1/bench/page'],
  accept: 'text/html',
  acceptEncoding: BROWSER_ACCEPT_ENCODING,
};

/** A page then its API call, for each page. */
const pagePairs = (storeIds: string[], offerIds: string[]) =>
  pageTargets(storeIds, offerIds).flatMap(({ page, api }) => [api, page]);

/** Interleave so each product target runs right after its reference, in every round. */
const interleave = (product: Target[], plain: Target[]) =>
  product.flatMap((target, i) => [plain[i] as Target, target]);

type Results = Record<string, RoundResult>;

interface BackendResult {
  backend: string;
  version: string;
  small?: { counts: ServerInfo['counts']; results: Results } | undefined;
  large: {
    counts: ServerInfo['counts'];
    seedSeconds: number;
    hotDealsBytes: number;
    /** RSS of the process that bulk-loaded the catalogue, right after loading it (issue 16). */
    seedRssMb: number;
    /** RSS of the measured process (started on the loaded catalogue), as the uncached run left it. */
    rssMb: number;
    rssAfterGcMb: number;
    /** PUBLIC_CACHE_TTL_MS=0: every request reads the database. */
    results: Results;
    /** The product with its 5 s anonymous response cache on (the default), same URL mix. */
    cached: Results;
  };
}

/** `measure` with BENCH_BUSY_CORES cores taken for as long as it runs (none by default). */
async function measureBusy(base: string, targets: Target[], cpuMs: Parameters<typeof measure>[4]) {
  const busy = takeCores(BUSY_CORES);
  try {
    return await measure(base, targets, options, log, cpuMs);
  } finally {
    busy.stop();
  }
}

async function runBackend(backend: string): Promise<BackendResult | undefined> {
  let env: Record<string, string>;
  let version = '';
  if (backend === 'postgres') {
    const created = await createBenchDatabase(process.env.BENCH_PG_DATABASE ?? 'd3_bench');
    if (!created) return undefined;
    const { url, serverVersion: pgVersion } = created;
    env = { DATABASE_URL: url, DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '10' };
    version = `PostgreSQL ${pgVersion}`;
  } else {
    const dataDir = path.join(os.tmpdir(), 'd3-bench-pglite');
    rmSync(dataDir, { recursive: true, force: true });
    env = { DATA_DIR: dataDir };
    version = 'PGlite (in process)';
  }
  const base = `http://127.0.0.1:${PORT}`;

  let small: BackendResult['small'];
  if (process.env.BENCH_SMALL === 'true') {
    log(`\n== ${backend}: 5,000-offer phase`);
    const server = await startServer(PORT, { ...env, BENCH_STORES: '200', BENCH_OFFERS: '5000' });
    small = { counts: server.info.counts, results: await measure(base, searchTargets(), options, log) };
    await server.stop();
  }

  // The catalogue is bulk-loaded by a process of its own, as a deployment's data is there before the
  // API starts: PGlite's WebAssembly memory never shrinks, so a process that inserted 50,000 offers
  // keeps that peak (~90 MB) for its lifetime, which no serving process meets. Its RSS is reported too.
  log(`\n== ${backend}: loading the ${OFFERS_LABEL}-offer catalogue`);
  let server = await startServer(PORT, { ...env, BENCH_STORES: STORES, BENCH_OFFERS: OFFERS });
  const seedRssMb = server.rssMb();
  const seedSeconds = server.info.seedSeconds;
  log(
    `  catalogue ${server.info.counts.stores} stores, ${server.info.counts.offers} offers (top-up ${seedSeconds} s, RSS ${seedRssMb} MB)`,
  );
  await server.stop();

  log(`\n== ${backend}: ${OFFERS_LABEL}-offer phase, response cache off`);
  server = await startServer(PORT, {
    ...env,
    BENCH_STORES: STORES,
    BENCH_OFFERS: OFFERS,
    PUBLIC_CACHE_TTL_MS: '0',
  });
  const { product, plain } = productTargets(server.info.storeIds);
  const targets: Target[] = [
    HELLO_TARGET,
    { name: 'memory-hot-deals', paths: ['/api/v1/bench/hot-deals'] },
    ...interleave(product, plain),
    ...pagePairs(server.info.storeIds, server.info.offerIds),
  ];
  const uncached = await measureBusy(base, targets, server.cpuMs);
  const rssMb = server.rssMb();
  // The same process after a full collection: what it keeps, not when its collector last ran.
  await fetch(`${base}/bench-gc`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const rssAfterGcMb = server.rssMb();
  const info = server.info;
  await server.stop();

  log(`\n== ${backend}: ${OFFERS_LABEL}-offer phase, response cache on (5 s)`);
  server = await startServer(PORT, {
    ...env,
    BENCH_STORES: STORES,
    BENCH_OFFERS: OFFERS,
    PUBLIC_CACHE_TTL_MS: '5000',
  });
  const cached = await measureBusy(
    base,
    [
      { name: 'memory-hot-deals', paths: ['/api/v1/bench/hot-deals'] },
      MEMORY_PAGE_TARGET,
      ...productTargets(server.info.storeIds).product,
      ...pagePairs(server.info.storeIds, server.info.offerIds),
    ],
    server.cpuMs,
  );
  await server.stop();

  const result: BackendResult = {
    backend,
    version,
    small,
    large: {
      counts: info.counts,
      seedSeconds,
      seedRssMb,
      hotDealsBytes: info.hotDealsBytes,
      rssMb,
      rssAfterGcMb,
      results: uncached,
      cached,
    },
  };
  // A partial run (BENCH_ONLY) keeps the whole run's file and writes its own beside it (not kept in
  // git): the 10x run compares each target with the newer of the two that measured it.
  if (!only || scale === 1) {
    mkdirSync(path.join(benchDir, 'results'), { recursive: true });
    writeFileSync(resultsFile(backend, Boolean(only)), `${JSON.stringify(result, null, 2)}\n`);
  }
  return result;
}

/** bench/results/api-<backend>[-<scale>x][-partial].json: a run's figures, for the 10x run to compare with. */
function resultsFile(backend: string, partial: boolean, at = scale): string {
  return path.join(
    benchDir,
    'results',
    `api-${backend}${at === 1 ? '' : `-${at}x`}${partial ? '-partial' : ''}.json`,
  );
}

/** Issue 16's goals per target and backend: the least × plain-query and the highest p99 allowed. */
const GOALS: Record<string, { postgres: { ratio: number; p99: number }; pglite: { p99: number } }> = {
  'hot-deals': { postgres: { ratio: 1.0, p99: 150 }, pglite: { p99: 1000 } },
  store: { postgres: { ratio: 1.0, p99: 60 }, pglite: { p99: 1000 } },
  search: { postgres: { ratio: 0.7, p99: 300 }, pglite: { p99: 2000 } },
  'search-word': { postgres: { ratio: 0.7, p99: 300 }, pglite: { p99: 2000 } },
  'search-typo': { postgres: { ratio: 0.7, p99: 300 }, pglite: { p99: 2000 } },
  'search-location': { postgres: { ratio: 0.7, p99: 300 }, pglite: { p99: 2000 } },
  'search-mixed': { postgres: { ratio: 0.7, p99: 300 }, pglite: { p99: 2000 } },
  'search-prefix': { postgres: { ratio: 0.7, p99: 300 }, pglite: { p99: 2000 } },
};

/** Issue 38: the pages, each against its API call (uncached) and the memory route (cached). */
const PAGES = ['home', 'hotdeals', 'stores', 'store', 'offer'];
const PAGE_RATIO_UNCACHED = 0.5;
const PAGE_RATIO_CACHED = 0.8;

function cpuIndex(r: BackendResult): string {
  return cpuIndexText(r.large.results.hello?.rps);
}

/**
 * At BENCH_SCALE 10 (issue 38 goal 4): Hot Deals, the store page and search keep their p99 within
 * 2x of the 1x run's (bench/results/api-<backend>.json, written by `npm run bench`).
 */
function scaleGoalLines(r: BackendResult): string[] {
  if (scale === 1) return [];
  const bases = [resultsFile(r.backend, false, 1), resultsFile(r.backend, true, 1)]
    .filter((file) => existsSync(file))
    .map((file) => {
      const run = JSON.parse(readFileSync(file, 'utf8')) as BackendResult;
      return { file, writtenAt: statSync(file).mtimeMs, results: run.large.results };
    });
  if (!bases.length)
    return [`| ${scale}x | no 1x run to compare with (${resultsFile(r.backend, false, 1)}) | | |`];
  return ['hot-deals', 'store', 'search', 'search-mixed'].flatMap((name) => {
    const now = r.large.results[name];
    const base = newestBase(name, bases);
    const before = base?.results[name];
    if (!now || !base || !before) return [];
    const hosts = { now: r.large.results.hello?.rps ?? 0, before: base.results.hello?.rps ?? 0 };
    const verdict = scaleVerdict(
      { p99: now.p99, helloRps: hosts.now },
      { p99: before.p99, helloRps: hosts.before },
    );
    const when = new Date(base.writtenAt).toISOString().slice(0, 16).replace('T', ' ');
    const figure = `${now.p99} vs ${before.p99} ms (${verdict.ratio.toFixed(2)}x; 1x run of ${when} UTC, ${path.basename(base.file)}); hello ${hosts.now.toFixed(0)} vs ${hosts.before.toFixed(0)} req/s`;
    const outcome = verdict.comparable
      ? metOrMissed(verdict.met)
      : `not compared: the 1x run's host was ${verdict.hostSpread.toFixed(1)}x apart in speed (run \`npm run bench\` on this host first)`;
    return [`| ${name} at ${scale}x the catalogue | p99 ≤ 2x the 1x run's | ${figure} | ${outcome} |`];
  });
}

function pageGoalLines(r: BackendResult): string[] {
  const L = r.large.results;
  const C = r.large.cached;
  const lines: string[] = [];
  const memory = C['memory-hot-deals'];
  const samePage = C['memory-page'];
  for (const name of PAGES) {
    const page = L[`page-${name}`];
    const api = L[`api-${name}`];
    if (page && api) {
      const ratio = page.rps / api.rps;
      const errors = page.errors + page.non2xx;
      lines.push(
        `| page ${name}, uncached | ≥ ${PAGE_RATIO_UNCACHED}x its API call | ${ratio.toFixed(2)}x (${page.rps.toFixed(0)} vs ${api.rps.toFixed(0)} req/s; CPU ${page.cpuMsPerRequest?.toFixed(1) ?? '-'} vs ${api.cpuMsPerRequest?.toFixed(1) ?? '-'} ms/request; p99 ${page.p99} ms)${errors ? `, ${errors} errors` : ''} | ${metOrMissed(ratio >= PAGE_RATIO_UNCACHED && errors === 0)} |`,
      );
    }
    const cachedPage = C[`page-${name}`];
    if (cachedPage && memory) {
      const ratio = cachedPage.rps / memory.rps;
      lines.push(
        `| page ${name}, cached | ≥ ${PAGE_RATIO_CACHED}x the memory route | ${ratio.toFixed(2)}x (${cachedPage.rps.toFixed(0)} vs ${memory.rps.toFixed(0)} req/s; p99 ${cachedPage.p99} ms)${samePage ? `; ${(cachedPage.rps / samePage.rps).toFixed(2)}x a page's bytes from memory (${samePage.rps.toFixed(0)} req/s)` : ''}; CPU ${cachedPage.cpuMsPerRequest?.toFixed(2) ?? '-'} vs ${memory.cpuMsPerRequest?.toFixed(2) ?? '-'} ms/request | ${metOrMissed(ratio >= PAGE_RATIO_CACHED)} |`,
      );
    }
  }
  const word = L['search-word']?.cpuMsPerRequest;
  for (const name of ['search-typo', 'search-prefix']) {
    const cost = L[name]?.cpuMsPerRequest;
    if (word && cost)
      lines.push(
        `| ${name} CPU per request | ≤ 2x a correct word | ${(cost / word).toFixed(2)}x (${cost.toFixed(2)} vs ${word.toFixed(2)} ms of API CPU) | ${metOrMissed(cost / word <= 2)} |`,
      );
  }
  return lines;
}

const metOrMissed = (ok: boolean) => (ok ? 'met' : '**missed**');

function goalLine(r: BackendResult, name: string): string {
  const product = r.large.results[name];
  const plain = r.large.results[`plain-${name}`];
  const goal = GOALS[name];
  if (!product || !goal) return '';
  const errors = product.errors + product.non2xx;
  if (r.backend === 'postgres') {
    const ratio = plain ? product.rps / plain.rps : Number.NaN;
    const ok = ratio >= goal.postgres.ratio && product.p99 < goal.postgres.p99 && errors === 0;
    return `| ${name} | ≥ ${goal.postgres.ratio.toFixed(1)}x plain, p99 < ${goal.postgres.p99} ms | ${ratio.toFixed(2)}x, p99 ${product.p99} ms${errors ? `, ${errors} errors` : ''} | ${metOrMissed(ok)} |`;
  }
  const ok = errors === 0 && product.p99 < goal.pglite.p99;
  return `| ${name} | 0 errors, p99 < ${goal.pglite.p99} ms | ${errors} errors, p99 ${product.p99} ms | ${metOrMissed(ok)} |`;
}

function table(results: BackendResult[]): string {
  const lines: string[] = [];
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(1));
  lines.push(
    `Measured ${date} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${one} / ${five} / ${fifteen} at the end; autocannon ${options.connections} connections, ${options.rounds} interleaved rounds of ${options.seconds} s after a ${options.warmupSeconds} s warm-up per target, medians. ${varied ? 'Varied URL mix: Hot Deals cycles 480 location × category × sort × page URLs, the store page 500 stores, search 200 URLs of words, typos and places in turn and 200 of each kind alone; no two consecutive requests share a URL.' : 'Single URLs (BENCH_SINGLE_URL=true).'} The server and autocannon share the machine's cores (and with PostgreSQL, the database server too).${BUSY_CORES ? ` ${BUSY_CORES} of the ${os.cpus().length} cores taken by a spinning process while the targets ran (BENCH_BUSY_CORES): a busy host.` : ''}`,
    '',
    '"plain" is the issue\'s yardstick (bench/src/plain-routes.ts): one named statement per request reading the page through its index; "memory" serves a captured Hot Deals page from memory (the ceiling). "uncached" runs with `PUBLIC_CACHE_TTL_MS=0` (what a signed-in customer or a long-tail URL meets); "cached" with the 5 s anonymous response cache on.',
    '',
  );
  for (const r of results) {
    const L = r.large.results;
    const C = r.large.cached;
    const memory = L['memory-hot-deals']?.rps ?? 1;
    lines.push(
      `### ${r.backend === 'postgres' ? 'PostgreSQL' : 'PGlite'} (${r.version}) — ${r.large.counts.stores} stores, ${r.large.counts.offers} offers, RSS after the uncached run ${r.large.rssMb} MB (${r.large.rssAfterGcMb} MB after a full collection)`,
      '',
      '| target | uncached req/s | p50 ms | p99 ms | errors | plain req/s | plain p99 ms | × plain | × memory | cached req/s | cached p99 ms |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const name of ['hello', 'memory-hot-deals']) {
      const v = L[name];
      if (v)
        lines.push(
          `| ${name} | ${v.rps.toFixed(0)} | ${v.p50} | ${v.p99} | ${v.errors + v.non2xx} | | | | ${(v.rps / memory).toFixed(2)} | | |`,
        );
    }
    for (const name of Object.keys(GOALS)) {
      const v = L[name];
      const p = L[`plain-${name}`];
      const c = C[name];
      if (!v) continue;
      lines.push(
        `| ${name} | ${v.rps.toFixed(0)} | ${v.p50} | ${v.p99} | ${v.errors + v.non2xx} | ${p ? p.rps.toFixed(0) : '-'} | ${p ? p.p99 : '-'} | ${p ? (v.rps / p.rps).toFixed(2) : '-'} | ${(v.rps / memory).toFixed(2)} | ${c ? c.rps.toFixed(0) : '-'} | ${c ? c.p99 : '-'} |`,
      );
    }
    lines.push(
      '',
      'Goals (issue 16, response cache off):',
      '',
      '| target | goal | measured | |',
      '|---|---|---|---|',
    );
    for (const name of Object.keys(GOALS)) {
      const line = goalLine(r, name);
      if (line) lines.push(line);
    }
    lines.push(...pageGoalLines(r));
    lines.push(...scaleGoalLines(r));
    lines.push('', `Host: ${cpuIndex(r)}. Mixed search stream (\`search-mixed\`): ${SEARCH_MIX}.`);
    const pageRows = PAGES.flatMap((name) => [`api-${name}`, `page-${name}`]).filter((name) => L[name]);
    if (pageRows.length) {
      lines.push(
        '',
        "Pages (issue 38) beside their API calls; CPU is the server process's, per answered request:",
        '',
        '| target | uncached req/s | p50 ms | p99 ms | errors | CPU ms/request | cached req/s | cached p99 ms | cached CPU ms/request |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      );
      for (const name of pageRows) {
        const v = L[name];
        const c = C[name];
        if (!v) continue;
        lines.push(
          `| ${name} | ${v.rps.toFixed(0)} | ${v.p50} | ${v.p99} | ${v.errors + v.non2xx} | ${v.cpuMsPerRequest?.toFixed(2) ?? '-'} | ${c ? c.rps.toFixed(0) : '-'} | ${c ? c.p99 : '-'} | ${c?.cpuMsPerRequest?.toFixed(2) ?? '-'} |`,
        );
      }
    }
    if (L.search)
      lines.push(
        '',
        "`search` is the issue's row as written: 200 URLs in one stream, a word, a typo and a word in a place taking turns. `search-word`, `search-typo` and `search-location` are each kind alone under the same goal, which is stricter than the row (the plain query answers a typo with nothing).",
      );
    if (r.small) {
      lines.push('', `Search at 5,000 offers (${r.small.counts.offers} offers, uncached as configured):`, '');
      lines.push('| search | req/s | p50 ms | p99 ms |', '|---|---:|---:|---:|');
      for (const [name, v] of Object.entries(r.small.results)) {
        lines.push(`| ${name} | ${v.rps.toFixed(0)} | ${v.p50} | ${v.p99} |`);
      }
    }
    lines.push('');
  }
  const pgRun = results.find((r) => r.backend === 'postgres');
  const liteRun = results.find((r) => r.backend === 'pglite');
  if (pgRun && liteRun) {
    const ratio = liteRun.large.rssMb / pgRun.large.rssMb;
    const afterGc = liteRun.large.rssAfterGcMb / pgRun.large.rssAfterGcMb;
    lines.push(
      `Memory (processes started on the loaded catalogue, as a deployment's are): PGlite-backed process ${liteRun.large.rssMb} MB RSS vs PostgreSQL-backed ${pgRun.large.rssMb} MB right after the uncached run (${ratio.toFixed(2)}×; goal ≤ 2× → ${metOrMissed(ratio <= 2)}); after a full garbage collection in each, ${liteRun.large.rssAfterGcMb} MB vs ${pgRun.large.rssAfterGcMb} MB (${afterGc.toFixed(2)}× → ${metOrMissed(afterGc <= 2)}). The processes that bulk-loaded the 50,000 offers held ${liteRun.large.seedRssMb} MB (PGlite: its WebAssembly memory keeps the load's peak) vs ${pgRun.large.seedRssMb} MB right after loading (${(liteRun.large.seedRssMb / pgRun.large.seedRssMb).toFixed(2)}×). The PostgreSQL server's own memory is not counted.`,
      '',
    );
  }
  return lines.join('\n');
}

const results: BackendResult[] = [];
for (const backend of backends) {
  const result = await runBackend(backend);
  if (result) results.push(result);
}
const markdown = table(results);
console.log(`\n${markdown}`);
if (process.env.BENCH_WRITE !== 'false' && !only)
  replaceSection(path.join(benchDir, 'RESULTS.md'), scale === 1 ? 'api' : `api-${scale}x`, markdown);
