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

/**
 * A store open every day (08:00-18:00) with a 60-minute service of capacity 1 that confirms its
 * bookings, written in SQL on the demo catalogue's first location, category and merchant.
 */
export async function insertBookableService(
  db: pg.ClientBase,
  names: { store: string; service: string },
): Promise<{ store: { id: string }; service: { id: string } }> {
  const [place] = (
    await db.query<{ location: string; category: string; merchant: string }>(
      `select (select id from locations order by id limit 1) as location,
              (select name from categories order by name limit 1) as category,
              (select id from merchants order by created_at limit 1) as merchant`,
    )
  ).rows;
  if (!place?.merchant) throw new Error('the demo catalogue is missing');
  const [store] = (
    await db.query<{ id: string }>(
      `insert into stores (merchant_id, name, category, location_id, opening_time, closing_time, working_days)
       values ($1, $4, $2, $3, '08:00', '18:00',
               ARRAY['Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday']) returning id`,
      [place.merchant, place.category, place.location, names.store],
    )
  ).rows;
  if (!store) throw new Error('the store was not written');
  const [service] = (
    await db.query<{ id: string }>(
      `insert into services (store_id, name, category, price, duration, max_concurrent_bookings, auto_confirm_bookings)
       values ($1, $3, $2, 800, 60, 1, true) returning id`,
      [store.id, place.category, names.service],
    )
  ).rows;
  if (!service) throw new Error('the service was not written');
  return { store, service };
}
