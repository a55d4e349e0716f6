/**
 * `npm run bench:pglite-wait` (issue 16): where PGlite's slow search answers wait. Starts the bench
 * server on the PGlite data directory `npm run bench` left (BENCH_PGLITE_DIR, default
 * $TMPDIR/d3-bench-pglite; run `BENCH_BACKENDS=pglite npm run bench` first) and sends BENCH_ROUNDS
 * rounds of 10 s of word searches over BENCH_CONNECTIONS connections; beside the client's figures it
 * prints the server's own (arrival in Fastify to answer) and the event loop's delay.
 */
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_KEY } from './load.js';
import { startServer } from './server-process.js';

const PORT = Number(process.env.BENCH_PORT ?? 3190);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const WORDS = ['massage', 'pizza', 'spa', 'gym', 'burger', 'haircut', 'yoga', 'facial', 'coffee', 'car wash'];

const server = await startServer(PORT, {
  DATA_DIR: process.env.BENCH_PGLITE_DIR ?? path.join(os.tmpdir(), 'd3-bench-pglite'),
  BENCH_STORES: '2000',
  BENCH_OFFERS: '50000',
  PUBLIC_CACHE_TTL_MS: '0',
  BENCH_TIMING: 'true',
});
const base = `http://127.0.0.1:${PORT}`;
try {
  for (let round = 1; round <= rounds; round += 1) {
    const paths = Array.from(
      { length: 200 },
      (_, i) => `/api/v1/search?query=${encodeURIComponent(WORDS[i % 10]!)}&limit=${20 + (i % 10)}`,
    );
    const result = await autocannon({
      url: base,
      connections,
      duration: 10,
      headers: { 'x-api-key': API_KEY },
      requests: paths.map((requestPath) => ({ method: 'GET', path: requestPath })),
    });
    const timing = (await (await fetch(`${base}/bench-timing`)).json()) as Record<string, number>;
    console.log(
      `round ${round}, ${connections} connections: client ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, timeouts ${result.timeouts}; server p50 ${timing.p50} ms, p99 ${timing.p99} ms, max ${timing.max} ms; event loop delay p99 ${timing.loopP99} ms, max ${timing.loopMax} ms; memory: RSS ${timing.rssMb} MB, V8 heap ${timing.heapMb} MB, outside V8 (PGlite) ${timing.externalMb} MB`,
    );
  }
} finally {
  await server.stop();
}
