import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_API_KEY, type TestApp } from '../test/build-app.js';
import { startMetricsServer } from './metrics.js';

/** Issue 35: /metrics on its own port, in Prometheus's text format. */
let ctx: TestApp;
let metrics: Awaited<ReturnType<typeof startMetricsServer>>;
const lines: string[] = [];

beforeAll(async () => {
  ctx = await buildTestApp({
    env: { LOG_LEVEL: 'info', PUBLIC_CACHE_TTL_MS: '60000' },
    logStream: { write: (line: string) => void lines.push(line) },
  });
  metrics = await startMetricsServer(ctx.app, { port: 0, host: '127.0.0.1', processMetrics: false });
});
afterAll(async () => {
  await metrics?.close();
  await ctx?.close();
});

async function scrape(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of one series, or undefined when it is not there. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('counts every request in the route histogram: after N requests its count is N', async () => {
    const series =
      'http_request_duration_seconds_count{method="GET",route="/api/v1/health",status_code="200"}';
    const before = seriesValue(await scrape(), series) ?? 0;
    const N = 7;
    for (let i = 0; i < N; i++) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(200);
    }
    const text = await scrape();
    expect(seriesValue(text, series)).toBe(before + N);
    // The sum of durations is there too, and the 10 s bucket holds every one of them.
    expect(
      seriesValue(
        text,
        'http_request_duration_seconds_bucket{le="10",method="GET",route="/api/v1/health",status_code="200"}',
      ),
    ).toBe(before + N);
  });

  it('labels a path no route matches as one series, by status', async () => {
    for (const path of ['/api/v1/nope-1', '/api/v1/nope-2', '/api/v1/nope-3']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: path,
        headers: { 'x-api-key': TEST_API_KEY },
      });
      expect(response.statusCode).toBe(404);
    }
    const text = await scrape();
    expect(
      seriesValue(
        text,
        'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBe(3);
    expect(text).not.toContain('nope-1');
  });

  it('reports the database, event loop, sockets, rooms, the job queue and cache answers', async () => {
    // Two reads of one public list: a miss, then a hit from the public cache.
    for (let i = 0; i < 2; i++) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/offers',
        headers: { 'x-api-key': TEST_API_KEY },
      });
      expect(response.statusCode).toBe(200);
    }
    const text = await scrape();
    const kind = ctx.database.kind;
    if (kind === 'postgres') {
      expect(seriesValue(text, 'db_pool_connections{state="max"}')).toBe(5);
      expect(seriesValue(text, 'db_pool_waiting')).toBe(0);
    } else {
      expect(seriesValue(text, 'pglite_queue_depth')).toBe(0);
    }
    expect(text).toMatch(/^nodejs_eventloop_delay_seconds\{quantile="0.99"\} [\d.e-]+$/m);
    expect(seriesValue(text, 'socketio_open_sockets')).toBe(0);
    expect(seriesValue(text, 'socketio_rooms')).toBe(0);
    expect(seriesValue(text, 'jobs_scrape_ok')).toBe(1);
    expect(seriesValue(text, 'http_cache_responses_total{route="/api/v1/offers",result="miss"}')).toBe(1);
    expect(seriesValue(text, 'http_cache_responses_total{route="/api/v1/offers",result="hit"}')).toBe(1);
  });

  it('answers 404 for anything but GET /metrics', async () => {
    const response = await fetch(`http://127.0.0.1:${metrics.port}/`);
    expect(response.status).toBe(404);
  });
});

describe('request ids', () => {
  it("puts the request's id on every log line of the request", async () => {
    lines.length = 0;
    const id = 'ops-metrics-test-0001';
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': id },
    });
    expect(response.headers['x-request-id']).toBe(id);
    const mine = lines
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
      .filter((l) => l.reqId === id);
    // Fastify's own two lines of each request (incoming, completed) carry it.
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    const withoutId = lines
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
      .filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')
      .filter((l) => !l.reqId);
    expect(withoutId).toEqual([]);
  });
});
