import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { buildTestApp, TEST_API_KEY, type TestApp } from '../../test/build-app.js';

/**
 * Issue 35: /livez answers while the process serves; /readyz answers 200 only when the database
 * (and Redis, when configured) answer, else 503 with Retry-After. A process whose database or Redis
 * is gone answers 503 with Retry-After and a reference, never a 500, and never crashes.
 */
/** A port in this suite's range where nothing listens: connections are refused at once. */
const DEAD_PORT = 4299;

describe('/livez and /readyz', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('/livez answers 200 without an API key', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/livez' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { db: 'ok' } });
  });
});

describe('a database that does not answer', () => {
  let ctx: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let closeDb: () => Promise<void>;
  beforeAll(async () => {
    ctx = await buildTestApp();
    // The same config over a PostgreSQL address where nothing listens.
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${DEAD_PORT}/nowhere`,
      dataDir: ctx.config.dataDir,
      poolSize: 2,
    });
    closeDb = () => database.close();
    app = await buildApp({ config: ctx.config, database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await closeDb?.();
    await ctx?.close();
  });

  it('/readyz answers 503 with Retry-After and names the database; /livez still 200', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { db: 'down' } });
    const live = await app.inject({ method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
  });

  it('an API read answers 503 SERVICE_UNAVAILABLE with Retry-After and its request id as reference', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/stores/categories',
      headers: { 'x-api-key': TEST_API_KEY, 'x-request-id': 'ops-probe-test-0001' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Service temporarily unavailable. Please try again shortly.',
      reference: 'ops-probe-test-0001',
    });
  });

  it('/readyz on a PGlite database that was closed answers 503', async () => {
    const other = await buildTestApp();
    try {
      if (other.database.kind !== 'pglite') return;
      await other.database.close();
      const response = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ checks: { db: 'down' } });
    } finally {
      await other.close();
    }
  });
});

describe('a Redis that does not answer', () => {
  let ctx: TestApp;
  let redis: Redis;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    ctx = await buildTestApp();
    // As server.ts makes it (connecting at once, a command given up after its retries).
    redis = new Redis({ port: DEAD_PORT, host: '127.0.0.1', maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    app = await buildApp({ config: ctx.config, database: ctx.database, redis });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    redis?.disconnect();
    await ctx?.close();
  });

  it('/readyz answers 503 naming Redis while the database is fine', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ status: 'unavailable', checks: { db: 'ok', redis: 'down' } });
  });
});
