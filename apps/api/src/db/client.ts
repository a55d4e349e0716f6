import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.js';
import { QueryQueue, queued } from './query-queue.js';
import * as schema from './schema/index.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/** One Drizzle type for both drivers: the query builder API is identical. */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query; throws when the database is unreachable. */
  ping(): Promise<void>;
  /** What /metrics reports (issue 35): the pool's connections in use and waiting callers, or PGlite's queue. */
  stats(): DatabaseStats;
  /** PGlite: its data directory as a gzipped tar (a consistent copy, taken between statements). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseStats =
  | { kind: 'postgres'; total: number; idle: number; waiting: number; max: number }
  | { kind: 'pglite'; queueDepth: number };

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir: string;
  /** PGlite only: start from a dump of an already migrated database (tests). */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  /** PGlite: the bounded query queue (db/query-queue.ts); defaults 256 waiting, 3 s. */
  queue?: { maxWaiting: number; maxWaitMs: number } | undefined;
  /** PGlite: shared_buffers in MB; unset, PGlite's default (128). */
  sharedBuffersMb?: number | undefined;
  /** PostgreSQL: told about idle connections the server dropped (they are replaced). */
  onIdleError?: (error: Error) => void;
}

/** The database the loaded config names (DATABASE_URL, else PGlite in DATA_DIR), as openDatabase takes it. */
export function databaseOptions(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  databasePoolSize: number;
  pgliteQueue?: DatabaseOptions['queue'];
  pgliteSharedBuffersMb?: number;
}): DatabaseOptions {
  return {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    queue: config.pgliteQueue,
    sharedBuffersMb: config.pgliteSharedBuffersMb,
  };
}

/**
 * Every PostgreSQL session of the pool (issue 16, docs/decisions.md "Search from its own index"):
 * the hot reads are named statements whose plans do not depend on their values (an index walk by
 * a term, a location, a store id), so each connection plans them once (force_generic_plan; the
 * default re-planned the store search on every call, 0.5-0.7 ms, longer than running it); and no
 * JIT compilation, which a generic plan's cost estimate can trigger for a 1 ms query at a cost of
 * ~9 ms (seen on the search statement while it was written); and no parallel workers (decision
 * 0819): a generic plan does not know its LIMIT, so it planned an area's category list of 12 rows
 * for ~1,900 and ran it as a parallel index scan, 16 ms at 500,000 offers against 0.7-1.1 ms without.
 */
export const SESSION_SETTINGS =
  '-c plan_cache_mode=force_generic_plan -c jit=off -c max_parallel_workers_per_gather=0';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: SESSION_SETTINGS,
      // A database that does not answer fails the request (503) instead of leaving it waiting.
      connectionTimeoutMillis: 5000,
    });
    // An idle connection the server drops (restart, failover, DROP DATABASE … FORCE in tests) emits
    // 'error' on the pool; without a listener that would crash the process. The pool replaces it.
    pool.on('error', (error) => options.onIdleError?.(error));
    // A connection checked out of the pool (a transaction between statements, the reconciliation's
    // advisory-lock session) has no pool listener: its server-side end (pg_terminate_backend, a
    // restart) would be an unhandled 'error' event and end the process (issue 35). Its next query
    // fails instead (503), and the pool drops it when released.
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onIdleError?.(error));
    });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      stats: () => ({
        kind: 'postgres',
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: options.poolSize ?? 10,
      }),
      close: once(() => pool.end()),
    };
  }
  const dataDir = options.dataDir === 'memory://' ? undefined : path.join(options.dataDir, 'pglite');
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // Two processes on one PGlite directory corrupt it (issue 14): the second refuses to start.
  const release = dataDir ? await acquireDataDirLock(options.dataDir) : async () => undefined;
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      extensions: { pg_trgm },
      ...(options.sharedBuffersMb
        ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffersMb}MB`] }
        : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    await release();
    throw error;
  }
  const queue = new QueryQueue(options.queue ?? { maxWaiting: 256, maxWaitMs: 3000 });
  const db = drizzlePglite(queued(client, queue), { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    stats: () => ({ kind: 'pglite', queueDepth: queue.depth }),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: once(async () => {
      try {
        await client.close();
      } finally {
        await release();
      }
    }),
  };
}

/** Closing twice (a test that breaks the connection on purpose, then cleans up) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

/** Applies the committed SQL migrations in order; safe to run on every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await migratePg(database.db, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}
