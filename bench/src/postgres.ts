import pg from 'pg';

const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, empty PostgreSQL database for one benchmark (dropped and created again), or undefined
 * with a note when no server answers at BENCH_PG_ADMIN_URL. BENCH_PG_REUSE=true keeps the database
 * when it is there (its catalogue only topped up): for A/B runs of one change at 10x, where loading
 * 500,000 offers again takes ~8 minutes a run.
 */
export async function createBenchDatabase(
  name: string,
): Promise<{ url: string; serverVersion: string } | undefined> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    const reuse = process.env.BENCH_PG_REUSE === 'true';
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (!reuse || !exists) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    }
    const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]
      ?.server_version;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { url: url.toString(), serverVersion: version ?? '?' };
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${adminUrl}: ${(error as Error).message}; skipping it.`);
    return undefined;
  } finally {
    await admin.end().catch(() => undefined);
  }
}
