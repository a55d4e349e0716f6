import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './test/build-app.js';

const redisUrl = process.env.TEST_REDIS_URL;

// Scale-out: several API processes behind a load balancer share one Redis.
describe.runIf(redisUrl)('with Redis (TEST_REDIS_URL)', () => {
  const clients: Redis[] = [];
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    // A prefix per run keeps parallel runs and earlier runs' counters apart.
    const keyPrefix = `d3test:${randomBytes(4).toString('hex')}:`;
    const env = { RATE_LIMIT_MAX: '3' };
    for (let i = 0; i < 2; i++) clients.push(new Redis(redisUrl!, { keyPrefix }));
    first = await buildTestApp({ env, redis: clients[0] });
    second = await buildTestApp({ env, redis: clients[1] });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('reports Redis in the health check', async () => {
    const response = await call(first.app, 'GET', '/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok', redis: 'ok' });
  });

  it('shares one rate-limit budget across instances', async () => {
    const statuses: number[] = [];
    for (const app of [first.app, second.app, first.app, second.app]) {
      statuses.push((await call(app, 'GET', '/api/v1/dev/outbox')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
