import { createServer, type Server } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseStats } from '../db/client.js';

/**
 * Prometheus metrics (issue 35), one registry per app (tests build many apps in one process).
 * Served by `startMetricsServer` on its own port (METRICS_PORT, bound to METRICS_HOST =
 * 127.0.0.1 by default), never on the public one. Everything is read when scraped (gauges with
 * `collect`) except what only a request knows: its duration, the cache's answer, M-Pesa results.
 */
export interface AppMetrics {
  readonly registry: Registry;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Requests that matched no route share one label (a scan of random paths makes no new series). */
const UNMATCHED = 'unmatched';

/** One event-loop delay monitor per process, shared by every app's registry. */
let loopDelay: ReturnType<typeof monitorEventLoopDelay> | undefined;
function eventLoopDelay() {
  if (!loopDelay) {
    loopDelay = monitorEventLoopDelay({ resolution: 20 });
    loopDelay.enable();
  }
  return loopDelay;
}

/** The M-Pesa callback routes and where each body carries its ResultCode. */
function mpesaResult(request: FastifyRequest): { kind: string; code: string } | undefined {
  const route = request.routeOptions.url ?? '';
  if (!route.includes('/payments/mpesa/')) return undefined;
  const body = request.body as
    | { Body?: { stkCallback?: { ResultCode?: unknown } }; Result?: { ResultCode?: unknown } }
    | undefined;
  if (route.endsWith('/callback/:token')) {
    const code = body?.Body?.stkCallback?.ResultCode;
    return { kind: 'stk', code: code === undefined ? 'none' : String(code) };
  }
  const kind = route.includes('/timeout/') ? 'timeout' : 'result';
  const code = body?.Result?.ResultCode;
  return { kind, code: code === undefined ? 'none' : String(code) };
}

export default fp(
  async function metrics(app: FastifyInstance) {
    const registry = new Registry();
    const registers = [registry];

    const requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code, and how long they took',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const cache = new Counter({
      name: 'http_cache_responses_total',
      help: 'Answers of the public read cache (x-cache: hit or miss), by route pattern',
      labelNames: ['route', 'result'] as const,
      registers,
    });
    const mpesa = new Counter({
      name: 'mpesa_callbacks_total',
      help: 'M-Pesa callbacks and results received, by kind (stk, result, timeout) and ResultCode',
      labelNames: ['kind', 'result_code'] as const,
      registers,
    });

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? UNMATCHED;
      requests.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      const cached = reply.getHeader('x-cache');
      if (cached === 'hit' || cached === 'miss') cache.inc({ route, result: cached });
      const result = reply.statusCode === 200 ? mpesaResult(request) : undefined;
      if (result) mpesa.inc({ kind: result.kind, result_code: result.code });
    });

    // The database: the pool's connections (in use, idle) and callers waiting for one, or PGlite's queue.
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle, max)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const stats = app.database.stats();
        if (stats.kind !== 'postgres') return;
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'max' }, stats.max);
      },
    });
    /** A gauge of one figure of the database's stats, read at each scrape. */
    const databaseGauge = (name: string, help: string, read: (stats: DatabaseStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(app.database.stats()));
        },
      });
    databaseGauge('db_pool_waiting', 'Queries waiting for a PostgreSQL pool connection', (stats) =>
      stats.kind === 'postgres' ? stats.waiting : 0,
    );
    databaseGauge(
      'pglite_queue_depth',
      'Statements waiting behind the running one in the PGlite queue',
      (stats) => (stats.kind === 'pglite' ? stats.queueDepth : 0),
    );

    new Gauge({
      name: 'nodejs_eventloop_delay_seconds',
      help: 'Event-loop delay since the previous scrape, by percentile',
      labelNames: ['quantile'] as const,
      registers,
      collect() {
        const delay = eventLoopDelay();
        if (delay.count > 0) {
          this.set({ quantile: '0.5' }, delay.percentile(50) / 1e9);
          this.set({ quantile: '0.99' }, delay.percentile(99) / 1e9);
          this.set({ quantile: '1' }, delay.max / 1e9);
        }
        delay.reset();
      },
    });
    eventLoopDelay();

    // Socket.IO on this process (the realtime plugin registers after this one; read when scraped).
    new Gauge({
      name: 'socketio_open_sockets',
      help: 'Socket.IO connections open on this process',
      registers,
      collect() {
        this.set(app.hasDecorator('realtime') ? app.realtime.io.engine.clientsCount : 0);
      },
    });
    new Gauge({
      name: 'socketio_rooms',
      help: 'Socket.IO rooms with a socket of this process (each socket also has its own room)',
      registers,
      collect() {
        this.set(app.hasDecorator('realtime') ? app.realtime.io.of('/').adapter.rooms.size : 0);
      },
    });

    // The one job queue (jobs/job-queue.ts): due jobs by kind and how long the oldest has been due.
    const jobsDue = new Gauge({
      name: 'jobs_due',
      help: 'Pending jobs whose time has come, by kind',
      labelNames: ['kind'] as const,
      registers,
    });
    const jobsAge = new Gauge({
      name: 'jobs_oldest_due_age_seconds',
      help: 'How long the oldest due pending job has waited past its time, by kind',
      labelNames: ['kind'] as const,
      registers,
    });
    new Gauge({
      name: 'jobs_scrape_ok',
      help: '1 when the job queue could be read for this scrape, else 0 (the database did not answer)',
      registers,
      async collect() {
        try {
          const result = await app.db.execute<{ kind: string; due: string; age: string | null }>(sql`
            select kind, count(*)::text as due,
                   extract(epoch from now() - min(run_at))::text as age
              from notification_jobs
             where status = 'pending' and run_at <= now()
             group by kind`);
          const rows = result.rows;
          jobsDue.reset();
          jobsAge.reset();
          for (const row of rows) {
            jobsDue.set({ kind: row.kind }, Number(row.due));
            jobsAge.set({ kind: row.kind }, Number(row.age ?? 0));
          }
          this.set(1);
        } catch {
          this.set(0);
        }
      },
    });

    app.decorate('metrics', { registry });
  },
  { name: 'metrics' },
);

/**
 * Serves GET /metrics of this app on its own HTTP server (server.ts and the cluster's processes;
 * tests with port 0). Also turns on prom-client's process metrics (CPU, memory, GC, handles)
 * for this registry: once per process, never in the many apps a test file builds.
 */
export async function startMetricsServer(
  app: FastifyInstance,
  options: { port: number; host: string; processMetrics?: boolean },
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const { registry } = app.metrics;
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  const server = createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || pathname !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
