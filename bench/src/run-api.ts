/**
 * `npm run bench`: the API benchmarks of issue 4 on PostgreSQL and on PGlite.
 *
 * Per backend: a 5,000-offer phase (search latency at small scale), then the catalogue is topped
 * up to 2,000+ stores / 50,000 offers and every target runs: the two reference routes, Hot Deals,
 * a store, and search with a word, a typo and a location. Each phase runs the real server in a
 * child process (bench-server.ts); autocannon runs here, in this process.
 * Results: bench/results/api-<backend>.json and the API section of bench/RESULTS.md.
 * Knobs: BENCH_BACKENDS=postgres,pglite BENCH_ROUNDS=3 BENCH_SECONDS=10 BENCH_WARMUP=3
 * BENCH_CONNECTIONS=50 BENCH_PG_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, type RoundResult, type Target } from './load.js';
import { createBenchDatabase } from './postgres.js';
import { replaceSection } from './results-file.js';
import { type ServerInfo, startServer } from './server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const benchDir = path.resolve(here, '..');

const options = {
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
};
const backends = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',').map((b) => b.trim());
const PORT = Number(process.env.BENCH_PORT ?? 3170);
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
const searchTargets = (): Target[] =>
  varied
    ? [
        {
          name: 'search-word',
          paths: mix(200, (i) => `/api/v1/search?query=${WORDS[i % 10]}&limit=${20 + (i % 10)}`),
        },
        {
          name: 'search-typo',
          paths: mix(200, (i) => `/api/v1/search?query=${TYPOS[i % 10]}&limit=${20 + (i % 10)}`),
        },
        {
          name: 'search-location',
          paths: mix(
            200,
            (i) =>
              `/api/v1/search?query=${WORDS[i % 10]}&location=${PLACES[Math.floor(i / 10) % 10]}&limit=${20 + (i % 7)}`,
          ),
        },
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

interface BackendResult {
  backend: string;
  version: string;
  small: { counts: ServerInfo['counts']; results: Record<string, RoundResult> };
  large: {
    counts: ServerInfo['counts'];
    seedSeconds: number;
    hotDealsBytes: number;
    rssMb: number;
    results: Record<string, RoundResult>;
  };
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

  log(`\n== ${backend}: 5,000-offer phase`);
  let server = await startServer(PORT, { ...env, BENCH_STORES: '200', BENCH_OFFERS: '5000' });
  const base = `http://127.0.0.1:${PORT}`;
  const small = await measure(base, searchTargets(), options, log);
  const smallCounts = server.info.counts;
  await server.stop();

  log(`\n== ${backend}: 50,000-offer phase`);
  server = await startServer(PORT, { ...env, BENCH_STORES: '2000', BENCH_OFFERS: '50000' });
  log(
    `  catalogue ${server.info.counts.stores} stores, ${server.info.counts.offers} offers (top-up ${server.info.seedSeconds} s)`,
  );
  const targets: Target[] = [
    { name: 'hello', paths: ['/api/v1/bench/hello'] },
    { name: 'memory-hot-deals', paths: ['/api/v1/bench/hot-deals'] },
    { name: 'hot-deals', paths: hotDealsPaths() },
    { name: 'store', paths: server.info.storeIds.map((id) => `/api/v1/stores/${id}`) },
    ...searchTargets(),
  ];
  const large = await measure(base, targets, options, log);
  const rssMb = server.rssMb();
  const result: BackendResult = {
    backend,
    version,
    small: { counts: smallCounts, results: small },
    large: {
      counts: server.info.counts,
      seedSeconds: server.info.seedSeconds,
      hotDealsBytes: server.info.hotDealsBytes,
      rssMb,
      results: large,
    },
  };
  await server.stop();
  mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  writeFileSync(
    path.join(benchDir, 'results', `api-${backend}.json`),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  return result;
}

function table(results: BackendResult[]): string {
  const lines: string[] = [];
  const date = new Date().toISOString().slice(0, 10);
  lines.push(
    `Measured ${date} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; autocannon ${options.connections} connections, ${options.rounds} interleaved rounds of ${options.seconds} s after a ${options.warmupSeconds} s warm-up per target, medians. The server and autocannon share the machine's cores (and with PostgreSQL, the database server too).`,
    '',
  );
  for (const r of results) {
    const L = r.large.results;
    const memory = L['memory-hot-deals']?.rps ?? 1;
    const hot = L['hot-deals']?.rps ?? 1;
    lines.push(
      `### ${r.backend === 'postgres' ? 'PostgreSQL' : 'PGlite'} (${r.version}) — ${r.large.counts.stores} stores, ${r.large.counts.offers} offers, RSS after the run ${r.large.rssMb} MB`,
      '',
    );
    lines.push(
      '| target | req/s | × memory route | p50 ms | p99 ms | errors |',
      '|---|---:|---:|---:|---:|---:|',
    );
    for (const [name, value] of Object.entries(L)) {
      lines.push(
        `| ${name} | ${value.rps.toFixed(0)} | ${(value.rps / memory).toFixed(2)} | ${value.p50} | ${value.p99} | ${value.errors + value.non2xx} |`,
      );
    }
    lines.push(
      '',
      `Search against the list route and against the 5,000-offer catalogue (${r.small.counts.offers} offers):`,
      '',
    );
    lines.push(
      '| search | req/s | × Hot Deals | p50 ms at 5k | p50 ms at 50k | 50k ÷ 5k |',
      '|---|---:|---:|---:|---:|---:|',
    );
    for (const name of ['search-word', 'search-typo', 'search-location']) {
      const big = L[name];
      const small = r.small.results[name];
      if (!big || !small) continue;
      lines.push(
        `| ${name} | ${big.rps.toFixed(0)} | ${(big.rps / hot).toFixed(2)} | ${small.p50} | ${big.p50} | ${(big.p50 / Math.max(small.p50, 1)).toFixed(2)} |`,
      );
    }
    lines.push('');
  }
  const pgRun = results.find((r) => r.backend === 'postgres');
  const liteRun = results.find((r) => r.backend === 'pglite');
  if (pgRun && liteRun) {
    lines.push(
      `Memory: PGlite-backed process ${liteRun.large.rssMb} MB RSS vs PostgreSQL-backed ${pgRun.large.rssMb} MB (${(liteRun.large.rssMb / pgRun.large.rssMb).toFixed(2)}×; the PostgreSQL server's own memory is not counted).`,
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
if (process.env.BENCH_WRITE !== 'false') replaceSection(path.join(benchDir, 'RESULTS.md'), 'api', markdown);
