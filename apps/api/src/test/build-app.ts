import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import type { DomainEvents } from '../events/event-bus.js';
import type { LogStream } from '../plugins/log-redaction.js';
import { databaseUrlFor } from './database-url.js';
import * as factories from './factories.js';

export const TEST_API_KEY = 'test-key';
/** The API's base path, as clients call it. */
export const API = '/api/v1';
/** A well-formed id no row has. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** On PostgreSQL: the test database's address, so a test can open a second process's own pool on it. */
  databaseUrl?: string;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh database (a copy of the migrated template: PGlite by default, PostgreSQL when
 * TEST_DATABASE_URL is set) and an app built on it. Call close() when done.
 */
export interface TestAppOptions {
  env?: Record<string, string>;
  extraApiRoutes?: FastifyPluginAsync;
  /** A Redis client (from TEST_REDIS_URL) the app uses as REDIS_URL would give it. */
  redis?: Redis;
  /** Log lines go here (set LOG_LEVEL in env too); tests check what is logged. */
  logStream?: LogStream;
  /** PGlite with this query queue, even when TEST_DATABASE_URL is set (issue 16 queue tests). */
  pgliteQueue?: { maxWaiting: number; maxWaitMs: number };
}

export async function buildTestApp({
  env = {},
  extraApiRoutes,
  redis,
  logStream,
  pgliteQueue,
}: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'd3-app-'));
  const cleanups: Array<() => Promise<void>> = [() => rm(dataDir, { recursive: true, force: true })];
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    API_KEYS: `${TEST_API_KEY},second-key`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_MAX: '100000',
    // Tests write through factories, behind the API's back: the public cache is off unless a test turns it on.
    PUBLIC_CACHE_TTL_MS: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
    MERCHANT_DIST: path.join(dataDir, 'no-merchant'),
    ...env,
  });

  let database: Database;
  let databaseUrl: string | undefined;
  const baseUrl = process.env.TEST_DATABASE_URL;
  const pgTemplate = inject('pgTemplate');
  if (baseUrl && pgTemplate && !pgliteQueue) {
    const name = `d3_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${pgTemplate}"`);
    databaseUrl = databaseUrlFor(baseUrl, name);
    database = await openDatabase({ databaseUrl, dataDir, poolSize: 5 });
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    });
  } else {
    const dump = await readFile(inject('pgliteTemplate'));
    database = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: new Blob([dump]),
      // A busy machine must not fail a test: the queue's 503 after 3 s is for production load, and the
      // tests of that 503 set their own queue.
      queue: pgliteQueue ?? { maxWaiting: 100_000, maxWaitMs: 300_000 },
    });
  }

  const app = await buildApp({ config, database, extraApiRoutes, redis, logStream });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    config,
    async close() {
      await app.close();
      await database.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

/** Registers beforeAll/afterAll for a test file; read `.app` etc. inside tests. */
export function useTestApp(options?: TestAppOptions): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await buildTestApp(options));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}

/**
 * The `names` events the app publishes, in order, each as its name and payload; subscribed by a
 * beforeAll (register it after the app's). Empty it between tests with `published.length = 0`.
 */
export function usePublished<K extends keyof DomainEvents>(
  test: { app: FastifyInstance },
  names: readonly K[],
): Array<{ name: K; payload: DomainEvents[K] }> {
  const published: Array<{ name: K; payload: DomainEvents[K] }> = [];
  beforeAll(() => {
    for (const name of names) {
      test.app.events.on(name, (payload) => {
        published.push({ name, payload });
      });
    }
  });
  return published;
}

/** The factories that take the database first, as the test app's own: `test.createStore({...})`. */
const DB_FACTORIES = {
  createMerchant: factories.createMerchant,
  createCustomer: factories.createCustomer,
  createStore: factories.createStore,
  createBranch: factories.createBranch,
  createService: factories.createService,
  createOffer: factories.createOffer,
  createStaffMember: factories.createStaffMember,
  createBookingRow: factories.createBookingRow,
  createPendingBooking: factories.createPendingBooking,
  createCompletedVisit: factories.createCompletedVisit,
  createReferralReward: factories.createReferralReward,
};
type WithoutDb<F> = F extends (db: Database['db'], ...rest: infer A) => infer R ? (...rest: A) => R : never;
type DbFactories = { [K in keyof typeof DB_FACTORIES]: WithoutDb<(typeof DB_FACTORIES)[K]> };

export interface ApiTestApp extends TestApp, DbFactories {
  customerToken(userId: string): Promise<string>;
  merchantToken(merchantId: string): Promise<string>;
  /** A new customer (factory overrides) and a bearer token of theirs. */
  customer(
    overrides?: Parameters<typeof factories.createCustomer>[1],
  ): Promise<{ user: Awaited<ReturnType<typeof factories.createCustomer>>; token: string }>;
  /** A new merchant (factory overrides) and a bearer token of theirs. */
  merchant(
    overrides?: Parameters<typeof factories.createMerchant>[1],
  ): Promise<{ merchant: Awaited<ReturnType<typeof factories.createMerchant>>; token: string }>;
  /** A new merchant, a token of theirs and a store of theirs open every day (store overrides). */
  merchantWithStore(overrides?: factories.StoreOverrides): Promise<{
    merchant: Awaited<ReturnType<typeof factories.createMerchant>>;
    token: string;
    store: Awaited<ReturnType<typeof factories.createStore>>;
  }>;
}

/**
 * useTestApp for a file of API tests: the locations and categories stores refer to are seeded
 * before the file's tests; the factories, tokens and customer()/merchant() (a new account with
 * its token) work on the file's app.
 */
export function useApiTestApp(options?: TestAppOptions): ApiTestApp {
  const test = useTestApp(options);
  beforeAll(async () => {
    await factories.seedPlaces(test.app.db);
  });
  const bound = Object.fromEntries(
    Object.entries(DB_FACTORIES).map(([name, make]) => [
      name,
      (...rest: unknown[]) => (make as (db: unknown, ...more: unknown[]) => unknown)(test.app.db, ...rest),
    ]),
  ) as DbFactories;
  const customerToken = (userId: string) => factories.customerToken(test, userId);
  const merchantToken = (merchantId: string) => factories.merchantToken(test, merchantId);
  const merchant = async (overrides: Parameters<typeof factories.createMerchant>[1] = {}) => {
    const account = await bound.createMerchant(overrides);
    return { merchant: account, token: await merchantToken(account.id) };
  };
  return Object.assign(test, bound, {
    customerToken,
    merchantToken,
    async customer(overrides: Parameters<typeof factories.createCustomer>[1] = {}) {
      const user = await bound.createCustomer(overrides);
      return { user, token: await customerToken(user.id) };
    },
    merchant,
    async merchantWithStore(overrides: factories.StoreOverrides = {}) {
      const owner = await merchant();
      const store = await bound.createStore({
        workingDays: factories.ALL_WEEK,
        ...overrides,
        merchantId: owner.merchant.id,
      });
      return { ...owner, store };
    },
  });
}

/** GET `url` with the test API key (and a bearer token if given): expects 200 and answers the JSON body. */
export async function getOk(app: FastifyInstance, url: string, token?: string) {
  const response = await call(app, 'GET', url, { token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** false: send no x-api-key header. */
  apiKey?: string | false;
}

/** app.inject with the test API key and an optional bearer token. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey !== false) headers['x-api-key'] = options.apiKey ?? TEST_API_KEY;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
}
