import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { buildTestApp, type TestApp } from './build-app.js';
import { seedPlaces } from './factories.js';

/** Two API processes can be tried only on PostgreSQL with Redis (TEST_DATABASE_URL, TEST_REDIS_URL). */
export const twoProcessesAvailable = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

export interface TwoProcesses {
  /** Process A: the test app (its config, database and factories' places). */
  a: TestApp;
  /** Process B: a second app on A's database and config, with its own Redis clients. */
  b: FastifyInstance;
}

/**
 * Registers beforeAll/afterAll for a describe block: process A and process B, each with its own
 * Redis client, on one database and one fresh realtime key prefix (so they see each other and no
 * other test's processes). `env` adds settings to both.
 */
export function useTwoProcesses(env: Record<string, string> = {}): TwoProcesses {
  const holder = {} as TwoProcesses;
  const clients: Redis[] = [];
  beforeAll(async () => {
    clients.push(new Redis(process.env.TEST_REDIS_URL!), new Redis(process.env.TEST_REDIS_URL!));
    holder.a = await buildTestApp({
      env: { REALTIME_KEY_PREFIX: `d3t${randomBytes(4).toString('hex')}`, ...env },
      redis: clients[0],
    });
    await seedPlaces(holder.a.app.db);
    holder.b = await buildApp({ config: holder.a.config, database: holder.a.database, redis: clients[1] });
    await holder.b.ready();
  });
  afterAll(async () => {
    await holder.b?.close();
    await holder.a?.close();
    for (const client of clients) client.disconnect();
  });
  return holder;
}
