/**
 * The API process under benchmark: the real app (same routes, plugins and database code as
 * `npm run serve`) plus, only here, reference routes inside the same /api/v1 scope (so they
 * pay the same API-key, rate-limit and auth hooks):
 *   GET /api/v1/bench/hello        -> a constant tiny answer (the framework's ceiling)
 *   GET /api/v1/bench/hot-deals    -> the real Hot Deals page JSON, captured once, served from memory
 *   GET /api/v1/bench/page         -> the Hot Deals page's HTML in brotli (the bytes a kept page
 *                                     sends), captured once, served from memory (issue 38)
 *   GET /api/v1/bench/plain/...    -> issue 16's plain-query references (plain-routes.ts)
 * Environment: BENCH_DB=postgres|pglite, DATABASE_URL (postgres), DATA_DIR (pglite), PORT,
 * BENCH_STORES, BENCH_OFFERS, BENCH_HOT_DEALS_PATH, BENCH_TIMING=true (GET /bench-timing: search
 * requests' server-side time and the event loop's delay; `npm run bench:pglite-wait`). Prints one JSON line {ready, ...} on stdout.
 */
import { performance } from 'node:perf_hooks';
import { brotliCompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { databaseOptions, migrateDatabase, openDatabase } from '../../apps/api/src/db/client.js';
import { seedDemo } from '../../apps/api/src/db/seed-demo.js';
import { BROTLI_OPTIONS } from '../../apps/api/src/plugins/compression.js';
import { plainRoutes } from './plain-routes.js';
import { seedScale } from './scale-seed.js';

const started = performance.now();
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000000',
  PAGE_RATE_LIMIT_MAX: '100000000',
  SEED_DEMO: 'false',
});
const database = await openDatabase(databaseOptions(config));
await migrateDatabase(database);
await seedDemo(database.db);
const seedStarted = performance.now();
const counts = await seedScale(database.db, {
  stores: Number(process.env.BENCH_STORES ?? 2000),
  offers: Number(process.env.BENCH_OFFERS ?? 50000),
});
const seedSeconds = (performance.now() - seedStarted) / 1000;

const hotDealsPath = process.env.BENCH_HOT_DEALS_PATH ?? '/api/v1/offers?location=westlands&page=2';
let hotDealsBody = '';
/** The Hot Deals page as a browser gets a kept copy (brotli), captured once (issue 38's cached pages' yardstick). */
let pageBody = Buffer.alloc(0);

const app: FastifyInstance = await buildApp({
  config,
  database,
  extraApiRoutes: async (api) => {
    await api.register(plainRoutes(database, config.databaseUrl));
    api.get('/bench/hello', async () => ({ success: true, hello: 'world' }));
    api.get('/bench/page', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('content-encoding', 'br').send(pageBody),
    );
    api.get('/bench/hot-deals', async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(hotDealsBody),
    );
  },
});
app.addHook('onClose', async () => database.close());

// After a run: a full collection, so RSS can be read without the burst's garbage (run-api.ts).
app.get('/bench-gc', async () => {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
  return { collected: Boolean(collect) };
});

if (process.env.BENCH_TIMING === 'true') {
  // Where a slow answer waited: from the request's arrival in Fastify to its answer (server side),
  // and the event loop's delay; GET /bench-timing reads and resets them.
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const served: number[] = [];
  const arrived = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    arrived.set(request, performance.now());
  });
  app.addHook('onResponse', async (request) => {
    const at = arrived.get(request);
    if (at !== undefined && request.url.startsWith('/api/v1/search')) served.push(performance.now() - at);
  });
  app.get('/bench-timing', async () => {
    const sorted = served.splice(0).sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0);
    const figures = {
      count: sorted.length,
      p50: at(0.5),
      p99: at(0.99),
      max: Math.round(sorted[sorted.length - 1] ?? 0),
      loopP99: Math.round(loop.percentile(99) / 1e6),
      loopMax: Math.round(loop.max / 1e6),
      // Where the process's memory is: V8's heap, and outside it (PGlite's WebAssembly memory).
      heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
      externalMb: Math.round(process.memoryUsage().external / 2 ** 20),
      rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
    };
    loop.reset();
    return figures;
  });
}

const captured = await app.inject({
  method: 'GET',
  url: hotDealsPath,
  headers: { 'x-api-key': config.apiKeys[0] ?? '' },
});
if (captured.statusCode !== 200)
  throw new Error(`Hot Deals capture failed: ${captured.statusCode} ${captured.body}`);
hotDealsBody = captured.body;
const page = await app.inject({ method: 'GET', url: '/hotdeals', headers: { accept: 'text/html' } });
if (page.statusCode !== 200 || !page.body.includes('id="d3-ssr"'))
  throw new Error(`Hot Deals page capture failed: ${page.statusCode}`);
pageBody = brotliCompressSync(page.rawPayload, BROTLI_OPTIONS);

const storeRows = await database.db.execute<{ id: string }>(
  // Stores with offers, spread over the catalogue (the /stores/{id} target cycles through them).
  sql`select s.id from stores s join merchants m on m.id = s.merchant_id
      where m.email = 'bench-merchant@d3deals.co.ke' order by s.id limit ${Number(process.env.BENCH_STORE_COUNT ?? 500)}`,
);

const offerRows = await database.db.execute<{ id: string }>(
  // Active offers of the bench's stores, for the offer page and its API call (issue 38).
  sql`select o.id from offers o join stores s on s.id = o.store_id join merchants m on m.id = s.merchant_id
      where m.email = 'bench-merchant@d3deals.co.ke' and o.status = 'active' and o.expiration_date > now()
      order by o.id limit ${Number(process.env.BENCH_STORE_COUNT ?? 500)}`,
);

await app.listen({ port: config.port, host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
console.log(
  JSON.stringify({
    ready: true,
    kind: database.kind,
    counts,
    seedSeconds: Number(seedSeconds.toFixed(1)),
    startSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    hotDealsBytes: Buffer.byteLength(hotDealsBody),
    storeIds: storeRows.rows.map((row) => row.id),
    offerIds: offerRows.rows.map((row) => row.id),
  }),
);
