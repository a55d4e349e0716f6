/**
 * `npm run bench:explain -w bench`: EXPLAIN (ANALYZE, BUFFERS) of the generic plan of every statement
 * the hot public reads run (Hot Deals by location / category / sort / page, a store page, search), on the
 * PostgreSQL bench database (seed it first with `npm run bench` or bench-server.ts). The plans go
 * to bench/plans/<label>.txt (BENCH_PLANS_LABEL, default "current").
 * Environment: BENCH_EXPLAIN_URL (default postgres://postgres@127.0.0.1:5432/d3_bench).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZOfferListQuery, ZSearchQuery } from '@d3/shared/catalogue/catalogue-schemas';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, SESSION_SETTINGS } from '../../apps/api/src/db/client.js';
import * as schema from '../../apps/api/src/db/schema/index.js';
import { listOffers, offersOfStore } from '../../apps/api/src/modules/offers/offers-service.js';
import { search } from '../../apps/api/src/modules/search/search-service.js';
import { getStore } from '../../apps/api/src/modules/stores/stores-service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const url = process.env.BENCH_EXPLAIN_URL ?? 'postgres://postgres@127.0.0.1:5432/d3_bench';
const label = process.env.BENCH_PLANS_LABEL ?? 'current';
// The API's own session settings (no JIT, no parallel workers, generic plans): a plan is timed as it runs.
const pool = new pg.Pool({ connectionString: url, max: 1, options: SESSION_SETTINGS });
const captured: { sql: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  casing: 'snake_case',
  logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
}) as unknown as Db;

const [{ id: storeId } = { id: '' }] = (
  await pool.query<{ id: string }>(
    `select s.id from stores s join merchants m on m.id = s.merchant_id
     where m.email = 'bench-merchant@d3deals.co.ke' order by s.id limit 1`,
  )
).rows;

/** A value as SQL text, for EXECUTE's arguments (an array as its `{…}` literal). */
function literal(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) {
    const items = value.map((item) =>
      item === null ? 'NULL' : `"${String(item).replace(/["\\]/g, (c) => `\\${c}`)}"`,
    );
    return client.escapeLiteral(`{${items.join(',')}}`);
  }
  return client.escapeLiteral(String(value));
}

/**
 * The plan the API runs: its sessions plan each named statement once, generically
 * (`plan_cache_mode=force_generic_plan`, db/client.ts), which a plain EXPLAIN with the values does not
 * show (decision 0820: a custom plan of 1.7 ms hid a generic one of 14 ms). BENCH_EXPLAIN_CUSTOM=true
 * gives the custom plan for the values instead.
 */
async function explain(text: string, params: unknown[]) {
  const custom = process.env.BENCH_EXPLAIN_CUSTOM === 'true';
  const client = await pool.connect();
  try {
    if (custom) {
      await client.query('set plan_cache_mode = force_custom_plan');
      return await client.query(`explain (analyze, buffers) ${text}`, params);
    }
    await client.query(`prepare explained as ${text}`);
    // EXECUTE's arguments are SQL text (a utility statement takes no bound values): literals, typed by
    // the prepared statement's own parameters.
    const args = params.map((value) => literal(client, value)).join(', ');
    return await client.query(`explain (analyze, buffers) execute explained${args ? `(${args})` : ''}`);
  } finally {
    await client.query(custom ? 'reset plan_cache_mode' : 'deallocate explained').catch(() => undefined);
    client.release();
  }
}

const cases: [string, () => Promise<unknown>][] = [
  [
    'hot-deals location page 2',
    () => listOffers(db, ZOfferListQuery.parse({ location: 'westlands', page: '2' })),
  ],
  [
    'hot-deals location+category discount page 3',
    () =>
      listOffers(
        db,
        ZOfferListQuery.parse({
          location: 'mombasa',
          category: 'Beauty & Spa',
          sortBy: 'discount',
          page: '3',
        }),
      ),
  ],
  [
    'hot-deals area price_low_high',
    () => listOffers(db, ZOfferListQuery.parse({ location: 'Nairobi', sortBy: 'price_low_high' })),
  ],
  [
    'hot-deals category only',
    () => listOffers(db, ZOfferListQuery.parse({ category: 'Automotive', page: '5' })),
  ],
  ['store page', () => getStore(db, storeId)],
  ['store page offers', () => offersOfStore(db, storeId)],
  ['search word', () => search(db, ZSearchQuery.parse({ query: 'massage' }))],
  ['search typo', () => search(db, ZSearchQuery.parse({ query: 'masage' }))],
  ['search word+place', () => search(db, ZSearchQuery.parse({ query: 'massage westlands' }))],
  [
    'search word, location filter',
    () => search(db, ZSearchQuery.parse({ query: 'pizza', location: 'westlands' })),
  ],
  // The mixed stream's slowest kinds at 10x (stop 57): a prefix that starts several terms, two words.
  ['search prefix of several terms', () => search(db, ZSearchQuery.parse({ query: 'mani' }))],
  ['search two words', () => search(db, ZSearchQuery.parse({ query: 'massage manicure' }))],
];

const out: string[] = [`# EXPLAIN (ANALYZE, BUFFERS) — ${label}, ${new Date().toISOString()}`, ''];
for (const [name, run] of cases) {
  // Twice: the first run fills per-process caches (locations, 30 s totals); the second is the hot path.
  await run();
  captured.length = 0;
  await run();
  out.push(`## ${name}`, '');
  for (const { sql, params } of captured) {
    const plan = await explain(sql, params);
    out.push('```sql', sql, `-- params: ${JSON.stringify(params)}`, '```', '```');
    for (const row of plan.rows) out.push(String(row['QUERY PLAN']));
    out.push('```', '');
  }
}
mkdirSync(path.join(here, '..', 'plans'), { recursive: true });
writeFileSync(path.join(here, '..', 'plans', `${label}.md`), `${out.join('\n')}\n`);
await pool.end();
console.log(`bench/plans/${label}.md: ${cases.length} cases`);
